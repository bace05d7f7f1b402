// The inbox list in SQL, filtered and ordered on the followers table alone (the lc_* copy of the
// live chat keeps joins out of the filters; only the page's rows look up their live chat's times).
// Every predicate here mirrors a pure rule in core/chat: chat types
// (chatTypes.ts), pinned chats (pinned.ts) and queue visibility (core/access/queues.ts); a
// property test checks that they agree.
import { and, desc, eq, ilike, inArray, isNotNull, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import type { ChatType } from '../../core/chat/chatTypes';
import { built, type Database, type Db } from '../db/client';
import { toFollowerRow } from './rows';
import { followers, livechats } from './schema';
import type { LivechatTimes } from './serialize';
import { TtlCache } from './ttlCache';
import { type Viewer, viewerQueueScope } from './viewer';

const f = followers;
type FollowerRow = typeof followers.$inferSelect;

const closed = () => or(f.lcIsMissed, f.lcIsExpired, f.lcIsDone) as SQL;

/** core/chat/chatTypes.ts#hasLiveChat: serialize.ts sends last_livechat only with a livechat_id. */
export const hasLiveChatWhere = (): SQL => isNotNull(f.livechatId);

/** core/chat/chatTypes.ts#isInInbox. */
export function inboxWhere(): SQL {
  return and(
    hasLiveChatWhere(),
    not(f.isBlock),
    not(f.isSpam),
    not(and(eq(f.mode, 'bot'), f.lcIsDone, not(f.lcIsMissed), not(f.lcIsExpired)) as SQL),
    or(not(f.lcIsDone), f.lcIsMissed, f.lcIsBusiness),
  ) as SQL;
}

/** core/chat/chatTypes.ts#matchesType. */
export function chatTypeWhere(chatType: ChatType): SQL | undefined {
  switch (chatType) {
    case 'all':
      return hasLiveChatWhere();
    case 'inbox':
      return inboxWhere();
    case 'missed':
      return sql`${f.lcIsMissed}`;
    case 'expired':
      return sql`${f.lcIsExpired}`;
    case 'done':
      return sql`${f.lcIsDone}`;
    case 'following':
      return sql`${f.isFollow}`;
    case 'group_room':
      return sql`${f.followerType} <> 'other'`;
    case 'blocked':
      return sql`${f.isBlock}`;
    case 'spam':
      return sql`${f.isSpam}`;
  }
}

/** The viewer's core/access/queues.ts#queueScope as SQL. */
export function visibilityWhere(viewer: Viewer): SQL | undefined {
  const scope = viewerQueueScope(viewer);
  if (scope.all) return undefined;
  const inQueues = scope.queueIds.length > 0 ? inArray(f.lcQueueId, scope.queueIds) : undefined;
  const noQueue = scope.noQueue ? isNull(f.lcQueueId) : undefined;
  return or(noQueue, inQueues) ?? sql`false`;
}

/**
 * core/chat/pinned.ts#isPinned: assigned (to the viewer, or anyone under 'all') and still active.
 * Written so that the followers_active_assignee index serves it.
 */
export function pinnedWhere(viewer: Pick<Viewer, 'userId'>, chatType: ChatType): SQL {
  const assigned = chatType === 'all' ? sql`${f.lcUserId} is not null` : eq(f.lcUserId, viewer.userId);
  return and(assigned, not(closed())) as SQL;
}

/** Exactly the rows pinnedWhere leaves out (never NULL, although lc_user_id may be). */
export function notPinnedWhere(viewer: Pick<Viewer, 'userId'>, chatType: ChatType): SQL {
  return sql`not coalesce(${pinnedWhere(viewer, chatType)}, false)`;
}

export interface FollowersQuery {
  skip: number;
  limit: number;
  chatType: ChatType;
  channelType?: string;
  /** 'me', a user id, or 'queue:<id>'. */
  assigneeId?: string;
  search?: string;
}

/** Matches of everything but the pinned split. */
function baseWhere(viewer: Viewer, q: FollowersQuery): SQL {
  const parts: (SQL | undefined)[] = [
    eq(f.accountId, viewer.accountId),
    chatTypeWhere(q.chatType),
    visibilityWhere(viewer),
  ];
  if (q.channelType) parts.push(eq(f.channelType, q.channelType));
  if (q.assigneeId) {
    if (q.assigneeId.startsWith('queue:')) parts.push(eq(f.lcQueueId, q.assigneeId.slice('queue:'.length)));
    else parts.push(eq(f.lcUserId, q.assigneeId === 'me' ? viewer.userId : q.assigneeId));
  }
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`;
    parts.push(or(ilike(f.lineName, pattern), ilike(f.lineNickname, pattern)));
  }
  return and(...parts) as SQL;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const recent = [sql`${f.lastMessageAt} desc nulls last`, desc(f.id)];

/** Pinned chats are few by nature; more than this is a team problem, not a list to page through. */
export const PINNED_LIMIT = 200;
/** Counting stops here: past it the console shows "10,000+" rather than making every list call slow. */
export const COUNT_CAP = 10_000;

/**
 * The pinned chats and a page of the rest, each with its live chat's times, in one statement:
 * rows come back as JSON (one value to parse instead of some thirty columns per row, which on PGlite
 * cost more than the query), and the statement is prepared once per distinct text (client.ts
 * built). The count is cached apart (cachedCount).
 */
function listStatement(viewer: Viewer, q: FollowersQuery, base: SQL, listWhere: SQL) {
  const page = (where: SQL, tail: SQL) => sql`(
    select coalesce(json_agg(p order by p.last_message_at desc nulls last, p.id desc), '[]'::json) from (
      select ${f}.*, ${livechats.id} as livechat_found, ${livechats.countdownUntil} as livechat_countdown_until,
        ${livechats.lastCustomerAt} as livechat_last_customer_at
      from ${f} left join ${livechats} on ${livechats.id} = ${f.livechatId}
      where ${where}
      order by ${sql.join(recent, sql`, `)}
      ${tail}
    ) p)`;
  const pinned =
    q.skip === 0
      ? page(and(base, pinnedWhere(viewer, q.chatType)) as SQL, sql`limit ${PINNED_LIMIT}`)
      : sql`'[]'::json`;
  const rows = page(listWhere, sql`offset ${q.skip} limit ${q.limit}`);
  return sql`select ${pinned} as pinned, ${rows} as rows`;
}

type Json = Record<string, unknown>;

function rowsWithTimes(list: Json[] | string, times: Map<string, LivechatTimes>): FollowerRow[] {
  const parsed = typeof list === 'string' ? (JSON.parse(list) as Json[]) : list;
  return parsed.map((raw) => {
    const row = toFollowerRow(raw);
    if (raw.livechat_found) {
      const at = (value: unknown) => (value ? new Date(value as string) : null);
      times.set(raw.livechat_found as string, {
        countdownUntil: at(raw.livechat_countdown_until),
        lastCustomerAt: at(raw.livechat_last_customer_at),
      });
    }
    return row;
  });
}

export async function queryFollowers(
  database: Database,
  viewer: Viewer,
  q: FollowersQuery,
): Promise<{ pinned: FollowerRow[]; rows: FollowerRow[]; total: number; times: Map<string, LivechatTimes> }> {
  const base = baseWhere(viewer, q);
  // The page and its count share one condition, built once.
  const listWhere = and(base, notPinnedWhere(viewer, q.chatType)) as SQL;
  const countKey = JSON.stringify([
    viewer.accountId,
    viewer.userId,
    viewer.seesAllQueues || viewer.visibleQueueIds,
    q.chatType,
    q.channelType,
    q.assigneeId,
    q.search,
  ]);
  const [[row], total] = await Promise.all([
    database.run<{ pinned: Json[] | string; rows: Json[] | string }>(
      ...built(listStatement(viewer, q, base, listWhere)),
    ),
    cachedCount(countKey, () => countCapped(database.db, listWhere)),
  ]);
  const times = new Map<string, LivechatTimes>();
  const rows = rowsWithTimes(row.rows, times);
  return { pinned: rowsWithTimes(row.pinned, times), rows, total: pageTotal(q, rows.length, total), times };
}

/**
 * The count a page answers with. A page that ends the list knows it exactly: a chat taken (pinned)
 * or closed a moment ago must not come back as a cached count the console would show until the
 * next refresh. A page with more after it shows at least what it reaches.
 */
export function pageTotal(q: Pick<FollowersQuery, 'skip' | 'limit'>, rows: number, counted: number): number {
  const reached = q.skip + rows;
  return rows < q.limit ? reached : Math.max(counted, reached);
}

/**
 * total_count is a count that grows with data: it is computed once per COUNT_TTL_MS or so for the
 * same list and viewer (one count for callers asking at once; a list still being read is counted
 * again in the background before its count expires), and may lag that much behind. Pages and live
 * events are exact.
 */
export const COUNT_TTL_MS = 5_000;
const counts = new TtlCache<number>(COUNT_TTL_MS);

const cachedCount = (key: string, compute: () => Promise<number>) => counts.load(key, compute);

/** Forgets cached counts (tests that need an exact count at once). */
export function forgetCounts() {
  counts.clear();
}

export async function countCapped(db: Db, where: SQL): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from (select 1 from ${f} where ${where} limit ${COUNT_CAP}) t`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
