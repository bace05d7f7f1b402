// Live chats as reports count them (docs/api.md "Report figures"). A live chat belongs to the day
// and hour it started in, in the account's time zone, and to the agent it is assigned to.
//  - outgoing: opened by an agent — a take or an assignment of a conversation with no open chat
//    starts a live chat already taken (taken_at = started_at, server/chat/lifecycle.ts);
//  - incoming: every other live chat (opened by a customer's message);
//  - bot: no agent was assigned or replied, and the bot replied (within a day after the period);
//  - missed, expired: the live chat's flags; all: every live chat (incoming + outgoing).
// Everything but 'bot' reads the livechats row alone, so a month of chats is one index range.
import { type SQL, sql } from 'drizzle-orm';
import type { ChatLogCategory } from '../../core/models/report';
import type { ReportScope } from './scope';

/** The live chats started in the scope's period, with the `incoming` flag, as a subquery. */
export function chatsIn(scope: ReportScope): SQL {
  const { accountId, from, to } = scope;
  return sql`(
    select l.id, l.follower_id, l.user_id, l.queue_id, l.started_at, l.accepted_at, l.first_response_at,
      l.closed_at, l.is_done, l.is_missed, l.is_expired,
      not (l.taken_at is not null and l.taken_at = l.started_at) as incoming
    from livechats l
    where l.account_id = ${accountId} and l.started_at >= ${from} and l.started_at < ${to}
  )`;
}

/** Ids of live chats the bot replied in, from its replies in the period (and a day after). */
export function botReplyChatIds(scope: ReportScope): SQL {
  const { accountId, from, to } = scope;
  return sql`(
    select m.livechat_id from messages m
    where m.account_id = ${accountId} and m.from_type = 'bot' and m.livechat_id is not null
      and m.created_at >= ${from} and m.created_at < ${to} + interval '1 day'
  )`;
}

/** A bot chat (a row of chatsIn as `c`): no agent, and the bot replied. */
export const agentless = sql`c.user_id is null and c.first_response_at is null`;

/** The condition that puts a chat (a row of chatsIn as `c`) in a chat-log category. */
export function categoryCondition(category: ChatLogCategory, scope: ReportScope): SQL {
  switch (category) {
    case 'bot':
      return sql`(${agentless} and c.id in ${botReplyChatIds(scope)})`;
    case 'incoming':
      return sql`c.incoming`;
    case 'outgoing':
      return sql`not c.incoming`;
    case 'missed':
      return sql`c.is_missed`;
    case 'expired':
      return sql`c.is_expired`;
    default:
      return sql`true`;
  }
}

/** count(*) per category except bot over rows of chatsIn as `c`, named as the report row's fields. */
export const countColumns = () => sql`
  count(*) filter (where c.incoming)::int as count_incoming,
  count(*) filter (where not c.incoming)::int as count_outgoing,
  count(*) filter (where c.is_missed)::int as count_missed,
  count(*) filter (where c.is_expired)::int as count_expired,
  count(*)::int as count_total`;

export interface CountRow {
  count_bot: number;
  count_incoming: number;
  count_outgoing: number;
  count_missed: number;
  count_expired: number;
  count_total: number;
}

export const ZERO_COUNTS: CountRow = {
  count_bot: 0,
  count_incoming: 0,
  count_outgoing: 0,
  count_missed: 0,
  count_expired: 0,
  count_total: 0,
};

/** The spec's report row with only chat counts filled in. */
export function countRow(counts: Partial<CountRow>, extra: { date?: string; time?: string } = {}) {
  return {
    ...ZERO_COUNTS,
    ...counts,
    chat_utilization: 0,
    away_duration: 0,
    avg_first_resp_time: 0,
    avg_chat_duration: 0,
    ...extra,
  };
}
