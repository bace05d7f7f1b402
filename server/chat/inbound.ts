// A customer's message arrives (widget, LINE, Meta, WeChat): stored once, in one statement, with
// its conversation and live chat (inboundStore.ts), then announced to the agents allowed to see it.
import type { MessageItem } from '../../core/models/message';
import { AGENT_EVENTS } from '../../core/realtime/events';
import type { ChannelType } from '../accounts/schema';
import type { AppContext } from '../context';
import { autoAssignNewChat } from '../settings/assignment';
import { followerToWireOne } from './followerView';
import { type OpenLivechat, storeInbound } from './inboundStore';
import { emitChat, emitToList } from './notify';
import type { followers } from './schema';
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
  /**
   * A widget session read from a cache: the message is stored only while that session still
   * belongs to `externalId` (else WidgetSessionMoved is thrown and nothing is stored).
   */
  widgetSessionId?: string;
  at?: Date;
}

/** What hooks (the bot, server/automation) hear about each new customer message. */
export interface CustomerMessageEvent {
  accountId: string;
  channelType: ChannelType;
  followerId: string;
  message: WireMessage;
  newChat: boolean;
  at: Date;
  /** The conversation and its open live chat right after this message was stored, when known. */
  stored?: { follower: typeof followers.$inferSelect; livechat: OpenLivechat };
}
export type CustomerMessageHandler = (ctx: AppContext, event: CustomerMessageEvent) => Promise<void>;
const customerMessageHandlers = new Set<CustomerMessageHandler>();

/** Runs `handler` after every new customer message is stored and announced (not awaited). */
export function onCustomerMessage(handler: CustomerMessageHandler) {
  customerMessageHandlers.add(handler);
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
  // is_business marks a chat that came in outside business hours (the outside-hours reply
  // answered it): it stays in the inbox even when done, so the team follows it up (spec 4).
  const result = await storeInbound(ctx, {
    accountId: channel.accountId,
    channelId: channel.id,
    channelType: channel.type,
    externalId: input.externalId,
    followerType: input.profile?.followerType ?? 'other',
    name: input.profile?.name?.trim() ?? '',
    image: input.profile?.image,
    isBusiness: !isBusinessTime(settings.business_hours, at),
    at,
    items: input.items,
    text,
    tempId: input.tempId ?? null,
    externalMessageId: input.externalMessageId ?? null,
    eventId: input.eventId ?? null,
    widgetSessionId: input.widgetSessionId ?? null,
  });

  if (!result) return null;
  // The customer's time was just written; a chat already open also told its countdown.
  const row = result.followerRow;
  const known =
    row.livechatId && (result.newChat || result.livechat)
      ? new Map([
          [row.livechatId, { countdownUntil: result.livechat?.countdownUntil ?? null, lastCustomerAt: at }],
        ])
      : undefined;
  const follower = await followerToWireOne(ctx.db, row, known);
  const message = messageToWire(result.messageRow);
  const target = {
    accountId: channel.accountId,
    queueId: result.followerRow.lcQueueId,
    followerId: follower._id,
  };
  if (!result.created) {
    // A client retried a message already stored. Its first answer may have died with the process
    // that stored it, before the agents were told; telling them again is harmless (consoles merge
    // messages by id) and closes that window.
    await emitChat(ctx, target, AGENT_EVENTS.GET_CHAT, { follower, message });
  } else {
    if (result.newChat) await emitToList(ctx, target, AGENT_EVENTS.ADD_CHAT, { follower });
    await emitChat(ctx, target, AGENT_EVENTS.GET_CHAT, { follower, message });
    // A queue with round robin or least busy gives the new chat to an agent (issue 9).
    if (result.newChat)
      await autoAssignNewChat(ctx, result.followerRow).catch((err) =>
        ctx.log.error({ err }, 'automatic assignment failed'),
      );
    const event: CustomerMessageEvent = {
      accountId: channel.accountId,
      channelType: channel.type,
      followerId: follower._id,
      message,
      newChat: result.newChat,
      at,
      // As stored: hooks need not read them again. A new chat may have been assigned meanwhile.
      ...(result.newChat || !result.livechat ? {} : { stored: { follower: row, livechat: result.livechat } }),
    };
    for (const handler of customerMessageHandlers)
      handler(ctx, event).catch((err) =>
        ctx.log.error({ err, followerId: follower._id }, 'customer message hook failed'),
      );
  }
  return { follower, message, created: result.created, newChat: result.newChat };
}
