// Agent availability in a period from agent_status_events, as SQL: for each member of the
// account, the time they were 'available' (a tstzmultirange) and the seconds they were 'away'.
// A state runs from its event to the next one (or to now); the last event before the period
// tells the state the period starts in.
import { type SQL, sql } from 'drizzle-orm';
import type { ReportScope } from './scope';

/** Rows (user_id, available tstzmultirange, away_seconds float8) for every member. */
export function availabilityOf(scope: ReportScope): SQL {
  const { accountId, from, to } = scope;
  return sql`(
    with ev as (
      select e.user_id, e.status, e.at from agent_status_events e
      where e.account_id = ${accountId} and e.at >= ${from} and e.at < ${to}
      union all
      select m.user_id, p.status, p.at from memberships m
      cross join lateral (
        select e.status, e.at from agent_status_events e
        where e.account_id = ${accountId} and e.user_id = m.user_id and e.at < ${from}
        order by e.at desc limit 1
      ) p
      where m.account_id = ${accountId}
    ),
    spans as (
      select user_id, status,
        greatest(at, ${from}) as s,
        least(coalesce(lead(at) over (partition by user_id order by at), now()), ${to}, now()) as e
      from ev
    )
    select user_id,
      coalesce(range_agg(tstzrange(s, e)) filter (where status = 'available'), '{}'::tstzmultirange) as available,
      coalesce(sum(extract(epoch from e - s)) filter (where status = 'away'), 0)::float8 as away_seconds
    from spans where s < e
    group by user_id
  )`;
}

/**
 * Rows (user_id, busy tstzmultirange): when each agent had at least one accepted chat open —
 * from acceptance to closing; an expired chat ends at its last message, an open one now.
 * Chats that started up to 7 days before the period are looked at (older ones have expired).
 *
 * range_agg sorts its ranges when it finishes, and PostgreSQL's sort returns at once on input
 * already in order: rows sorted by (busy_from, busy_to) first (plain timestamps, a cheap sort)
 * reach each agent's aggregate in that order, which makes a month of chats several times faster.
 */
export function busyOf(scope: ReportScope): SQL {
  return sql`(
    select user_id, range_agg(busy) as busy from (
      select x.user_id, x.busy from ${assignedChats(scope)} x where x.busy is not null
      order by x.busy_from, x.busy_to
    ) x
    group by user_id
  )`;
}

/** How far before the period a chat may have started and still be open in it. */
export const BUSY_LOOKBACK = sql.raw(`interval '7 days'`);

/**
 * The assigned live chats that may overlap the period (started up to 7 days before it), with
 * `in_period` (started in it), `incoming` and `busy` (the part of the period during which the chat
 * was accepted and open; null when none; its bounds as `busy_from` and `busy_to`). Agent
 * performance reads chats and busy time in this one pass.
 */
export function assignedChats(scope: ReportScope): SQL {
  const { accountId, from, to } = scope;
  return sql`(
    select l.user_id, l.started_at, l.first_response_at, l.closed_at, l.is_done, l.is_missed, l.is_expired,
      l.started_at >= ${from} as in_period,
      not (l.taken_at is not null and l.taken_at = l.started_at) as incoming,
      case when b.s < b.e then tstzrange(b.s, b.e) end as busy, b.s as busy_from, b.e as busy_to
    from livechats l
    cross join lateral (
      select greatest(l.accepted_at, ${from}) as s,
        least(
          case
            when l.closed_at is not null then l.closed_at
            when l.is_expired or l.is_missed then greatest(l.accepted_at, l.last_customer_at, l.last_agent_at)
            else now()
          end, ${to}, now()) as e
    ) b
    where l.account_id = ${accountId} and l.user_id is not null
      and l.started_at >= ${from} - ${BUSY_LOOKBACK} and l.started_at < ${to}
  )`;
}

/** Seconds covered by a tstzmultirange expression. */
export const secondsOf = (multirange: SQL) =>
  sql`coalesce((select sum(extract(epoch from upper(r) - lower(r))) from unnest(${multirange}) r), 0)::float8`;
