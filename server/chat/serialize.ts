// Database rows → the wire shapes of spec 3 (Follower, Message), in one place.
import { contactExpiresAt, isContactExpired } from '../../core/chat/contactWindow';
import type { MessageItem } from '../../core/models/message';
import type { followers, livechats, messages } from './schema';

type FollowerRow = typeof followers.$inferSelect;
type MessageRow = typeof messages.$inferSelect;
type LivechatRow = typeof livechats.$inferSelect;

export interface ChannelInfo {
  _id: string;
  name: string;
  type: string;
}

export interface QueueSummary {
  _id: string;
  name: string;
  visibility: 'everyone' | 'selected';
}

export interface UserSummary {
  _id: string;
  display_name: string;
  image?: string | null;
}

export const seconds = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : null);

/** What the follower row does not copy from its live chat. */
export interface LivechatTimes {
  countdownUntil: Date | null;
  lastCustomerAt: Date | null;
}

export function followerToWire(
  row: FollowerRow,
  extra: {
    channel?: ChannelInfo;
    queue?: QueueSummary | null;
    assignee?: UserSummary | null;
    livechat?: LivechatTimes | null;
  } = {},
  now = Date.now(),
) {
  const expiresAt = contactExpiresAt(row.channelType, seconds(extra.livechat?.lastCustomerAt));
  const countdownUntil = extra.livechat?.countdownUntil;
  return {
    _id: row.id,
    line_name: row.lineName,
    line_nickname: row.lineNickname,
    line_image: row.lineImage,
    channel_type_info: extra.channel
      ? { _id: extra.channel._id, name: extra.channel.name, type: extra.channel.type }
      : { _id: row.channelId, name: row.channelType, type: row.channelType },
    channel_type: row.channelType,
    user_info: extra.assignee ?? null,
    mode: row.mode,
    is_block: row.isBlock,
    is_spam: row.isSpam,
    is_follow: row.isFollow,
    follower_type: row.followerType,
    contact_detail: Array.isArray(row.profile?.contact_detail)
      ? (row.profile.contact_detail as unknown[])
      : [],
    integration: row.integration,
    // What the widget's setUser() claimed, with whether the site owner's signature proved it.
    widget_identity: (row.profile?.widget_identity as Record<string, unknown> | undefined) ?? null,
    count_not_is_replied: row.countNotIsReplied,
    last_message_text: row.lastMessageText,
    contact_expired: isContactExpired(expiresAt, Math.floor(now / 1000)),
    contact_expires_at: expiresAt,
    last_livechat: row.livechatId
      ? {
          livechat_id: row.livechatId,
          user_id: row.lcUserId,
          queue_id: row.lcQueueId,
          queue_info: extra.queue
            ? {
                _id: extra.queue._id,
                name: extra.queue.name,
                setting: { visibility: extra.queue.visibility },
              }
            : null,
          is_accepted: row.lcIsAccepted,
          is_missed: row.lcIsMissed,
          is_expired: row.lcIsExpired,
          is_done: row.lcIsDone,
          is_business: row.lcIsBusiness,
          last_chat_message: row.lastMessageAt ? { timestamp: seconds(row.lastMessageAt) ?? 0 } : null,
          // The switch-mode countdown's end (seconds), so a list shows every chat's countdown.
          countdown_until:
            countdownUntil &&
            countdownUntil.getTime() > now &&
            !(row.lcIsMissed || row.lcIsExpired || row.lcIsDone)
              ? seconds(countdownUntil)
              : null,
        }
      : null,
  };
}
export type WireFollower = ReturnType<typeof followerToWire>;

export function messageToWire(row: MessageRow, userInfo?: UserSummary | null) {
  return {
    _id: row.id,
    follower_id: row.followerId,
    livechat_id: row.livechatId,
    timestamp: seconds(row.createdAt) ?? 0,
    type: row.type,
    from_type: row.fromType,
    from_id: row.fromId,
    user_info: userInfo ?? null,
    temp_id: row.tempId,
    is_replied: row.isReplied,
    new_chat: row.newChat,
    delivery: row.delivery,
    delivery_error: row.deliveryError,
    status_send_message: row.delivery === 'failed' ? ('fail' as const) : null,
    messages_sent: row.items as MessageItem[],
    /** Brought in from a chat history file (server/chatImport); the sender as the file named them. */
    imported: row.importedChatId != null,
    imported_sender: row.importedSender ?? null,
  };
}
export type WireMessage = ReturnType<typeof messageToWire>;

export function livechatToWire(row: LivechatRow) {
  return {
    livechat_id: row.id,
    follower_id: row.followerId,
    user_id: row.userId,
    queue_id: row.queueId,
    is_accepted: row.isAccepted,
    is_missed: row.isMissed,
    is_expired: row.isExpired,
    is_done: row.isDone,
    is_business: row.isBusiness,
    started_at: seconds(row.startedAt),
    countdown_until: seconds(row.countdownUntil),
  };
}

/** The plain text of message items, for previews and search. */
export function itemsText(items: readonly MessageItem[]): string {
  return items
    .map((item) => {
      switch (item.type) {
        case 'text':
          return item.text;
        case 'file':
          return item.fileName ?? '[file]';
        case 'flex':
          return item.altText;
        case 'quickreply':
          return item.text ?? '';
        default:
          return `[${item.type}]`;
      }
    })
    .filter(Boolean)
    .join('\n');
}
