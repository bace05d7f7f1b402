// The chats behind a number (spec 9 chat-log modal): the live chats of one category in the
// period, narrowed to a day, an hour of the day, an agent, a queue or a channel type. Each names a
// contact, so chats of queues the reader may not see (spec 6) are counted apart, not listed.
import { sql } from 'drizzle-orm';
import type { ChatLogCategory } from '../../core/models/report';
import { CHAT_LOG_TITLES } from '../../core/models/report';
import { isIsoDay } from '../../core/reports/period';
import type { ChatLogEntry, ChatLogFilter, ChatLogPage } from '../../core/reports/wire';
import { MESSAGES } from '../../core/validation/rules';
import { type Viewer, visibleQueueSql } from '../chat/viewer';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { Invalid } from '../http/errors';
import { botReplyChatIds, categoryCondition, chatsIn } from './chats';
import { NO_QUEUE } from './queuePerformance';
import { runReport } from './run';
import { type ReportScope, scopeOf } from './scope';

export const CHAT_LOG_MAX_LIMIT = 100;

export interface ChatLogQuery {
  category: ChatLogCategory;
  filter: ChatLogFilter;
  skip: number;
  limit: number;
}

function text(q: Record<string, unknown>, key: string): string | undefined {
  const v = q[key];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string' || v.length > 64) throw new Invalid(key, MESSAGES.required);
  return v;
}

function int(q: Record<string, unknown>, key: string, min: number, max: number, fallback: number): number {
  const v = q[key];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new Invalid(key, MESSAGES.number);
  return n;
}

export function chatLogQuery(q: Record<string, unknown>): ChatLogQuery {
  const category = q.category;
  if (typeof category !== 'string' || !Object.hasOwn(CHAT_LOG_TITLES, category))
    throw new Invalid('category', MESSAGES.required);
  const date = text(q, 'date');
  if (date !== undefined && !isIsoDay(date)) throw new Invalid('date', MESSAGES.time);
  const hour = q.hour === undefined || q.hour === '' ? undefined : int(q, 'hour', 0, 23, 0);
  const filter: ChatLogFilter = {
    ...(date ? { date } : {}),
    ...(hour !== undefined ? { hour } : {}),
    ...(text(q, 'agent_id') ? { agent_id: text(q, 'agent_id') } : {}),
    ...(text(q, 'queue_id') ? { queue_id: text(q, 'queue_id') } : {}),
    ...(text(q, 'channel_type') ? { channel_type: text(q, 'channel_type') } : {}),
  };
  return {
    category: category as ChatLogCategory,
    filter,
    skip: int(q, 'skip', 0, 1_000_000, 0),
    limit: int(q, 'limit', 1, CHAT_LOG_MAX_LIMIT, 50),
  };
}

interface LogSql {
  id: string;
  follower_id: string;
  line_name: string;
  channel_type: string;
  user_id: string | null;
  agent_name: string | null;
  queue_id: string | null;
  queue_name: string | null;
  started_at: string;
  first_response_at: string | null;
  closed_at: string | null;
  is_done: boolean;
  is_missed: boolean;
  is_expired: boolean;
}

const local = (column: string, tz: string) =>
  sql`to_char(${sql.raw(column)} at time zone ${tz}::text, 'YYYY-MM-DD"T"HH24:MI:SS')`;

export async function chatLog(
  ctx: AppContext,
  scope: ReportScope,
  query: ChatLogQuery,
  viewer: Pick<Viewer, 'seesAllQueues' | 'visibleQueueIds'>,
): Promise<ChatLogPage> {
  const { filter } = query;
  const tz = scope.timezone;
  const { start_date, end_date } = scope.period;
  // One day of the period reads only that day.
  const narrowed =
    filter.date && filter.date >= start_date && filter.date <= end_date
      ? scopeOf(scope.accountId, tz, { ...scope.period, start_date: filter.date, end_date: filter.date })
      : scope;
  if (filter.date && narrowed === scope)
    return {
      period: scope.period,
      timezone: tz,
      category: query.category,
      list: [],
      total_count: 0,
      hidden_count: 0,
    };
  // Bot chats of an agent are the agent's chats in which the bot replied (agent performance).
  const agentBot = query.category === 'bot' && filter.agent_id !== undefined;
  const conditions = [
    agentBot ? sql`c.id in ${botReplyChatIds(narrowed)}` : categoryCondition(query.category, narrowed),
  ];
  if (filter.hour !== undefined)
    conditions.push(sql`extract(hour from c.started_at at time zone ${tz}::text) = ${filter.hour}`);
  if (filter.agent_id) conditions.push(sql`c.user_id = ${filter.agent_id}`);
  if (filter.queue_id)
    conditions.push(
      filter.queue_id === NO_QUEUE
        ? sql`(c.queue_id is null or not exists (select 1 from queues q where q.id = c.queue_id))`
        : sql`c.queue_id = ${filter.queue_id}`,
    );
  if (filter.channel_type) conditions.push(sql`f.channel_type = ${filter.channel_type}`);
  const where = sql.join(conditions, sql` and `);
  const visible = visibleQueueSql(viewer, sql`c.queue_id`);
  // The page reads the newest chats by index; the count runs beside it.
  const [page, counted] = await Promise.all([
    runReport(
      ctx,
      sql`
      with c as ${chatsIn(narrowed)}
      select c.id, c.follower_id, f.line_name, f.channel_type, c.user_id, u.display_name as agent_name,
        c.queue_id, q.name as queue_name, c.is_done, c.is_missed, c.is_expired,
        ${local('c.started_at', tz)} as started_at,
        ${local('c.first_response_at', tz)} as first_response_at,
        ${local('c.closed_at', tz)} as closed_at
      from c
      join followers f on f.id = c.follower_id
      left join users u on u.id = c.user_id
      left join queues q on q.id = c.queue_id
      where ${where} and ${visible}
      order by c.started_at desc, c.id desc
      limit ${query.limit} offset ${query.skip}`,
    ),
    runReport(
      ctx,
      sql`
      with c as ${chatsIn(narrowed)}
      select count(*) filter (where ${visible})::int as n, count(*)::int as every
      from c join followers f on f.id = c.follower_id where ${where}`,
    ),
  ]);
  const rows = rowsOf<LogSql>(page);
  const list: ChatLogEntry[] = rows.map((r) => ({
    livechat_id: r.id,
    follower: { _id: r.follower_id, name: r.line_name, channel_type: r.channel_type },
    agent: r.user_id ? { _id: r.user_id, name: r.agent_name ?? '' } : null,
    queue: r.queue_id && r.queue_name !== null ? { _id: r.queue_id, name: r.queue_name } : null,
    started_at: r.started_at,
    first_response_at: r.first_response_at,
    closed_at: r.closed_at,
    status: r.is_missed ? 'missed' : r.is_expired ? 'expired' : r.is_done ? 'done' : 'open',
  }));
  const { n = 0, every = 0 } = rowsOf<{ n: number; every: number }>(counted)[0] ?? {};
  return {
    period: scope.period,
    timezone: tz,
    category: query.category,
    list,
    total_count: n,
    hidden_count: every - n,
  };
}
