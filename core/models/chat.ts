// The live-chat entities of spec 3 (follower, live chat, note, tag, export request, reply-message
// template). Messages and user_info live in message.ts. Structs use `type()` so extra server fields pass through;
// wire names stay as the spec writes them.
import {
  array,
  boolean,
  defaulted,
  enums,
  type Infer,
  nullable,
  number,
  object,
  optional,
  pattern,
  record,
  string,
  type,
  unknown,
} from 'superstruct';
import { QUEUE_VISIBILITIES } from './account';
import { ContactDetail } from './contact';
import { MessageItem, UserInfo } from './message';

export const CHANNEL_TYPES = ['line', 'messenger', 'instagram', 'wechat', 'widget'] as const;

export const ChannelTypeInfo = type({ _id: string(), name: string() });
export type ChannelTypeInfo = Infer<typeof ChannelTypeInfo>;

export const QueueInfo = type({
  _id: optional(string()),
  name: optional(string()),
  setting: optional(type({ visibility: optional(enums(QUEUE_VISIBILITIES)) })),
});
export type QueueInfo = Infer<typeof QueueInfo>;

export const LiveChat = type({
  livechat_id: string(),
  user_id: defaulted(nullable(string()), null),
  queue_id: defaulted(nullable(string()), null),
  queue_info: optional(nullable(QueueInfo)),
  is_accepted: defaulted(boolean(), false),
  is_missed: defaulted(boolean(), false),
  is_expired: defaulted(boolean(), false),
  is_done: defaulted(boolean(), false),
  is_business: defaulted(boolean(), false),
  last_chat_message: optional(nullable(type({ timestamp: number() }))),
});
export type LiveChat = Infer<typeof LiveChat>;

export const FOLLOWER_MODES = ['bot', 'agent'] as const;
export const FOLLOWER_TYPES = ['room', 'group', 'other'] as const;

/** Who a widget visitor said they are through setUser(); verified only with the site owner's signature. */
export const WidgetIdentity = type({
  user_id: optional(string()),
  email: optional(string()),
  phone: optional(string()),
  name: optional(string()),
  verified: defaulted(boolean(), false),
});
export type WidgetIdentity = Infer<typeof WidgetIdentity>;

export const Follower = type({
  _id: string(),
  line_name: defaulted(string(), ''),
  line_nickname: optional(nullable(string())),
  line_image: optional(nullable(string())),
  channel_type_info: optional(ChannelTypeInfo),
  user_info: optional(nullable(UserInfo)),
  mode: defaulted(enums(FOLLOWER_MODES), 'bot'),
  is_block: defaulted(boolean(), false),
  is_spam: defaulted(boolean(), false),
  is_follow: defaulted(boolean(), false),
  follower_type: defaulted(enums(FOLLOWER_TYPES), 'other'),
  contact_detail: defaulted(array(ContactDetail), () => []),
  integration: optional(nullable(record(string(), unknown()))),
  count_not_is_replied: defaulted(number(), 0),
  last_livechat: optional(nullable(LiveChat)),
  widget_identity: optional(nullable(WidgetIdentity)),
});
export type Follower = Infer<typeof Follower>;

/** The payload of a follower profile update (spec 3). */
export const FollowerProfile = type({ line_nickname: optional(nullable(string())), line_name: string() });
export type FollowerProfile = Infer<typeof FollowerProfile>;

export const Note = type({ text: string(), no: number(), followerId: string() });
export type Note = Infer<typeof Note>;

/** A system tag as the chat shows it: a label/value option, flagged when it belongs to verified contacts. */
export const ChatTag = type({ label: string(), value: string(), is_verify: defaulted(boolean(), false) });
export type ChatTag = Infer<typeof ChatTag>;

export const CHAT_EXPORT_TYPES = ['excel', 'zip'] as const;
const isoDay = pattern(string(), /^\d{4}-\d{2}-\d{2}$/);

/** Body of /api/chat/export and /api/chat/export-zip (spec 7); dates are YYYY-MM-DD (spec 9). */
export const ChatExportRequest = object({
  follower_id: string(),
  type: enums(CHAT_EXPORT_TYPES),
  start_date: isoDay,
  end_date: isoDay,
});
export type ChatExportRequest = Infer<typeof ChatExportRequest>;

export const REPLY_MESSAGE_TYPES = [
  'text',
  'file',
  'sticker',
  'location',
  'image',
  'imageMap',
  'button',
  'bubble',
  'carousel',
  'video',
  'custom',
  'template_message',
  'rich_video',
] as const;
export type ReplyMessageType = (typeof REPLY_MESSAGE_TYPES)[number];

/** One item of a saved reply message as the reply-message editor stores it (spec 3). */
export const ReplyMessageItem = type({
  type: enums(REPLY_MESSAGE_TYPES),
  altText: optional(string()),
  title: optional(string()),
  text: optional(string()),
  image: optional(nullable(string())),
  numberActions: optional(number()),
  actions: optional(
    array(type({ type: string(), message: optional(string()), buttonName: optional(string()) })),
  ),
  bubbleIds: optional(array(string())),
});
export type ReplyMessageItem = Infer<typeof ReplyMessageItem>;

/** A new reply-message item; a button message starts with 1 action (spec 5). */
export function newReplyMessageItem(itemType: ReplyMessageType): ReplyMessageItem {
  if (itemType === 'button')
    return { type: itemType, text: '', numberActions: 1, actions: [{ type: 'message' }] };
  return { type: itemType };
}

export const ReplyMessageTemplate = type({
  channel_type: string(),
  temp_type: string(),
  messages_sent: defaulted(array(MessageItem), () => []),
  messages_display: defaulted(array(ReplyMessageItem), () => []),
});
export type ReplyMessageTemplate = Infer<typeof ReplyMessageTemplate>;

/** Response of GET /api/masterdata/chat (spec 7). */
export const SwitchModeSetting = type({ start: defaulted(number(), 1), extend: defaulted(number(), 2) });
export const ChatMasterData = type({
  channel_types: defaulted(array(type({ label: string(), value: string() })), () => []),
  chat_types: defaulted(array(type({ label: string(), value: string() })), () => []),
  agents: defaulted(array(type({ label: string(), value: string() })), () => []),
  setting: type({
    switch_mode_time: defaulted(SwitchModeSetting, () => ({ start: 1, extend: 2 })),
    bot_info: optional(type({ name: optional(string()), image: optional(nullable(string())) })),
  }),
  queue_permission: defaulted(array(string()), () => []),
});
export type ChatMasterData = Infer<typeof ChatMasterData>;
