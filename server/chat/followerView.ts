// Loads followers with what their wire shape needs (channel, queue, assignee) in few queries.
import { inArray } from 'drizzle-orm';
import { channels, users } from '../accounts/schema';
import type { Db } from '../db/client';
import { type followers, queues } from './schema';
import {
  type ChannelInfo,
  followerToWire,
  type QueueSummary,
  type UserSummary,
  type WireFollower,
} from './serialize';

type FollowerRow = typeof followers.$inferSelect;

export async function followersToWire(db: Db, rows: FollowerRow[]): Promise<WireFollower[]> {
  if (rows.length === 0) return [];
  const channelIds = [...new Set(rows.map((r) => r.channelId))];
  const queueIds = [...new Set(rows.map((r) => r.lcQueueId).filter((v): v is string => Boolean(v)))];
  const userIds = [...new Set(rows.map((r) => r.lcUserId).filter((v): v is string => Boolean(v)))];
  const [channelRows, queueRows, userRows] = await Promise.all([
    db
      .select({ id: channels.id, name: channels.name, type: channels.type })
      .from(channels)
      .where(inArray(channels.id, channelIds)),
    queueIds.length
      ? db
          .select({ id: queues.id, name: queues.name, visibility: queues.visibility })
          .from(queues)
          .where(inArray(queues.id, queueIds))
      : Promise.resolve([]),
    userIds.length
      ? db
          .select({ id: users.id, displayName: users.displayName })
          .from(users)
          .where(inArray(users.id, userIds))
      : Promise.resolve([]),
  ]);
  const channelMap = new Map<string, ChannelInfo>(
    channelRows.map((c) => [c.id, { _id: c.id, name: c.name, type: c.type }]),
  );
  const queueMap = new Map<string, QueueSummary>(
    queueRows.map((q) => [q.id, { _id: q.id, name: q.name, visibility: q.visibility }]),
  );
  const userMap = new Map<string, UserSummary>(
    userRows.map((u) => [u.id, { _id: u.id, display_name: u.displayName }]),
  );
  return rows.map((row) =>
    followerToWire(row, {
      channel: channelMap.get(row.channelId),
      queue: row.lcQueueId ? queueMap.get(row.lcQueueId) : null,
      assignee: row.lcUserId ? userMap.get(row.lcUserId) : null,
    }),
  );
}

export async function followerToWireOne(db: Db, row: FollowerRow): Promise<WireFollower> {
  const [wire] = await followersToWire(db, [row]);
  return wire;
}
