// Agent performance (spec 2, report row of spec 3): per member of the account, the chats assigned
// to them that started in the period, their response and chat times, availability and utilization.
import { sql } from 'drizzle-orm';
import type { AgentPerformanceReport, AgentRow, ChatCountRow } from '../../core/reports/wire';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { assignedChats, availabilityOf, secondsOf } from './availability';
import { botReplyChatIds, type CountRow, chatsIn, countRow } from './chats';
import { nonNull, sumCounts } from './chatVolume';
import { runReport } from './run';
import type { ReportScope } from './scope';

interface AgentSql extends Partial<Record<keyof CountRow, number | null>> {
  user_id: string;
  name: string;
  sort_name: string;
  first_resp_sum: number | null;
  first_resp_n: number | null;
  duration_sum: number | null;
  duration_n: number | null;
  available_seconds: number;
  busy_available_seconds: number;
  away_seconds: number;
}

export type AgentSort = 'name' | '-name';

export async function agentPerformance(
  ctx: AppContext,
  scope: ReportScope,
  sort: AgentSort = 'name',
): Promise<AgentPerformanceReport> {
  // Reads side by side: the members, the assigned chats (counts, times and busy time in one pass,
  // with availability), and the bot's chats; without parallel workers, which on a small machine
  // would take the cores the longest of them (range_agg, which cannot use workers) needs.
  const serial = { parallel: false };
  const [members, chats, bots] = await Promise.all([
    runReport(
      ctx,
      sql`
      select m.user_id, u.display_name as name,
        lower(coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.display_name)) as sort_name
      from memberships m join users u on u.id = m.user_id
      where m.account_id = ${scope.accountId}`,
      serial,
    ),
    runReport(
      ctx,
      sql`
      with c as ${assignedChats(scope)},
      per as (
        select c.user_id,
          count(*) filter (where c.in_period and c.incoming)::int as count_incoming,
          count(*) filter (where c.in_period and not c.incoming)::int as count_outgoing,
          count(*) filter (where c.in_period and c.is_missed)::int as count_missed,
          count(*) filter (where c.in_period and c.is_expired)::int as count_expired,
          count(*) filter (where c.in_period)::int as count_total,
          sum(extract(epoch from c.first_response_at - c.started_at))
            filter (where c.in_period and c.incoming and c.first_response_at is not null)::float8 as first_resp_sum,
          count(*) filter (where c.in_period and c.incoming and c.first_response_at is not null)::int as first_resp_n,
          sum(extract(epoch from c.closed_at - c.started_at))
            filter (where c.in_period and c.is_done and c.closed_at is not null)::float8 as duration_sum,
          count(*) filter (where c.in_period and c.is_done and c.closed_at is not null)::int as duration_n,
          range_agg(c.busy) filter (where c.busy is not null) as busy
        -- In busy order, so that range_agg's closing sort finds its input sorted (see busyOf).
        from (select * from c order by c.busy_from, c.busy_to) c group by c.user_id
      ),
      av as ${availabilityOf(scope)}
      select coalesce(per.user_id, av.user_id) as user_id, per.count_incoming, per.count_outgoing, per.count_missed,
        per.count_expired, per.count_total, per.first_resp_sum, per.first_resp_n, per.duration_sum, per.duration_n,
        ${secondsOf(sql`av.available`)} as available_seconds,
        ${secondsOf(sql`av.available * coalesce(per.busy, '{}'::tstzmultirange)`)} as busy_available_seconds,
        coalesce(av.away_seconds, 0)::float8 as away_seconds
      from per full join av on av.user_id = per.user_id`,
      serial,
    ),
    runReport(
      ctx,
      sql`
      with c as ${chatsIn(scope)}
      select c.user_id, count(*)::int as count_bot from c
      where c.user_id is not null and c.id in ${botReplyChatIds(scope)}
      group by c.user_id`,
      serial,
    ),
  ]);
  const byUser = <T extends { user_id: string }>(result: unknown) =>
    new Map(rowsOf<T>(result).map((r) => [r.user_id, r]));
  const chatsOf = byUser<AgentSql>(chats);
  const botsOf = byUser<{ user_id: string; count_bot: number }>(bots);
  const rows: AgentSql[] = rowsOf<{ user_id: string; name: string; sort_name: string }>(members).map((m) => ({
    first_resp_sum: null,
    first_resp_n: null,
    duration_sum: null,
    duration_n: null,
    ...chatsOf.get(m.user_id),
    ...m,
    count_bot: botsOf.get(m.user_id)?.count_bot ?? 0,
    available_seconds: chatsOf.get(m.user_id)?.available_seconds ?? 0,
    busy_available_seconds: chatsOf.get(m.user_id)?.busy_available_seconds ?? 0,
    away_seconds: chatsOf.get(m.user_id)?.away_seconds ?? 0,
  }));
  // Nothing to measure (no replied chat, no available time) is null, not 0 (docs/api.md).
  const ratio = (sum: number | null, n: number | null) => (n ? Math.round((sum ?? 0) / n) : null);
  const percent = (part: number, whole: number) => (whole > 0 ? round2((part / whole) * 100) : null);
  const agents: AgentRow[] = rows.map((r) => ({
    ...countRow(nonNull(r)),
    count_total: r.count_total ?? 0,
    user_id: r.user_id,
    name: r.name,
    fullnameSort: r.sort_name,
    chat_utilization: percent(r.busy_available_seconds, r.available_seconds),
    away_duration: Math.round(r.away_seconds),
    avg_first_resp_time: ratio(r.first_resp_sum, r.first_resp_n),
    avg_chat_duration: ratio(r.duration_sum, r.duration_n),
  }));
  const dir = sort === '-name' ? -1 : 1;
  agents.sort(
    (a, b) =>
      dir *
      ((a.fullnameSort ?? '').localeCompare(b.fullnameSort ?? '') || a.user_id.localeCompare(b.user_id)),
  );
  const sum = (pick: (r: AgentSql) => number | null) => rows.reduce((n, r) => n + (pick(r) ?? 0), 0);
  const total: ChatCountRow = {
    ...countRow(sumCounts(agents)),
    chat_utilization: percent(
      sum((r) => r.busy_available_seconds),
      sum((r) => r.available_seconds),
    ),
    away_duration: Math.round(sum((r) => r.away_seconds)),
    avg_first_resp_time: ratio(
      sum((r) => r.first_resp_sum),
      sum((r) => r.first_resp_n),
    ),
    avg_chat_duration: ratio(
      sum((r) => r.duration_sum),
      sum((r) => r.duration_n),
    ),
  } as ChatCountRow;
  return { period: scope.period, timezone: scope.timezone, rows: agents, total };
}

export const round2 = (n: number) => Math.round(n * 100) / 100;
