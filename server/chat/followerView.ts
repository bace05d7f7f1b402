// Loads followers with what their wire shape needs (channel, queue, assignee). Those names
// change rarely and are read on every list, message and event, so they are cached briefly
// (ttlCache.ts): a warm list costs no query beyond the followers themselves.
import { inArray } from 'drizzle-orm';
import { channels, users } from '../accounts/schema';
import type { Db } from '../db/client';
import { type followers, livechats, queues } from './schema';
import {
  type ChannelInfo,
  followerToWire,
  type LivechatTimes,
  type QueueSummary,
  type UserSummary,
  type WireFollower,
} from './serialize';
import { TtlCache } from './ttlCache';

type FollowerRow = typeof followers.$inferSelect;

const NAMES_TTL_MS = 10_000;
const channelCache = new TtlCache<ChannelInfo | null>(NAMES_TTL_MS, { name: 'channel-names' });
const queueCache = new TtlCache<QueueSummary | null>(NAMES_TTL_MS, { name: 'queue-names' });
const userCache = new TtlCache<UserSummary | null>(NAMES_TTL_MS, { name: 'user-names' });

/** After a rename or a visibility change, so the next read is fresh (in every process). */
export function forgetNames() {
  channelCache.clear();
  queueCache.clear();
  userCache.clear();
}

const loader =
  <V>(fetch: (ids: string[]) => Promise<[string, V][]>) =>
  async (ids: string[]) => {
    const found = new Map<string, V | null>(ids.map((id) => [id, null]));
    for (const [id, value] of await fetch(ids)) found.set(id, value);
    return found;
  };

export function userSummaries(db: Db, ids: readonly string[]) {
  return userCache.getMany(
    ids,
    loader(async (missing) =>
      (
        await db
          .select({ id: users.id, displayName: users.displayName })
          .from(users)
          .where(inArray(users.id, missing))
      ).map((u) => [u.id, { _id: u.id, display_name: u.displayName }] as [string, UserSummary]),
    ),
  );
}

/**
 * Countdown end and last customer message of live chats: one primary-key read, never cached (they
 * change often), unless the caller just wrote or read them (`known`).
 */
async function livechatTimes(
  db: Db,
  ids: string[],
  known?: ReadonlyMap<string, LivechatTimes>,
): Promise<Map<string, LivechatTimes>> {
  const found = new Map<string, LivechatTimes>();
  const missing = new Set<string>();
  for (const id of ids) {
    const times = known?.get(id);
    if (times) found.set(id, times);
    else missing.add(id);
  }
  if (missing.size === 0) return found;
  const rows = await db
    .select({
      id: livechats.id,
      countdownUntil: livechats.countdownUntil,
      lastCustomerAt: livechats.lastCustomerAt,
    })
    .from(livechats)
    .where(inArray(livechats.id, [...missing]));
  for (const r of rows)
    found.set(r.id, { countdownUntil: r.countdownUntil, lastCustomerAt: r.lastCustomerAt });
  return found;
}

export async function followersToWire(
  db: Db,
  rows: FollowerRow[],
  known?: ReadonlyMap<string, LivechatTimes>,
): Promise<WireFollower[]> {
  if (rows.length === 0) return [];
  const present = (v: string | null): v is string => Boolean(v);
  const [channelMap, queueMap, userMap, timesMap] = await Promise.all([
    channelCache.getMany(
      rows.map((r) => r.channelId),
      loader(async (missing) =>
        (
          await db
            .select({ id: channels.id, name: channels.name, type: channels.type })
            .from(channels)
            .where(inArray(channels.id, missing))
        ).map((c) => [c.id, { _id: c.id, name: c.name, type: c.type }] as [string, ChannelInfo]),
      ),
    ),
    queueCache.getMany(
      rows.map((r) => r.lcQueueId).filter(present),
      loader(async (missing) =>
        (
          await db
            .select({ id: queues.id, name: queues.name, visibility: queues.visibility })
            .from(queues)
            .where(inArray(queues.id, missing))
        ).map((q) => [q.id, { _id: q.id, name: q.name, visibility: q.visibility }] as [string, QueueSummary]),
      ),
    ),
    userSummaries(db, rows.map((r) => r.lcUserId).filter(present)),
    livechatTimes(db, rows.map((r) => r.livechatId).filter(present), known),
  ]);
  return rows.map((row) =>
    followerToWire(row, {
      channel: channelMap.get(row.channelId) ?? undefined,
      queue: row.lcQueueId ? queueMap.get(row.lcQueueId) : null,
      assignee: row.lcUserId ? userMap.get(row.lcUserId) : null,
      livechat: row.livechatId ? timesMap.get(row.livechatId) : null,
    }),
  );
}

export async function followerToWireOne(
  db: Db,
  row: FollowerRow,
  known?: ReadonlyMap<string, LivechatTimes>,
): Promise<WireFollower> {
  const [wire] = await followersToWire(db, [row], known);
  return wire;
}
