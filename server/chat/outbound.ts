// An agent (or the bot) sends a message: stored first (outboundStore.ts), acknowledged, then
// delivered to the channel. A retry with the same temp_id returns the stored message; nothing is
// sent twice.
import { and, eq } from 'drizzle-orm';
import type { QueueScope } from '../../core/access/queues';
import type { MessageItem } from '../../core/models/message';
import { AGENT_EVENTS } from '../../core/realtime/events';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { newId } from '../accounts/ids';
import type { AppContext } from '../context';
import { NotFound } from '../http/errors';
import { deliverMessage } from './delivery';
import { followerToWireOne, userSummaries } from './followerView';
import { emitChat } from './notify';
import { type OutboundValues, storeOutbound } from './outboundStore';
import { followers, messages } from './schema';
import { itemsText, messageToWire, type UserSummary, type WireFollower, type WireMessage } from './serialize';

export interface OutboundMessage {
  accountId: string;
  followerId: string;
  /** The agent who sends; null for the bot or the system. */
  userId: string | null;
  fromType?: 'agent' | 'bot' | 'system';
  items: MessageItem[];
  tempId?: string | null;
  /** The sender's queue visibility, checked under the lock (a chat they may not see is a 404). */
  queueScope?: QueueScope;
  /** The same as a function, for senders that have no scope at hand (checked as in storeCheckedBy). */
  canSeeQueue?: (queueId: string | null) => boolean;
}

export interface OutboundResult {
  follower: WireFollower;
  message: WireMessage;
  created: boolean;
}

export async function userSummary(ctx: AppContext, userId: string | null): Promise<UserSummary | null> {
  if (!userId) return null;
  return (await userSummaries(ctx.db, [userId])).get(userId) ?? null;
}

export async function sendMessage(ctx: AppContext, input: OutboundMessage): Promise<OutboundResult> {
  const at = new Date();
  const text = itemsText(input.items);
  const values = {
    accountId: input.accountId,
    followerId: input.followerId,
    messageId: newId(),
    tempId: input.tempId ?? null,
    at,
    fromType: input.fromType ?? 'agent',
    userId: input.userId,
    items: input.items,
    text,
  } as const;
  const stored = input.canSeeQueue
    ? await storeCheckedBy(ctx, values, input.canSeeQueue)
    : await storeOutbound(ctx, { ...values, scope: input.queueScope ?? { all: true } });
  if (!stored) throw new NotFound(SERVER_MESSAGES.chatMissing);

  const row = stored.followerRow;
  const known = row.livechatId && stored.livechat ? new Map([[row.livechatId, stored.livechat]]) : undefined;
  const [follower, userInfo] = await Promise.all([
    followerToWireOne(ctx.db, row, known),
    userSummary(ctx, stored.messageRow.fromId),
  ]);
  const message = messageToWire(stored.messageRow, userInfo);
  if (stored.created) {
    await emitChat(
      ctx,
      { accountId: input.accountId, queueId: row.lcQueueId, followerId: follower._id },
      AGENT_EVENTS.GET_CHAT,
      { follower, message },
    );
    // Delivery happens after the answer; its outcome arrives as MESSAGE_STATUS. The message was
    // stored claimed for this process, so no other delivery takes it meanwhile.
    void deliverMessage(ctx, stored.messageRow.id, {
      messageRow: stored.messageRow,
      followerRow: row,
      follower,
      message,
    });
  }
  return { follower, message, created: stored.created };
}

/**
 * A sender whose visibility is a function (not a queue scope): it is asked about the chat's queue
 * as read first, and the statement stores only while the chat is still in that queue (a chat
 * moved meanwhile is read and asked about again).
 */
async function storeCheckedBy(
  ctx: AppContext,
  values: Omit<OutboundValues, 'scope'>,
  canSeeQueue: (queueId: string | null) => boolean,
) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await ctx.db
      .select({ queueId: followers.lcQueueId })
      .from(followers)
      .where(and(eq(followers.id, values.followerId), eq(followers.accountId, values.accountId)))
      .limit(1);
    if (!row || !canSeeQueue(row.queueId)) return null;
    const scope = { all: false, noQueue: row.queueId === null, queueIds: row.queueId ? [row.queueId] : [] };
    const stored = await storeOutbound(ctx, { ...values, scope });
    if (stored) return stored;
  }
  return null;
}

/** Sends a failed message again (spec 4: a fail can be resent). */
export async function resendMessage(
  ctx: AppContext,
  accountId: string,
  messageId: string,
  canSeeQueue?: (queueId: string | null) => boolean,
): Promise<WireMessage> {
  const [found] = await ctx.db
    .select({ message: messages, queueId: followers.lcQueueId })
    .from(messages)
    .innerJoin(followers, eq(followers.id, messages.followerId))
    .where(and(eq(messages.id, messageId), eq(messages.accountId, accountId), eq(messages.type, 'reply')))
    .limit(1);
  if (!found || (canSeeQueue && !canSeeQueue(found.queueId)))
    throw new NotFound(SERVER_MESSAGES.messageMissing);
  // Only a failed message goes out again; a sent or still pending one is answered as it is.
  const [row] = await ctx.db
    .update(messages)
    .set({ delivery: 'pending', deliveryError: null, deliveryAttempts: 0, deliveryClaimedUntil: null })
    .where(and(eq(messages.id, messageId), eq(messages.delivery, 'failed')))
    .returning();
  if (row) void deliverMessage(ctx, row.id);
  return messageToWire(row ?? found.message, await userSummary(ctx, found.message.fromId));
}
