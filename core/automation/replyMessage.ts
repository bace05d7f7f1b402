// Reply messages (spec 2, 3, 5): an automatic answer of 1 to 5 items of any reply type, with quick
// replies. Items keep spec 3's fields (type, altText, title, text, image, numberActions, actions,
// bubbleIds) plus what each type needs to be sent (a file's address, a sticker, a location, JSON).
import {
  array,
  assign,
  boolean,
  defaulted,
  type Infer,
  nullable,
  number,
  optional,
  string,
  type,
  union,
  unknown,
} from 'superstruct';
import { MAX_BROADCAST_BUBBLES } from '../models/broadcast';
import { newReplyMessageItem, ReplyMessageItem, type ReplyMessageType } from '../models/chat';
import { type QuickReplyItem, toLineQuickReply } from '../template/quickReply';
import { BROADCAST_MESSAGES } from '../validation/broadcast';
import { validateReplyItems } from '../validation/replyMessage';
import { type FieldError, hasMaxLength, isBlank, isJson, isTel, isUrl, MESSAGES } from '../validation/rules';

/** Spec 2: a reply is made of up to 5 messages. */
export const MAX_REPLY_ITEMS = 5;
/** A button message holds 1 (spec 5: it starts with 1) to 4 buttons. */
export const MAX_BUTTON_ACTIONS = 4;
export const BUTTON_ACTION_TYPES = ['message', 'uri', 'tel'] as const;

export const REPLY_LIMITS = {
  name: 100,
  text: 5000,
  /** Spec 9: 300 generally. */
  buttonText: 300,
  title: 40,
  /** Quick reply and Messenger button titles hold 20. */
  buttonName: 20,
  altText: 400,
  linkLabel: 20,
} as const;

export const ReplyItem = assign(
  ReplyMessageItem,
  type({
    /** Address of a file or video (image items keep theirs in `image`, spec 3). */
    originalContentUrl: optional(nullable(string())),
    fileName: optional(nullable(string())),
    fileSize: optional(nullable(number())),
    packageId: optional(nullable(string())),
    stickerId: optional(nullable(string())),
    locationId: optional(nullable(string())),
    /** custom: a LINE message object (or a list of them) as JSON text. */
    json: optional(nullable(string())),
    /** rich video: the button under the video. */
    linkUri: optional(nullable(string())),
    linkLabel: optional(nullable(string())),
    actions: optional(
      array(
        type({
          type: string(),
          message: optional(nullable(string())),
          buttonName: optional(nullable(string())),
        }),
      ),
    ),
  }),
);
export type ReplyItem = Infer<typeof ReplyItem>;

export const ReplyQuickReply = type({ label: string(), action: unknown() });

export const ReplyMessageDraft = type({
  name: string(),
  group_id: optional(nullable(string())),
  is_active: defaulted(boolean(), true),
  items: defaulted(array(ReplyItem), () => []),
  quick_replies: defaulted(array(ReplyQuickReply), () => []),
  position: optional(union([number(), string()])),
});
export type ReplyMessageDraft = Infer<typeof ReplyMessageDraft>;

/** A new item of a type, as the editor adds it (a button message starts with 1 action). */
export function newReplyItem(itemType: ReplyMessageType): ReplyItem {
  return newReplyMessageItem(itemType) as ReplyItem;
}

const TEMPLATE_ITEMS: Partial<Record<ReplyMessageType, { min: number; max: number }>> = {
  bubble: { min: 1, max: 1 },
  template_message: { min: 1, max: 1 },
  imageMap: { min: 1, max: 1 },
  carousel: { min: 1, max: MAX_BROADCAST_BUBBLES },
};

function validateItem(item: ReplyItem, at: string, add: (field: string, message: string) => void) {
  const need = (field: keyof ReplyItem) => {
    if (isBlank(item[field])) add(`${at}.${field}`, MESSAGES.required);
  };
  const max = (field: keyof ReplyItem, limit: number) => {
    if (!isBlank(item[field]) && !hasMaxLength(item[field], limit))
      add(`${at}.${field}`, MESSAGES.maxLength(limit));
  };
  const url = (field: keyof ReplyItem) => {
    if (!isBlank(item[field]) && !isUrl(item[field])) add(`${at}.${field}`, MESSAGES.url);
  };
  switch (item.type) {
    case 'text':
      need('text');
      max('text', REPLY_LIMITS.text);
      break;
    case 'image':
      url('image');
      break;
    case 'video':
      url('originalContentUrl');
      need('image');
      url('image');
      break;
    case 'file':
      url('originalContentUrl');
      break;
    case 'sticker':
      for (const f of ['packageId', 'stickerId'] as const) {
        if (isBlank(item[f])) add(`${at}.${f}`, MESSAGES.required);
        else if (!/^\d{1,20}$/.test(String(item[f]))) add(`${at}.${f}`, MESSAGES.number);
      }
      break;
    case 'location':
      need('locationId');
      break;
    case 'button': {
      need('text');
      max('text', REPLY_LIMITS.buttonText);
      max('title', REPLY_LIMITS.title);
      const actions = item.actions ?? [];
      if (actions.length < 1) add(`${at}.actions`, MESSAGES.required);
      if (actions.length > MAX_BUTTON_ACTIONS)
        add(`${at}.actions`, `At most ${MAX_BUTTON_ACTIONS} are allowed.`);
      actions.forEach((action, j) => {
        const a = `${at}.actions[${j}]`;
        if (isBlank(action.buttonName)) add(`${a}.buttonName`, MESSAGES.required);
        else if (!hasMaxLength(action.buttonName, REPLY_LIMITS.buttonName))
          add(`${a}.buttonName`, MESSAGES.maxLength(REPLY_LIMITS.buttonName));
        if (!(BUTTON_ACTION_TYPES as readonly string[]).includes(action.type))
          add(`${a}.type`, MESSAGES.required);
        else if (isBlank(action.message)) add(`${a}.message`, MESSAGES.required);
        else if (action.type === 'uri' && !isUrl(action.message)) add(`${a}.message`, MESSAGES.url);
        else if (action.type === 'tel' && !isTel(action.message)) add(`${a}.message`, MESSAGES.tel);
        else if (action.type === 'message' && !hasMaxLength(action.message, 300))
          add(`${a}.message`, MESSAGES.maxLength(300));
      });
      break;
    }
    case 'bubble':
    case 'carousel':
    case 'template_message':
    case 'imageMap': {
      const ids = (item.bubbleIds ?? []).filter((id) => !isBlank(id));
      const { min, max: most } = TEMPLATE_ITEMS[item.type] ?? { min: 1, max: 1 };
      if (ids.length < min) add(`${at}.bubbleIds`, MESSAGES.required);
      else if (ids.length > most)
        add(
          `${at}.bubbleIds`,
          item.type === 'carousel' ? BROADCAST_MESSAGES.tooManyBubbles : `At most ${most} are allowed.`,
        );
      max('altText', REPLY_LIMITS.altText);
      break;
    }
    case 'custom':
      if (isBlank(item.json)) add(`${at}.json`, MESSAGES.required);
      else if (!isJson(item.json)) add(`${at}.json`, MESSAGES.json);
      break;
    case 'rich_video':
      need('originalContentUrl');
      url('originalContentUrl');
      need('image');
      url('image');
      need('title');
      max('title', REPLY_LIMITS.title);
      url('linkUri');
      max('linkLabel', REPLY_LIMITS.linkLabel);
      if (!isBlank(item.linkUri) && isBlank(item.linkLabel)) add(`${at}.linkLabel`, MESSAGES.required);
      break;
  }
}

/**
 * Field-named problems of a reply message about to be saved: its name, 1 to 5 items each complete
 * for its type (media need a file, spec 5), and quick replies as LINE takes them (at most 13,
 * labels up to 20).
 */
export function validateReplyMessage(draft: ReplyMessageDraft): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });
  if (isBlank(draft.name)) add('name', MESSAGES.required);
  else if (!hasMaxLength(draft.name, REPLY_LIMITS.name)) add('name', MESSAGES.maxLength(REPLY_LIMITS.name));
  if (draft.items.length === 0) add('items', MESSAGES.required);
  if (draft.items.length > MAX_REPLY_ITEMS) add('items', `At most ${MAX_REPLY_ITEMS} are allowed.`);
  // Spec 5: media items need a file ('File is required.').
  const media = validateReplyItems(
    draft.items.map((item) => ({
      type: item.type,
      image: item.type === 'image' ? item.image : undefined,
      originalContentUrl: item.type === 'image' ? undefined : item.originalContentUrl,
    })),
  );
  for (const e of media) add(`${e.field.replace(/^items\.(\d+)$/, 'items[$1]')}`, e.message);
  draft.items.forEach((item, i) => {
    validateItem(item, `items[${i}]`, add);
  });
  if (draft.quick_replies.length > 0) {
    const quick = toLineQuickReply(draft.quick_replies as QuickReplyItem[]);
    if (!quick.ok) for (const e of quick.errors) add(e.field.replace(/^items/, 'quick_replies'), e.message);
  }
  return errors;
}
