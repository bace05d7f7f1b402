// A reply message → the items stored and sent to one channel (LINE, Messenger, Instagram, WeChat,
// the web widget), through core/template's converters. A conversation lives on one channel, so
// each answer is converted for that channel before it is stored: LINE gets its own location and
// image map messages; the others get a card or text where they have no such message. Cards from
// saved templates also carry the templates' form for Messenger, Instagram and WeChat, whose
// adapters convert it with core/template's own converters (what the editor previews). Anything a
// channel cannot take fails with the item's field, and nothing is sent (spec 8: a failed
// conversion returns nothing); the bot instead leaves out what is gone, switched off or not shown
// on the channel and sends the rest (ReplyConvertOptions.leaveOutUnavailable).
import type { Location } from '../models/location';
import type { MessageItem, TemplateSource } from '../models/message';
import { isFormConverted, sendOptions, type TemplateKind } from '../template/channelPreview';
import { toFlexMessage } from '../template/flex';
import { linkFooter } from '../template/flexParts';
import type { FlexBubble, FlexComponent } from '../template/flexTypes';
import { type LineImagemapMessage, toImagemapMessage } from '../template/imagemap';
import { LIMIT_MESSAGES, LINE_LIMITS } from '../template/limits';
import { checkLineMessage } from '../template/lineCheck';
import { META_CHANNEL_NAMES, META_MESSAGES } from '../template/messenger';
import type { QuickReplyItem } from '../template/quickReply';
import { type ConvertResult, failure, guarded, Problems } from '../template/result';
import { type FieldError, MESSAGES } from '../validation/rules';
import {
  type LineLocationItem,
  type LocationCardLabels,
  locationBubble,
  locationText,
  toLineLocation,
} from './location';
import type { ReplyItem, ReplyMessageDraft } from './replyMessage';

export const BOT_CHANNELS = ['line', 'messenger', 'instagram', 'wechat', 'widget'] as const;
export type BotChannel = (typeof BOT_CHANNELS)[number];

/** LINE-only message items; the LINE adapter sends them as they are. */
export type LineImagemapItem = LineImagemapMessage;
export type OutgoingItem = MessageItem | LineLocationItem | LineImagemapItem;

export interface SavedTemplateRef {
  kind: TemplateKind;
  name: string;
  form: unknown;
}

export interface ReplyLookups {
  templates: ReadonlyMap<string, SavedTemplateRef>;
  locations: ReadonlyMap<string, Location>;
  labels?: LocationCardLabels;
}

export const CONVERT_MESSAGES = {
  lineOnly: 'Image maps can be sent on LINE only.',
  customLineOnly: 'This custom message can be sent on LINE only.',
  stickerWeChat: 'WeChat cannot show LINE stickers.',
  missingTemplate: 'This message template does not exist.',
  missingLocation: 'This location does not exist.',
  inactiveLocation: 'This location is switched off.',
  notImagemap: 'Choose an image map template.',
  notCard: 'Choose a card template.',
  tooManyLineMessages: LIMIT_MESSAGES.messagesPerRequest,
} as const;

const CUSTOM_TYPES = ['text', 'sticker', 'image', 'video', 'flex', 'location', 'imagemap'] as const;

function buttonBubble(item: ReplyItem): FlexBubble {
  const body: FlexComponent[] = [];
  if (item.title?.trim())
    body.push({ type: 'text', text: item.title.trim(), weight: 'bold', size: 'lg', wrap: true });
  body.push({ type: 'text', text: (item.text ?? '').trim(), wrap: true });
  const buttons: FlexComponent[] = (item.actions ?? []).map((a, i) => {
    const label = (a.buttonName ?? '').trim();
    const value = (a.message ?? '').trim();
    return {
      type: 'button',
      style: i === 0 ? 'primary' : 'secondary',
      height: 'sm',
      action:
        a.type === 'uri'
          ? { type: 'uri', label, uri: value }
          : a.type === 'tel'
            ? { type: 'uri', label, uri: `tel:${value}` }
            : { type: 'message', label, text: value },
    } as FlexComponent;
  });
  return {
    type: 'bubble',
    body: { type: 'box', layout: 'vertical', spacing: 'md', contents: body },
    footer: { type: 'box', layout: 'vertical', spacing: 'sm', contents: buttons },
  };
}

function richVideoCard(item: ReplyItem): FlexBubble {
  const body: FlexComponent[] = [
    { type: 'text', text: (item.title ?? '').trim(), weight: 'bold', wrap: true },
  ];
  if (item.text?.trim()) body.push({ type: 'text', text: item.text.trim(), size: 'sm', wrap: true });
  const bubble: FlexBubble = {
    type: 'bubble',
    body: { type: 'box', layout: 'vertical', spacing: 'sm', contents: body },
  };
  if (item.linkUri?.trim()) bubble.footer = linkFooter((item.linkLabel ?? '').trim(), item.linkUri.trim());
  return bubble;
}

function flexItem(altText: string, contents: unknown, source?: TemplateSource): MessageItem {
  return source ? { type: 'flex', altText, contents, source } : { type: 'flex', altText, contents };
}

const formItems = (form: unknown): unknown[] => {
  const items = (form as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? items : [];
};

export interface ReplyConvertOptions {
  /**
   * For a customer the bot answers (docs/api.md "What the bot sends"): an item whose location
   * was switched off or deleted, or whose template was deleted, or that the customer's channel
   * cannot show (an image map or a LINE-only custom message outside LINE, a LINE sticker on
   * WeChat), is left out (`left`) and the rest goes; only when nothing is left does the reply
   * fail, with those reasons.
   */
  leaveOutUnavailable?: boolean;
}

export type ReplyConvertResult = ConvertResult<OutgoingItem[]> & { left?: FieldError[] };

class Converter {
  readonly problems = new Problems();
  /** What was left out in leaveOutUnavailable mode. */
  readonly left = new Problems();
  readonly out: OutgoingItem[] = [];
  constructor(
    readonly channel: BotChannel,
    readonly lookups: ReplyLookups,
    readonly name: string,
    readonly leaveOut = false,
  ) {}

  /** Something saved that the item names is gone or switched off, or the channel cannot show it. */
  unavailable(at: string, message: string) {
    (this.leaveOut ? this.left : this.problems).add(at, message);
  }

  get line() {
    return this.channel === 'line';
  }

  template(id: string, at: string): SavedTemplateRef | null {
    const found = this.lookups.templates.get(id);
    if (!found) this.unavailable(at, CONVERT_MESSAGES.missingTemplate);
    return found ?? null;
  }

  /** A LINE flex message checked against LINE's prose limits (every channel is sent flex as cards). */
  flex(altText: string, contents: unknown, at: string, source?: TemplateSource) {
    const message = { type: 'flex', altText: altText.slice(0, LINE_LIMITS.altText), contents };
    for (const e of checkLineMessage(message))
      this.problems.add(`${at}${e.field ? `.${e.field}` : ''}`, e.message);
    this.out.push(flexItem(message.altText, contents, source));
  }

  /** The template form a card travels with, for the channels that convert it themselves. */
  source(name: string, form: unknown, altText: string): TemplateSource | undefined {
    if (!isFormConverted(this.channel) || !form || typeof form !== 'object') return undefined;
    return { name, form: { ...form, altText } };
  }

  cards(item: ReplyItem, at: string) {
    const bubbles: unknown[] = [];
    const names: string[] = [];
    const forms: unknown[] = [];
    for (const [j, id] of (item.bubbleIds ?? []).entries()) {
      const ref = this.template(id, `${at}.bubbleIds[${j}]`);
      if (!ref) continue;
      if (ref.kind === 'imagemap') {
        this.problems.add(`${at}.bubbleIds[${j}]`, CONVERT_MESSAGES.notCard);
        continue;
      }
      const result = toFlexMessage(ref.form, sendOptions(ref.name));
      if (!result.ok) {
        for (const e of result.errors) this.problems.add(`${at}.bubbleIds[${j}].${e.field}`, e.message);
        continue;
      }
      names.push(ref.name);
      forms.push(ref.form);
      const contents = result.message.contents;
      if (item.type !== 'carousel') {
        const altText = item.altText?.trim() || result.message.altText;
        this.flex(altText, contents, at, this.source(ref.name, ref.form, altText));
        return;
      }
      if (contents.type === 'carousel') bubbles.push(...contents.contents);
      else bubbles.push(contents);
    }
    if (item.type !== 'carousel' || bubbles.length === 0) return;
    const altText = item.altText?.trim() || names.join(', ') || this.name;
    // One form holding every template's cards; 'custom', as each template was checked against
    // its own preset's limits when it was saved.
    const carousel = { ...(forms[0] as object), template: 'custom', items: forms.flatMap(formItems) };
    this.flex(
      altText,
      bubbles.length === 1 ? bubbles[0] : { type: 'carousel', contents: bubbles },
      at,
      this.source(names.join(', ') || this.name, carousel, altText),
    );
  }

  location(item: ReplyItem, at: string) {
    const found = this.lookups.locations.get(item.locationId ?? '');
    if (!found) return this.unavailable(`${at}.locationId`, CONVERT_MESSAGES.missingLocation);
    if (found.isActive !== 'Active')
      return this.unavailable(`${at}.locationId`, CONVERT_MESSAGES.inactiveLocation);
    if (this.line) this.out.push(toLineLocation(found));
    else if (this.channel === 'wechat') this.out.push({ type: 'text', text: locationText(found) });
    else
      this.flex(
        `📍 ${found.name}`,
        locationBubble(found, this.lookups.labels, {
          callButton: this.channel !== 'instagram',
          meta: this.channel === 'messenger' || this.channel === 'instagram',
        }),
        at,
      );
  }

  imagemap(item: ReplyItem, at: string) {
    if (!this.line) return this.unavailable(`${at}.bubbleIds`, CONVERT_MESSAGES.lineOnly);
    const ref = this.template(item.bubbleIds?.[0] ?? '', `${at}.bubbleIds[0]`);
    if (!ref) return;
    if (ref.kind !== 'imagemap') return this.problems.add(`${at}.bubbleIds[0]`, CONVERT_MESSAGES.notImagemap);
    const form = {
      ...(ref.form as object),
      ...(item.altText?.trim() ? { altText: item.altText.trim() } : {}),
    };
    const result = toImagemapMessage(form, { fallbackName: ref.name, final: true });
    if (!result.ok) {
      for (const e of result.errors) this.problems.add(`${at}.bubbleIds[0].${e.field}`, e.message);
      return;
    }
    this.out.push(result.message);
  }

  custom(item: ReplyItem, at: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(item.json ?? '');
    } catch {
      return this.problems.add(`${at}.json`, MESSAGES.json);
    }
    const list = Array.isArray(parsed) ? parsed : [parsed];
    for (const [j, raw] of list.entries()) {
      const where = list.length > 1 ? `${at}.json[${j}]` : `${at}.json`;
      const m = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
      const type = String(m.type ?? '');
      if (!(CUSTOM_TYPES as readonly string[]).includes(type)) {
        this.problems.add(`${where}.type`, LIMIT_MESSAGES.unknownType);
        continue;
      }
      for (const e of checkLineMessage(m))
        this.problems.add(`${where}${e.field ? `.${e.field}` : ''}`, e.message);
      if ((type === 'location' || type === 'imagemap') && !this.line) {
        this.unavailable(where, CONVERT_MESSAGES.customLineOnly);
        continue;
      }
      if (type === 'text') this.out.push({ type: 'text', text: String(m.text ?? '') });
      else if (type === 'sticker') this.sticker(String(m.packageId ?? ''), String(m.stickerId ?? ''), where);
      else if (type === 'image')
        this.out.push({
          type: 'image',
          originalContentUrl: String(m.originalContentUrl ?? ''),
          previewImageUrl: String(m.previewImageUrl ?? ''),
        });
      else if (type === 'video')
        this.out.push({
          type: 'video',
          originalContentUrl: String(m.originalContentUrl ?? ''),
          previewImageUrl: String(m.previewImageUrl ?? ''),
        });
      else if (type === 'flex') this.out.push(flexItem(String(m.altText ?? ''), m.contents));
      else this.out.push(m as unknown as OutgoingItem);
    }
  }

  sticker(packageId: string, stickerId: string, at: string) {
    if (this.channel === 'wechat') return this.unavailable(at, CONVERT_MESSAGES.stickerWeChat);
    this.out.push({ type: 'sticker', packageId, stickerId });
  }

  item(item: ReplyItem, at: string) {
    switch (item.type) {
      case 'text':
        this.out.push({ type: 'text', text: item.text ?? '' });
        return;
      case 'image': {
        const url = item.image ?? '';
        this.out.push({ type: 'image', originalContentUrl: url, previewImageUrl: url });
        return;
      }
      case 'video':
        this.out.push({
          type: 'video',
          originalContentUrl: item.originalContentUrl ?? '',
          previewImageUrl: item.image ?? '',
        });
        return;
      case 'file':
        this.out.push({
          type: 'file',
          originalContentUrl: item.originalContentUrl ?? '',
          fileName: item.fileName ?? undefined,
          fileSize: item.fileSize ?? undefined,
        });
        return;
      case 'sticker':
        this.sticker(item.packageId ?? '', item.stickerId ?? '', at);
        return;
      case 'location':
        this.location(item, at);
        return;
      case 'imageMap':
        this.imagemap(item, at);
        return;
      case 'button':
        // Instagram's sender refuses a call button (server/channels/meta): say so here, by field.
        if (this.channel === 'instagram')
          for (const [j, a] of (item.actions ?? []).entries())
            if (a.type === 'tel')
              this.problems.add(
                `${at}.actions[${j}].type`,
                META_MESSAGES.cannotShow(META_CHANNEL_NAMES.instagram, 'call buttons'),
              );
        this.flex(
          item.altText?.trim() || item.title?.trim() || (item.text ?? '').trim(),
          buttonBubble(item),
          at,
        );
        return;
      case 'bubble':
      case 'carousel':
      case 'template_message':
        this.cards(item, at);
        return;
      case 'custom':
        this.custom(item, at);
        return;
      case 'rich_video':
        this.out.push({
          type: 'video',
          originalContentUrl: item.originalContentUrl ?? '',
          previewImageUrl: item.image ?? '',
        });
        this.flex(item.altText?.trim() || (item.title ?? '').trim(), richVideoCard(item), at);
        return;
    }
  }
}

/** The items to store and send for one channel, or the reasons it cannot go. Never throws. */
export function toChannelItems(
  draft: Pick<ReplyMessageDraft, 'name' | 'items' | 'quick_replies'>,
  channel: BotChannel,
  lookups: ReplyLookups,
  { leaveOutUnavailable = false }: ReplyConvertOptions = {},
): ReplyConvertResult {
  return guarded((): ReplyConvertResult => {
    const c = new Converter(channel, lookups, draft.name, leaveOutUnavailable);
    draft.items.forEach((item, i) => {
      c.item(item, `items[${i}]`);
    });
    if (draft.quick_replies.length > 0)
      c.out.push({ type: 'quickreply', items: draft.quick_replies as QuickReplyItem[] as unknown[] });
    // LINE takes at most 5 messages per reply (a quick-reply bar rides on the last one).
    const lineMessages = c.out.filter((o) => o.type !== 'quickreply').length;
    if (channel === 'line' && lineMessages > LINE_LIMITS.messagesPerRequest)
      c.problems.add('items', CONVERT_MESSAGES.tooManyLineMessages);
    // Everything was left out: nothing goes, and the reasons say why.
    if (!c.left.empty && c.out.every((o) => o.type === 'quickreply'))
      for (const e of c.left.errors) c.problems.add(e.field, e.message);
    if (c.out.length === 0 && c.problems.empty) c.problems.add('items', MESSAGES.required);
    const result: ReplyConvertResult = c.problems.empty
      ? { ok: true, message: c.out }
      : failure(c.problems.errors);
    if (leaveOutUnavailable) result.left = c.left.errors;
    return result;
  }) as ReplyConvertResult;
}
