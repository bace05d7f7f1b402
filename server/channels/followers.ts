// What platform events other than messages do to a conversation (follow, unfollow, join, leave),
// and the record of such events, once each. Messages go through the chat's receiveCustomerMessage.
import { and, eq, sql } from 'drizzle-orm';
import { AGENT_EVENTS } from '../../core/realtime/events';
import { newId } from '../accounts/ids';
import { followerToWireOne } from '../chat/followerView';
import { emitChat } from '../chat/notify';
import { followers } from '../chat/schema';
import type { AppContext } from '../context';
import { channelEvents } from './schema';
import type { PlatformChannel } from './store';

export type FollowerRow = typeof followers.$inferSelect;
export type FollowerType = 'room' | 'group' | 'other';

export interface Profile {
  name?: string;
  image?: string | null;
  followerType?: FollowerType;
}

export async function findFollower(
  ctx: AppContext,
  channel: PlatformChannel,
  externalId: string,
): Promise<FollowerRow | null> {
  const [row] = await ctx.db
    .select()
    .from(followers)
    .where(and(eq(followers.channelId, channel.id), eq(followers.externalId, externalId)))
    .limit(1);
  return row ?? null;
}

/** Records a non-message event once; false when it was recorded before (a redelivery). */
export async function recordChannelEvent(
  ctx: AppContext,
  channel: PlatformChannel,
  event: { key: string; kind: string; followerId: string | null; data?: Record<string, unknown> },
): Promise<boolean> {
  const inserted = await ctx.db
    .insert(channelEvents)
    .values({
      channelId: channel.id,
      eventKey: event.key.slice(0, 300),
      accountId: channel.accountId,
      followerId: event.followerId,
      kind: event.kind,
      data: event.data ?? {},
    })
    .onConflictDoNothing()
    .returning({ key: channelEvents.eventKey });
  return inserted.length > 0;
}

/**
 * The conversation for a customer, group or room, made when new (without a message: a follow or
 * a join opens no chat) and with `blocked` set when given. Agents who can see it hear the change.
 */
export async function upsertFollower(
  ctx: AppContext,
  channel: PlatformChannel,
  externalId: string,
  change: { profile?: Profile; blocked?: boolean },
): Promise<FollowerRow> {
  const name = change.profile?.name?.trim();
  const image = change.profile?.image;
  const at = new Date();
  const [row] = await ctx.db
    .insert(followers)
    .values({
      id: newId(),
      accountId: channel.accountId,
      channelId: channel.id,
      channelType: channel.type,
      externalId,
      followerType: change.profile?.followerType ?? 'other',
      lineName: name ?? '',
      lineImage: image ?? null,
      isBlock: change.blocked ?? false,
    })
    .onConflictDoUpdate({
      target: [followers.channelId, followers.externalId],
      set: {
        lineName: name ? name : sql`${followers.lineName}`,
        lineImage: image !== undefined ? image : sql`${followers.lineImage}`,
        isBlock: change.blocked !== undefined ? change.blocked : sql`${followers.isBlock}`,
        updatedAt: at,
      },
    })
    .returning();
  // A follower the inbox already lists (it has written before) is updated there.
  if (row.lastMessageAt) {
    await emitChat(
      ctx,
      { accountId: row.accountId, queueId: row.lcQueueId, followerId: row.id },
      AGENT_EVENTS.FOLLOWER_PROFILE_UPDATE,
      { follower: await followerToWireOne(ctx.db, row) },
    );
  }
  return row;
}
