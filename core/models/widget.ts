// The web chat widget (spec 3 "Widget", spec 7 widget calls, spec 9 default colours).
import {
  array,
  boolean,
  defaulted,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  record,
  string,
  type,
  union,
} from 'superstruct';
import { SEND_STATES } from './message';

/** Spec 9: button #000000ff, label #59c7f9ff, button label 'Chat'. */
export const WIDGET_DEFAULTS = {
  button_color: '#000000ff',
  label_color: '#59c7f9ff',
  button_label: 'Chat',
} as const;

export const PRE_CHAT_FIELD_TYPES = ['text', 'email', 'tel', 'textarea'] as const;
export const PreChatField = type({
  key: string(),
  label: string(),
  type: defaulted(enums(PRE_CHAT_FIELD_TYPES), 'text'),
  required: defaulted(boolean(), false),
});
export type PreChatField = Infer<typeof PreChatField>;

export const WidgetMenuButton = type({
  id: string(),
  label: string(),
  type: defaulted(enums(['message', 'postback', 'uri']), 'message'),
  text: optional(string()),
  data: optional(string()),
  uri: optional(string()),
});
export type WidgetMenuButton = Infer<typeof WidgetMenuButton>;

export const WidgetMenu = type({
  menuId: string(),
  menuLabel: string(),
  isQuickStart: defaulted(boolean(), false),
  buttons: defaulted(array(WidgetMenuButton), () => []),
});
export type WidgetMenu = Infer<typeof WidgetMenu>;

export const WidgetInfo = type({
  brand_label: defaulted(string(), ''),
  button_color: defaulted(string(), WIDGET_DEFAULTS.button_color),
  button_label: defaulted(string(), WIDGET_DEFAULTS.button_label),
  chat_form: defaulted(boolean(), false),
  header: defaulted(string(), ''),
  description: defaulted(string(), ''),
  label_color: defaulted(string(), WIDGET_DEFAULTS.label_color),
  logo: optional(nullable(string())),
  scatter_message: defaulted(string(), ''),
  welcome_message: defaulted(string(), ''),
  pre_chat_form_fields: defaulted(array(PreChatField), () => []),
  bot_info: optional(type({ name: optional(string()), image: optional(nullable(string())) })),
  greeting_message: defaulted(string(), ''),
  menu: optional(nullable(WidgetMenu)),
  ads_bar: optional(nullable(type({ text: optional(string()), url: optional(string()) }))),
  company_id: optional(string()),
});
export type WidgetInfo = Infer<typeof WidgetInfo>;

export const WIDGET_MESSAGE_TYPES = ['text', 'image', 'video', 'file'] as const;
export const WidgetMessage = type({
  id: string(),
  name: optional(string()),
  image: optional(nullable(string())),
  type: enums(WIDGET_MESSAGE_TYPES),
  /** Seconds, like chat messages. */
  timestamp: number(),
  message: string(),
  bot: defaulted(boolean(), false),
  greeting: defaulted(boolean(), false),
  statusSendMessage: optional(nullable(enums(SEND_STATES))),
});
export type WidgetMessage = Infer<typeof WidgetMessage>;

/** One event of POST /service/webhook/widget/{widgetId} (spec 7). */
export const WidgetWebhookEvent = object({
  id: string(),
  source: object({ type: literal('widget'), userId: string() }),
  timestamp: number(),
  sess_expired: defaulted(boolean(), false),
  type: enums(['message', 'postback']),
  message: optional(object({ type: enums(WIDGET_MESSAGE_TYPES), text: string() })),
  postback: optional(object({ data: string() })),
  menuId: optional(string()),
  menuButtonId: optional(string()),
  form: optional(record(string(), union([string(), number(), boolean()]))),
});
export type WidgetWebhookEvent = Infer<typeof WidgetWebhookEvent>;

/** Facebook-channel message shapes the chat shows (spec 3). */
export const FACEBOOK_MESSAGE_TYPES = ['text_and_button', 'generic_template', 'media', 'file'] as const;
