// An agent (or the bot) sends a message: stored first, acknowledged, then delivered to the
// channel. A retry with the same temp_id returns the stored message; nothing is sent twice.
import { and, eq, sql } from 'drizzle-orm';
import type { MessageItem } from '../../core/models/message';
import { AGENT_EVENTS } from '../../core/realtime/events';
import { newId } from '../accounts/ids';
import { users } from '../accounts/schema';
import type { AppContext } from '../context';
import { NotFound } from '../http/errors';
import { deliverMessage } from './delivery';
import { followerToWireOne } from './followerView';
import { emitChat } from './notify';
import { followers, livechats, messages } from './schema';
import { itemsText, messageToWire, type UserSummary, type WireFollower, type WireMessage } from './serialize';

export interface OutboundMessage {
  accountId: string;
  followerId: string;
  /** The agent who sends; null for the bot or the system. */
  userId: string | null;
  fromType?: 'agent' | 'bot' | 'system';
  items: MessageItem[];
  tempId?: string | null;
}

export interface OutboundResult {
  follower: WireFollower;
  message: WireMessage;
  created: boolean;
}

async function userSummary(ctx: AppContext, userId: string | null): Promise<UserSummary | null> {
  if (!userId) return null;
  const [u] = await ctx.db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return u ? { _id: u.id, display_name: u.displayName } : null;
}

export async function sendMessage(ctx: AppContext, input: OutboundMessage): Promise<OutboundResult> {
  const at = new Date();
  const text = itemsText(input.items);
  const stored = await ctx.db.transaction(async (tx) => {
    // Locks the conversation so concurrent sends and retries are ordered.
    const [follower] = await tx
      .select()
      .from(followers)
      .where(and(eq(followers.id, input.followerId), eq(followers.accountId, input.accountId)))
      .for('update')
      .limit(1);
    if (!follower) throw new NotFound('This chat does not exist.');
    if (input.tempId) {
      const [existing] = await tx
        .select()
        .from(messages)
        .where(and(eq(messages.followerId, follower.id), eq(messages.tempId, input.tempId)))
        .limit(1);
      if (existing) return { followerRow: follower, messageRow: existing, created: false };
    }
    const [message] = await tx
      .insert(messages)
      .values({
        id: newId(),
        accountId: input.accountId,
        followerId: follower.id,
        livechatId: follower.livechatId,
        type: 'reply',
        fromType: input.fromType ?? 'agent',
        fromId: input.userId,
        tempId: input.tempId ?? null,
        items: input.items,
        text,
        delivery: 'pending',
        createdAt: at,
      })
      .returning();
    if (follower.countNotIsReplied > 0) {
      await tx
        .update(messages)
        .set({ isReplied: true })
        .where(
          and(
            eq(messages.followerId, follower.id),
            eq(messages.type, 'question'),
            eq(messages.isReplied, false),
          ),
        );
    }
    if (follower.livechatId && (input.fromType ?? 'agent') === 'agent') {
      await tx
        .update(livechats)
        .set({ lastAgentAt: at, firstResponseAt: sql`coalesce(${livechats.firstResponseAt}, ${at})` })
        .where(eq(livechats.id, follower.livechatId));
    }
    const [updated] = await tx
      .update(followers)
      .set({ lastMessageAt: at, lastMessageText: text.slice(0, 200), countNotIsReplied: 0, updatedAt: at })
      .where(eq(followers.id, follower.id))
      .returning();
    return { followerRow: updated, messageRow: message, created: true };
  });

  const follower = await followerToWireOne(ctx.db, stored.followerRow);
  const message = messageToWire(stored.messageRow, await userSummary(ctx, stored.messageRow.fromId));
  if (stored.created) {
    await emitChat(
      ctx,
      { accountId: input.accountId, queueId: stored.followerRow.lcQueueId, followerId: follower._id },
      AGENT_EVENTS.GET_CHAT,
      { follower, message },
    );
    // Delivery happens after the answer; its outcome arrives as MESSAGE_STATUS.
    void deliverMessage(ctx, stored.messageRow.id);
  }
  return { follower, message, created: stored.created };
}

/** Sends a failed message again (spec 4: a fail can be resent). */
export async function resendMessage(
  ctx: AppContext,
  accountId: string,
  messageId: string,
): Promise<WireMessage> {
  const [row] = await ctx.db
    .update(messages)
    .set({ delivery: 'pending', deliveryError: null })
    .where(and(eq(messages.id, messageId), eq(messages.accountId, accountId), eq(messages.type, 'reply')))
    .returning();
  if (!row) throw new NotFound('This message does not exist.');
  void deliverMessage(ctx, row.id);
  return messageToWire(row);
}
