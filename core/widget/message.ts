// What the widget shows for a chat message: spec 3's widget message (id, name, image, type, timestamp,
// message, bot, greeting, statusSendMessage) plus who sent it, the temp id and the full items, so
// cards (flex) and quick replies render too. The server and the widget both use this one shape.
import type { Message, MessageItem } from '../models/message';
import type { WidgetMessage } from '../models/widget';
import { POSTBACK_TYPES, postbackData, postbackDisplayText, tapAction, telUri } from '../template/postback';

export type WidgetSender = 'visitor' | 'agent' | 'bot' | 'system';

export interface WidgetChatMessage extends Omit<WidgetMessage, 'statusSendMessage'> {
  temp_id: string | null;
  from: WidgetSender;
  items: MessageItem[];
  /** wait_socket and fail are the widget's own states (spec 4); the server sends null. */
  statusSendMessage?: 'wait_socket' | 'fail' | null;
}

/** The visitor's session token travels in this header on every widget call (design: docs/api.md). */
export const WIDGET_SESSION_HEADER = 'x-widget-session';

/** LINE's public sticker images, so a sticker sent by an agent shows as a picture. */
export const stickerUrl = (stickerId: string) =>
  `https://stickershop.line-scdn.net/stickershop/v1/sticker/${encodeURIComponent(stickerId)}/android/sticker.png`;

function senderOf(m: Pick<Message, 'type' | 'from_type'>): WidgetSender {
  if (m.type === 'question') return 'visitor';
  if (m.from_type === 'bot') return 'bot';
  if (m.from_type === 'system') return 'system';
  return 'agent';
}

/** The widget message's type and text: the first item that is not a quick-reply bar decides. */
export function summarizeItems(items: readonly MessageItem[]): Pick<WidgetMessage, 'type' | 'message'> {
  const item = items.find((i) => i.type !== 'quickreply') ?? items[0];
  if (!item) return { type: 'text', message: '' };
  switch (item.type) {
    case 'text':
      return { type: 'text', message: item.text };
    case 'image':
      return { type: 'image', message: item.originalContentUrl ?? item.previewImageUrl ?? '' };
    case 'video':
      return { type: 'video', message: item.originalContentUrl ?? '' };
    case 'file':
      return { type: 'file', message: item.originalContentUrl ?? item.file_path ?? '' };
    case 'sticker':
      return { type: 'image', message: stickerUrl(item.stickerId) };
    case 'flex':
      return { type: 'text', message: item.altText };
    case 'quickreply':
      return { type: 'text', message: item.text ?? '' };
    default:
      return { type: 'text', message: '' };
  }
}

/** A stored chat message (server wire shape) as the widget shows it. */
export function toWidgetMessage(
  m: Pick<Message, 'type' | 'from_type' | 'timestamp' | 'temp_id' | 'messages_sent' | 'user_info'> & {
    _id?: string;
  },
): WidgetChatMessage {
  const from = senderOf(m);
  const items = resolveQuickReplyActions(m.messages_sent ?? []);
  return {
    id: m._id ?? m.temp_id ?? '',
    temp_id: m.temp_id ?? null,
    from,
    name: from === 'visitor' ? undefined : (m.user_info?.display_name ?? undefined),
    image: from === 'visitor' ? undefined : (m.user_info?.image ?? null),
    ...summarizeItems(items),
    timestamp: m.timestamp,
    bot: from === 'bot',
    greeting: false,
    statusSendMessage: null,
    items,
  };
}

export interface QuickReplyChoice {
  label: string;
  /** message: sends text as the visitor; postback: sends data; uri: opens the address. */
  kind: 'message' | 'postback' | 'uri';
  text?: string;
  data?: string;
  uri?: string;
}

interface QuickReplyEntry {
  raw: Record<string, unknown>;
  action: Record<string, unknown>;
  label: string;
}

function readEntry(entry: unknown): QuickReplyEntry {
  const raw = (entry && typeof entry === 'object' ? entry : {}) as Record<string, unknown>;
  const action = (raw.action && typeof raw.action === 'object' ? raw.action : raw) as Record<string, unknown>;
  // A reply message's quick reply names itself (`{ label, action }`); LINE's names its action.
  const label =
    typeof raw.label === 'string' && raw.label.trim()
      ? raw.label
      : typeof action.label === 'string'
        ? action.label
        : typeof action.text === 'string'
          ? action.text
          : '';
  return { raw, action, label };
}

/** An editor action (core/template/postback.ts) as the postback our runtime resolves, or a tel: link. */
function resolveEntry(entry: unknown): unknown {
  const { raw, action, label } = readEntry(entry);
  const editor = label && action.type !== 'postback' ? tapAction(action) : null;
  if (editor && (POSTBACK_TYPES as readonly string[]).includes(editor.type)) {
    const displayText = postbackDisplayText(editor) || label;
    return { ...raw, label, action: { type: 'postback', label, data: postbackData(editor), displayText } };
  }
  if (editor?.type === 'tel') return { ...raw, label, action: { type: 'uri', label, uri: telUri(editor) } };
  return entry;
}

/**
 * A message's quick replies with a reply message's editor actions resolved, as the server sends them
 * to the widget (toWidgetMessage): the widget then reads plain LINE-style actions only and carries
 * none of the editor's action code.
 */
export function resolveQuickReplyActions(items: readonly MessageItem[]): MessageItem[] {
  return items.map((item) =>
    item.type === 'quickreply' ? { ...item, items: item.items.map(resolveEntry) } : item,
  );
}

/**
 * The quick-reply choices of a message as sent to the widget, from LINE-style items
 * `{ type: 'quickreply', items: [{ type: 'action', action: { type, label, text | data | uri } }] }`.
 */
export function sentQuickReplyChoices(items: readonly MessageItem[]): QuickReplyChoice[] {
  const out: QuickReplyChoice[] = [];
  for (const item of items) {
    if (item.type !== 'quickreply') continue;
    for (const entry of item.items) {
      const { action, label } = readEntry(entry);
      if (!label) continue;
      if (action.type === 'postback' && typeof action.data === 'string')
        out.push({
          label,
          kind: 'postback',
          data: action.data,
          text: typeof action.displayText === 'string' ? action.displayText : undefined,
        });
      else if (action.type === 'uri' && typeof action.uri === 'string')
        out.push({ label, kind: 'uri', uri: action.uri });
      else out.push({ label, kind: 'message', text: typeof action.text === 'string' ? action.text : label });
    }
  }
  return out;
}

/** The quick-reply choices of any message, editor actions included. */
export const quickReplyChoices = (items: readonly MessageItem[]): QuickReplyChoice[] =>
  sentQuickReplyChoices(resolveQuickReplyActions(items));

/** Visitor texts are capped like LINE text messages. */
export const WIDGET_TEXT_MAX = 5000;
