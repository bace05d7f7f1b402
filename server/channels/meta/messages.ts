// A stored message's items → Messenger/Instagram Send API messages, one per call, checked against
// Meta's limits (META_LIMITS) before anything is sent. A card made from a saved template carries
// the template's form (`source`), which core/template's own Meta converter turns into exactly what
// the editor's Messenger/Instagram preview shows, or refuses by the template's field names. Other
// cards (hand-built Flex) are read as they are: a text, a button template or a generic template
// with the bubble's texts, first picture and buttons (a LINE message action becomes a postback in
// the runtime's `action=message&text=` form). What Meta cannot show is refused with the reason
// rather than dropped.
import { stickerImageUrl } from '../../../core/chat/mediaUrl';
import { sendOptions } from '../../../core/template/channelPreview';
import { META_LIMITS as ML } from '../../../core/template/limits';
import {
  internationalNumber,
  META_CHANNEL_NAMES,
  META_MESSAGES,
  type MetaButton,
  type MetaChannel,
  type MetaMessage,
  toMessengerMessage,
} from '../../../core/template/messenger';
import { postbackData, tapAction } from '../../../core/template/postback';
import {
  type MetaQuickReply,
  type QuickReplyItem,
  toMetaQuickReplies,
} from '../../../core/template/quickReply';
import { SERVER_MESSAGES } from '../../../core/text/serverMessages';
import type { FieldError } from '../../../core/validation/rules';
import type { ResolvedItem } from '../outgoingItems';

export type MetaOutMessage =
  | (MetaMessage & { quick_replies?: MetaQuickReply[] })
  | {
      attachment: {
        type: 'image' | 'video' | 'audio' | 'file';
        payload: { url: string; is_reusable: boolean };
      };
      quick_replies?: MetaQuickReply[];
    };

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

interface Card {
  texts: string[];
  image?: string;
  buttons: MetaButton[];
}

function buttonOf(action: Node, name: string, problems: string[]): MetaButton | null {
  const title = str(action.label);
  if (title.length > ML.buttonTitle)
    problems.push(`${name} button titles hold at most ${ML.buttonTitle} characters.`);
  switch (action.type) {
    case 'uri': {
      const uri = str(action.uri);
      if (/^tel:/i.test(uri)) {
        // Instagram's buttons open a page or post back; it has no call button.
        if (name === META_CHANNEL_NAMES.instagram) {
          problems.push(META_MESSAGES.cannotShow(name, 'call buttons'));
          return null;
        }
        return { type: 'phone_number', title, payload: internationalNumber(uri.slice(4), '66') };
      }
      if (/^https?:\/\//i.test(uri)) return { type: 'web_url', url: uri, title };
      problems.push(`${name} buttons can open only web addresses.`);
      return null;
    }
    case 'postback':
      return { type: 'postback', title, payload: str(action.data) || title };
    case 'message': {
      // Messenger has no "send this text" button: a postback the actions runtime reads as the
      // customer saying the text (stored as theirs, answered by keywords and intents).
      const said = tapAction({ type: 'message', text: str(action.text) || title });
      const payload = said ? postbackData(said) : '';
      if (payload.length > ML.postbackPayload) problems.push(META_MESSAGES.tooLong(name, ML.postbackPayload));
      return { type: 'postback', title, payload };
    }
    default:
      problems.push(`${name} cannot show a ${str(action.type)} button.`);
      return null;
  }
}

function collect(node: unknown, card: Card, name: string, problems: string[]): void {
  if (!isNode(node)) return;
  switch (node.type) {
    case 'box':
      for (const child of Array.isArray(node.contents) ? node.contents : [])
        collect(child, card, name, problems);
      return;
    case 'text': {
      const text =
        str(node.text) ||
        (Array.isArray(node.contents) ? node.contents.map((s) => str((s as Node)?.text)).join('') : '');
      if (text.trim()) card.texts.push(text.trim());
      return;
    }
    case 'image':
      card.image ??= str(node.url) || undefined;
      return;
    case 'button': {
      if (!isNode(node.action)) return;
      const button = buttonOf(node.action, name, problems);
      if (button) card.buttons.push(button);
      return;
    }
  }
}

function cardOf(bubble: unknown, name: string, problems: string[]): Card {
  const card: Card = { texts: [], buttons: [] };
  if (!isNode(bubble)) return card;
  for (const block of ['header', 'hero', 'body', 'footer']) collect(bubble[block], card, name, problems);
  return card;
}

/** Pure: a LINE Flex card → what Messenger/Instagram can show, or the reasons it cannot. */
export function flexToMeta(
  altText: string,
  contents: unknown,
  name: string,
): { message?: MetaOutMessage; problems: string[] } {
  const problems: string[] = [];
  const bubbles =
    isNode(contents) && contents.type === 'carousel' && Array.isArray(contents.contents)
      ? contents.contents
      : [contents];
  const cards = bubbles.map((b) => cardOf(b, name, problems));
  if (cards.length > ML.genericElements) problems.push(`${name} shows at most ${ML.genericElements} cards.`);
  for (const card of cards) {
    if (card.buttons.length > ML.buttons)
      problems.push(`${name} shows at most ${ML.buttons} buttons per card.`);
  }
  const single = cards.length === 1 ? cards[0] : null;
  if (single && !single.image) {
    const text = single.texts.join('\n') || altText;
    if (single.buttons.length === 0) {
      if (text.length > ML.text) problems.push(`${name} texts hold at most ${ML.text} characters.`);
      return { message: { text }, problems };
    }
    if (text.length > ML.buttonTemplateText)
      problems.push(`${name} button messages hold at most ${ML.buttonTemplateText} characters.`);
    return {
      message: {
        attachment: { type: 'template', payload: { template_type: 'button', text, buttons: single.buttons } },
      },
      problems,
    };
  }
  const elements = cards.map((card) => {
    const [title = altText, ...rest] = card.texts;
    const subtitle = rest.join('\n');
    if (title.length > ML.title) problems.push(`${name} card titles hold at most ${ML.title} characters.`);
    if (subtitle.length > ML.subtitle)
      problems.push(`${name} card texts hold at most ${ML.subtitle} characters.`);
    return {
      title,
      ...(subtitle ? { subtitle } : {}),
      ...(card.image ? { image_url: card.image } : {}),
      ...(card.buttons.length ? { buttons: card.buttons } : {}),
    };
  });
  return {
    message: { attachment: { type: 'template', payload: { template_type: 'generic', elements } } },
    problems,
  };
}

/** Pure: resolved items → one Send API message per call, and the problems that keep them back. */
export function toMetaMessages(
  items: readonly ResolvedItem[],
  channel: MetaChannel,
): { messages: MetaOutMessage[]; errors: FieldError[] } {
  const name = META_CHANNEL_NAMES[channel];
  const messages: MetaOutMessage[] = [];
  const errors: FieldError[] = [];
  const fail = (i: number, message: string) => errors.push({ field: `items[${i}]`, message });
  items.forEach((item, i) => {
    switch (item.type) {
      case 'text':
        if (!item.text.trim()) fail(i, 'This field is required.');
        else if (item.text.length > ML.text) fail(i, `${name} texts hold at most ${ML.text} characters.`);
        messages.push({ text: item.text });
        return;
      case 'image':
      case 'video':
      case 'file':
        if (!item.url) {
          fail(i, SERVER_MESSAGES.noPublicAddress(name));
          return;
        }
        messages.push({ attachment: { type: item.type, payload: { url: item.url, is_reusable: true } } });
        return;
      case 'sticker':
        messages.push({
          attachment: {
            type: 'image',
            payload: { url: stickerImageUrl(String(item.stickerId)), is_reusable: true },
          },
        });
        return;
      case 'flex': {
        if (item.source) {
          const converted = toMessengerMessage(item.source.form, {
            ...sendOptions(item.source.name),
            channel,
          });
          if (converted.ok) messages.push(converted.message);
          else
            for (const e of converted.errors)
              errors.push({ field: `items[${i}]${e.field ? `.${e.field}` : ''}`, message: e.message });
          return;
        }
        const { message, problems } = flexToMeta(item.altText, item.contents, name);
        for (const p of problems) fail(i, p);
        if (message) messages.push(message);
        return;
      }
      case 'quickreply': {
        const quick = toMetaQuickReplies(item.items as QuickReplyItem[]);
        if (!quick.ok) {
          for (const e of quick.errors) errors.push({ field: `items[${i}].${e.field}`, message: e.message });
          return;
        }
        if (item.text?.trim()) messages.push({ text: item.text, quick_replies: quick.message });
        else if (messages.length > 0) messages[messages.length - 1].quick_replies = quick.message;
        else fail(i, SERVER_MESSAGES.quickRepliesAlone);
        return;
      }
      default:
        fail(i, 'This type is not supported.');
    }
  });
  if (messages.length === 0 && errors.length === 0)
    errors.push({ field: 'items', message: 'This field is required.' });
  return { messages, errors };
}
