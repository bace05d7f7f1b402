// A chat message and its items (spec 3 "Message"). `timestamp` is in seconds. An outgoing
// message the server has not confirmed yet carries status_send_message (spec 4).
import {
  array,
  boolean,
  defaulted,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  optional,
  string,
  type,
  union,
  unknown,
} from 'superstruct';

/** The agent or user attached to a follower or a message. */
export const UserInfo = type({
  _id: optional(string()),
  display_name: optional(string()),
  image: optional(nullable(string())),
});
export type UserInfo = Infer<typeof UserInfo>;

const media = {
  file_path: optional(string()),
  originalContentUrl: optional(string()),
  previewImageUrl: optional(string()),
};

export const TextItem = type({ type: literal('text'), text: string(), ...media });
export const ImageItem = type({ type: literal('image'), ...media });
export const VideoItem = type({ type: literal('video'), trackingId: optional(string()), ...media });
export const StickerItem = type({ type: literal('sticker'), packageId: string(), stickerId: string() });
export const QuickReplyItem = type({
  type: literal('quickreply'),
  text: optional(string()),
  items: defaulted(array(unknown()), () => []),
});
/** A file sent to a chat, also what the file card shows (spec 3: name, type, size, Download link). */
export const FileItem = type({
  type: literal('file'),
  fileName: optional(string()),
  fileSize: optional(number()),
  ...media,
});
/**
 * The saved template a card was made from (its name and editor form). Channels other than LINE
 * and the widget (Messenger, Instagram, WeChat) convert the form with core/template's own
 * converters rather than re-reading the LINE Flex, so they get what the editor's preview shows.
 */
export const TemplateSource = type({ name: string(), form: unknown() });
export type TemplateSource = Infer<typeof TemplateSource>;

/** Card-style content built by the template editor; its shape belongs to core/template. */
export const FlexItem = type({
  type: literal('flex'),
  altText: string(),
  contents: unknown(),
  source: optional(TemplateSource),
});

export const MessageItem = union([
  TextItem,
  ImageItem,
  VideoItem,
  StickerItem,
  QuickReplyItem,
  FileItem,
  FlexItem,
]);
export type MessageItem = Infer<typeof MessageItem>;
/** 'question' comes from the customer, 'reply' from our side (agent or bot). */
export const MESSAGE_TYPES = ['reply', 'question'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Client-only send states (spec 4): shown at once as wait_socket, or fail until resent. */
export const SEND_STATES = ['wait_socket', 'fail'] as const;
export type SendState = (typeof SEND_STATES)[number];

export const Message = type({
  _id: optional(string()),
  timestamp: number(),
  type: enums(MESSAGE_TYPES),
  from_type: optional(nullable(string())),
  from_id: optional(nullable(string())),
  from_member: optional(nullable(string())),
  user_info: optional(nullable(UserInfo)),
  temp_id: optional(nullable(string())),
  is_replied: defaulted(boolean(), false),
  new_chat: defaulted(boolean(), false),
  status_send_message: optional(nullable(enums(SEND_STATES))),
  messages_sent: defaulted(array(MessageItem), () => []),
});
export type Message = Infer<typeof Message>;

/** Spec 9: messages load 20 at a time. */
export const MESSAGE_PAGE_SIZE = 20;
