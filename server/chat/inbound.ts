// A customer's message arrives (widget, LINE, Meta, WeChat): stored once, in one transaction,
// with its conversation and live chat, then announced to the agents allowed to see it.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { MessageItem } from '../../core/models/message';
import { AGENT_EVENTS } from '../../core/realtime/events';
import { newId } from '../accounts/ids';
import type { ChannelType } from '../accounts/schema';
import type { AppContext } from '../context';
import { followerToWireOne } from './followerView';
import { emitChat, emitToList } from './notify';
import { followers, inboundEvents, livechats, messages, queues } from './schema';
import { itemsText, messageToWire, type WireFollower, type WireMessage } from './serialize';
import { isBusinessTime, loadChatSettings } from './settings';

export interface InboundMessage {
  channel: { id: string; accountId: string; type: ChannelType };
  /** The customer's id on that channel (the widget's visitor id, LINE's userId, …). */
  externalId: string;
  profile?: { name?: string; image?: string | null; followerType?: 'room' | 'group' | 'other' };
  items: MessageItem[];
  /** The platform's message id; a repeat is the same message. */
  externalMessageId?: string;
  /** The sender's own id for the message (the widget's temp id); a repeat is the same message. */
  tempId?: string;
  /** The webhook event id; a redelivered event changes nothing. */
  eventId?: string;
  at?: Date;
}

export interface InboundResult {
  follower: WireFollower;
  message: WireMessage;
  /** False when this was a repeat of a message already stored. */
  created: boolean;
  newChat: boolean;
}

export async function receiveCustomerMessage(
  ctx: AppContext,
  input: InboundMessage,
): Promise<InboundResult | null> {
  const { channel } = input;
  const at = input.at ?? new Date();
  const text = itemsText(input.items);
  const settings = await loadChatSettings(ctx.db, channel.accountId);

  const result = await ctx.db.transaction(async (tx) => {
    if (input.eventId) {
      const fresh = await tx
        .insert(inboundEvents)
        .values({ channelId: channel.id, eventId: input.eventId })
        .onConflictDoNothing()
        .returning({ eventId: inboundEvents.eventId });
      if (fresh.length === 0) return null;
    }
    const name = input.profile?.name?.trim();
    const [follower] = await tx
      .insert(followers)
      .values({
        id: newId(),
        accountId: channel.accountId,
        channelId: channel.id,
        channelType: channel.type,
        externalId: input.externalId,
        followerType: input.profile?.followerType ?? 'other',
        lineName: name ?? '',
        lineImage: input.profile?.image ?? null,
      })
      .onConflictDoUpdate({
        target: [followers.channelId, followers.externalId],
        set: {
          lineName: name ? name : sql`${followers.lineName}`,
          lineImage: input.profile?.image !== undefined ? input.profile.image : sql`${followers.lineImage}`,
          isFollow: true,
          updatedAt: at,
        },
      })
      .returning();

    const dedupeKey = input.externalMessageId
      ? eq(messages.externalId, input.externalMessageId)
      : input.tempId
        ? eq(messages.tempId, input.tempId)
        : null;
    if (dedupeKey) {
      const [existing] = await tx
        .select()
        .from(messages)
        .where(and(eq(messages.followerId, follower.id), dedupeKey))
        .limit(1);
      if (existing) return { followerRow: follower, messageRow: existing, created: false, newChat: false };
    }

    const openNew = !follower.livechatId || follower.lcIsDone || follower.lcIsExpired;
    let livechatId = follower.livechatId;
    let lcState = {
      lcUserId: follower.lcUserId,
      lcQueueId: follower.lcQueueId,
      lcIsAccepted: follower.lcIsAccepted,
      lcIsMissed: follower.lcIsMissed,
      lcIsExpired: follower.lcIsExpired,
      lcIsDone: follower.lcIsDone,
      lcIsBusiness: follower.lcIsBusiness,
    };
    if (openNew) {
      const [queue] = await tx
        .select({ id: queues.id })
        .from(queues)
        .where(and(eq(queues.accountId, channel.accountId), eq(queues.isDefault, true)))
        .orderBy(asc(queues.createdAt))
        .limit(1);
      livechatId = newId();
      const isBusiness = !isBusinessTime(settings.business_hours, at);
      await tx.insert(livechats).values({
        id: livechatId,
        accountId: channel.accountId,
        followerId: follower.id,
        queueId: queue?.id ?? null,
        isBusiness,
        startedAt: at,
        lastCustomerAt: at,
      });
      lcState = {
        lcUserId: null,
        lcQueueId: queue?.id ?? null,
        lcIsAccepted: false,
        lcIsMissed: false,
        lcIsExpired: false,
        lcIsDone: false,
        lcIsBusiness: isBusiness,
      };
    } else if (livechatId) {
      await tx.update(livechats).set({ lastCustomerAt: at }).where(eq(livechats.id, livechatId));
    }

    const [message] = await tx
      .insert(messages)
      .values({
        id: newId(),
        accountId: channel.accountId,
        followerId: follower.id,
        livechatId,
        type: 'question',
        fromType: 'customer',
        fromId: follower.id,
        tempId: input.tempId ?? null,
        externalId: input.externalMessageId ?? null,
        items: input.items,
        text,
        newChat: openNew,
        delivery: 'sent',
        createdAt: at,
      })
      .returning();

    const [updated] = await tx
      .update(followers)
      .set({
        ...lcState,
        livechatId,
        lastMessageAt: at,
        lastMessageText: text.slice(0, 200),
        countNotIsReplied: sql`${followers.countNotIsReplied} + 1`,
        updatedAt: at,
      })
      .where(eq(followers.id, follower.id))
      .returning();
    return { followerRow: updated, messageRow: message, created: true, newChat: openNew };
  });

  if (!result) return null;
  const follower = await followerToWireOne(ctx.db, result.followerRow);
  const message = messageToWire(result.messageRow);
  if (result.created) {
    const target = {
      accountId: channel.accountId,
      queueId: result.followerRow.lcQueueId,
      followerId: follower._id,
    };
    if (result.newChat) await emitToList(ctx, target, AGENT_EVENTS.ADD_CHAT, { follower });
    await emitChat(ctx, target, AGENT_EVENTS.GET_CHAT, { follower, message });
  }
  return { follower, message, created: result.created, newChat: result.newChat };
}
