// The editor's form → Messenger / Instagram (spec 3 Facebook types: text_and_button, generic
// template, media). One item: a button template (texts + buttons), a media template (an image
// alone), or a generic element; several items: a generic template. Blocks a Meta card cannot
// show are refused by field rather than dropped, except separators, which carry no content.
import { isUrl } from '../validation/rules';
import { type Action, actionUri, hasAction, normalizeAction, postbackData } from './action';
import { blockForMode } from './apiVariables';
import type { Block } from './blocks';
import { orderedContents, type TemplateForm } from './form';
import { LIMIT_MESSAGES as M, META_LIMITS as ML } from './limits';
import { type ConvertOptions, type ConvertResult, failure, guarded, Problems } from './result';
import { readValidForm } from './validate';

export type MetaChannel = 'messenger' | 'instagram';
export const META_CHANNEL_NAMES: Record<MetaChannel, string> = {
  messenger: 'Messenger',
  instagram: 'Instagram',
};

export type MetaButton =
  | { type: 'web_url'; url: string; title: string }
  | { type: 'postback'; title: string; payload: string }
  | { type: 'phone_number'; title: string; payload: string };
export interface GenericElement {
  title: string;
  subtitle?: string;
  image_url?: string;
  default_action?: { type: 'web_url'; url: string };
  buttons?: MetaButton[];
}
export type MetaMessage =
  | { text: string }
  | { attachment: { type: 'image'; payload: { url: string; is_reusable: boolean } } }
  | { attachment: { type: 'template'; payload: { template_type: 'generic'; elements: GenericElement[] } } }
  | {
      attachment: {
        type: 'template';
        payload: { template_type: 'button'; text: string; buttons: MetaButton[] };
      };
    }
  | {
      attachment: {
        type: 'template';
        payload: {
          template_type: 'media';
          elements: [{ media_type: 'image'; url: string; buttons?: MetaButton[] }];
        };
      };
    };

/**
 * What a Meta card cannot show, or holds too many of (the `what` of META_MESSAGES); the console
 * says each in the user's language (locales `messages.metaThings`).
 */
export const META_THINGS = {
  textColumns: 'text columns',
  callButtons: 'call buttons',
  imageWithButton: 'an image with a button',
  imagePerCard: 'image per card',
  buttonsPerCard: 'buttons per card',
  buttonWithImageAlone: 'button with an image alone',
  cards: 'cards',
} as const;

export const META_MESSAGES = {
  cannotShow: (channel: string, what: string) => `${channel} cannot show ${what}.`,
  tooLong: (channel: string, max: number) => `${channel} allows at most ${max} characters here.`,
  tooMany: (channel: string, max: number, what: string) => `${channel} allows at most ${max} ${what}.`,
  buttonNeedsAction: (channel: string) => `${channel} buttons need an action.`,
  imageLinkOnly: (channel: string) => `${channel} images can only open a link.`,
  textAction: (channel: string) => `${channel} cannot attach an action to text; use a button.`,
  titleRequired: (channel: string) => `${channel} cards need a title: add a text block.`,
} as const;

export interface MetaOptions extends ConvertOptions {
  channel?: MetaChannel;
  /** Country calling code for local numbers (spec 5 allows 10 digits, no '+'); Thailand by default. */
  countryCode?: string;
}

interface Card {
  texts: { text: string; field: string }[];
  image?: { url: string; field: string; link?: string };
  buttons: { button: MetaButton; field: string }[];
}

/** `0812345678` → `+66812345678`; an API placeholder is left for the server to fill. */
export function internationalNumber(tel: string, countryCode: string): string {
  const digits = tel.trim();
  if (digits.startsWith('+') || digits.startsWith('{')) return digits;
  return `+${countryCode}${digits.replace(/^0+/, '')}`;
}

class CardBuilder {
  readonly card: Card = { texts: [], buttons: [] };
  constructor(
    readonly problems: Problems,
    readonly channel: MetaChannel,
    readonly options: MetaOptions,
  ) {}
  get name() {
    return META_CHANNEL_NAMES[this.channel];
  }

  text(value: string | null | undefined, field: string, action?: Action | null, actionField?: string): void {
    if (hasAction(action))
      this.problems.add(actionField ?? `${field}.action`, META_MESSAGES.textAction(this.name));
    const text = (value ?? '').trim();
    if (text) this.card.texts.push({ text, field });
  }

  image(url: string, field: string, action: Action | null | undefined, actionField: string): void {
    if (this.card.image) {
      this.problems.add(field, META_MESSAGES.tooMany(this.name, 1, META_THINGS.imagePerCard));
      return;
    }
    let link: string | undefined;
    if (hasAction(action)) {
      if (action.type !== 'uri' || action.useActionFromApi)
        this.problems.add(`${actionField}.type`, META_MESSAGES.imageLinkOnly(this.name));
      else link = actionUri(action);
    }
    this.card.image = { url, field, link };
  }

  button(
    title: string | null | undefined,
    field: string,
    action: Action | null | undefined,
    actionField: string,
  ): void {
    const label = (title ?? '').trim();
    if (label.length > ML.buttonTitle)
      this.problems.add(field, META_MESSAGES.tooLong(this.name, ML.buttonTitle));
    if (!hasAction(action)) {
      this.problems.add(`${actionField}.type`, META_MESSAGES.buttonNeedsAction(this.name));
      return;
    }
    const a = normalizeAction(action);
    let button: MetaButton;
    if (!a.useActionFromApi && a.type === 'uri') {
      const url = actionUri(a);
      if (!isUrl(url, { placeholders: true }) && !url.startsWith('{'))
        this.problems.add(`${actionField}.uri`, M.url);
      button = { type: 'web_url', url, title: label };
    } else if (!a.useActionFromApi && a.type === 'tel') {
      if (this.channel === 'instagram')
        this.problems.add(
          `${actionField}.type`,
          META_MESSAGES.cannotShow(this.name, META_THINGS.callButtons),
        );
      const tel = a.typeTel === 'api' ? `{${a.urlTelName ?? ''}}` : String(a.tel ?? '');
      button = {
        type: 'phone_number',
        title: label,
        payload: internationalNumber(tel, this.options.countryCode ?? '66'),
      };
    } else {
      const payload = postbackData(a);
      if (payload.length > ML.postbackPayload)
        this.problems.add(actionField, META_MESSAGES.tooLong(this.name, ML.postbackPayload));
      button = { type: 'postback', title: label, payload };
    }
    if (this.card.buttons.length >= ML.buttons) {
      this.problems.add(field, META_MESSAGES.tooMany(this.name, ML.buttons, META_THINGS.buttonsPerCard));
      return;
    }
    this.card.buttons.push({ button, field });
  }

  block(block: Block, at: string): void {
    const f = (name: string) => `${at}.${name}`;
    switch (block.component) {
      case 'textHeader':
      case 'labelLeftTop':
      case 'labelCenterBottom': {
        this.text(block.text, f('text'), block.action, f('action'));
        return;
      }
      case 'textRow': {
        this.text(block.cells.map((c) => c.text ?? '').join(' '), f('cells'), block.action, f('action'));
        return;
      }
      case 'textInRow': {
        this.text(block.spans.map((s) => s.text ?? '').join(''), f('spans'), block.action, f('action'));
        return;
      }
      case 'textColumn':
        this.problems.add(f('component'), META_MESSAGES.cannotShow(this.name, META_THINGS.textColumns));
        return;
      case 'separator':
        return;
      case 'button': {
        this.button(block.text, f('text'), block.action, f('action'));
        return;
      }
      case 'imageCover': {
        this.image(block.url ?? '', f('url'), block.action, f('action'));
        return;
      }
      case 'imageBackground':
        this.image(block.url ?? '', f('url'), block.action, f('action'));
        {
          this.text(block.text, f('text'));
          return;
        }
      case 'imageLeftInfoAndButtonRight':
        this.image(block.url ?? '', f('url'), block.actionImage, f('actionImage'));
        this.text(block.textTop, f('textTop'), block.actionTextTop, f('actionTextTop'));
        {
          this.button(block.textBtn, f('textBtn'), block.actionBtnBottom, f('actionBtnBottom'));
          return;
        }
      case 'imageLeftAndInfoRight':
        this.image(block.url ?? '', f('url'), block.actionImage, f('actionImage'));
        this.text(block.textTop, f('textTop'), block.actionTextTop, f('actionTextTop'));
        {
          this.text(block.textBottom, f('textBottom'), block.actionTextBottom, f('actionTextBottom'));
          return;
        }
    }
  }
}

function cardOf(
  form: TemplateForm,
  i: number,
  problems: Problems,
  channel: MetaChannel,
  options: MetaOptions,
): Card {
  const builder = new CardBuilder(problems, channel, options);
  for (const { block, index } of orderedContents(form.items[i].contents)) {
    if (block.active === false) continue;
    for (const shown of blockForMode(block, form.apiSetting, options.mode ?? 'show', options.values)) {
      builder.block(shown, `items[${i}].contents[${index}]`);
    }
  }
  return builder.card;
}

function element(card: Card, i: number, name: string, problems: Problems): GenericElement {
  const [title, ...rest] = card.texts;
  if (!title) problems.add(`items[${i}].contents`, META_MESSAGES.titleRequired(name));
  else if (title.text.length > ML.title) problems.add(title.field, META_MESSAGES.tooLong(name, ML.title));
  const subtitle = rest.map((t) => t.text).join('\n');
  if (subtitle.length > ML.subtitle)
    problems.add(rest[rest.length - 1].field, META_MESSAGES.tooLong(name, ML.subtitle));
  return {
    title: title?.text ?? '',
    ...(subtitle ? { subtitle } : {}),
    ...(card.image ? { image_url: card.image.url } : {}),
    ...(card.image?.link ? { default_action: { type: 'web_url' as const, url: card.image.link } } : {}),
    ...(card.buttons.length ? { buttons: card.buttons.map((b) => b.button) } : {}),
  };
}

function single(card: Card, name: string, channel: MetaChannel, problems: Problems): MetaMessage | null {
  const text = card.texts.map((t) => t.text).join('\n');
  const buttons = card.buttons.map((b) => b.button);
  if (!card.image && buttons.length === 0) {
    if (text.length > ML.text)
      problems.add(
        card.texts[card.texts.length - 1]?.field ?? 'items[0]',
        META_MESSAGES.tooLong(name, ML.text),
      );
    return { text };
  }
  if (!card.image) {
    if (text.length > ML.buttonTemplateText) {
      problems.add(
        card.texts[card.texts.length - 1]?.field ?? 'items[0]',
        META_MESSAGES.tooLong(name, ML.buttonTemplateText),
      );
    }
    if (!text) problems.add('items[0].contents', META_MESSAGES.titleRequired(name));
    return { attachment: { type: 'template', payload: { template_type: 'button', text, buttons } } };
  }
  if (card.texts.length === 0 && !card.image.link) {
    if (buttons.length === 0)
      return { attachment: { type: 'image', payload: { url: card.image.url, is_reusable: true } } };
    if (channel === 'instagram')
      problems.add(card.image.field, META_MESSAGES.cannotShow(name, META_THINGS.imageWithButton));
    if (buttons.length > ML.mediaButtons)
      problems.add(
        card.buttons[1].field,
        META_MESSAGES.tooMany(name, ML.mediaButtons, META_THINGS.buttonWithImageAlone),
      );
    return {
      attachment: {
        type: 'template',
        payload: {
          template_type: 'media',
          elements: [{ media_type: 'image', url: card.image.url, buttons }],
        },
      },
    };
  }
  return null;
}

/** Converts a form for Messenger (default) or Instagram; never throws. */
export function toMessengerMessage(input: unknown, options: MetaOptions = {}): ConvertResult<MetaMessage> {
  return guarded(() => {
    const channel = options.channel ?? 'messenger';
    const name = META_CHANNEL_NAMES[channel];
    const read = readValidForm(input);
    if (!read.ok) return failure(read.errors);
    const form = read.form;
    const problems = new Problems();
    if (form.items.length > ML.genericElements)
      problems.add('items', META_MESSAGES.tooMany(name, ML.genericElements, META_THINGS.cards));
    const cards = form.items.map((_, i) => cardOf(form, i, problems, channel, options));
    const message =
      (cards.length === 1 ? single(cards[0], name, channel, problems) : null) ??
      ({
        attachment: {
          type: 'template',
          payload: {
            template_type: 'generic',
            elements: cards.map((card, i) => element(card, i, name, problems)),
          },
        },
      } satisfies MetaMessage);
    if (!problems.empty) return failure(problems.errors);
    return { ok: true, message };
  });
}
