// Enforces the LINE limits that the OpenAPI schema cannot express (shared/reference/line-limits.md)
// on any message about to leave the server. Errors name the JSON path inside the message. Pure and
// total: it reads `unknown`, never throws, and treats anything odd as an error.
import { type FieldError, textLength } from '../validation/rules';
import { LINE_LIMITS as L, LINE_BUBBLE_SIZES, LIMIT_MESSAGES as M, QUICK_REPLY_ONLY_ACTIONS } from './limits';
import {
  aspectRatioProblem,
  httpsProblem,
  imageUrlProblem,
  isLineColor,
  jsonBytes,
  type LineCheckOptions,
  uriProblem,
} from './lineValues';

type Node = Record<string, unknown>;
const KEYWORDS = ['none', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl'];
const TEXT_SIZES = ['xxs', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl', '3xl', '4xl', '5xl'];
const IMAGE_SIZES = [...TEXT_SIZES, 'full'];
const BORDER_WIDTHS = ['none', 'light', 'normal', 'medium', 'semi-bold', 'bold'];
const BASELINE_CHILDREN = ['icon', 'text', 'filler'];
const PX = /^\d+(\.\d+)?px$/;
const PERCENT = /^\d+(\.\d+)?%$/;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const at = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

class Checker {
  readonly errors: FieldError[] = [];
  constructor(readonly options: LineCheckOptions) {}

  add(field: string, message: string | null): void {
    if (message) this.errors.push({ field, message });
  }
  maxChars(node: Node, key: string, path: string, max: number, graphemes = false): void {
    const v = node[key];
    if (typeof v !== 'string') return;
    this.add(at(path, key), (graphemes ? textLength(v) : v.length) > max ? M.tooLong(max) : null);
  }
  color(node: Node, key: string, path: string): void {
    if (node[key] !== undefined) this.add(at(path, key), isLineColor(node[key]) ? null : M.color);
  }
  keyword(node: Node, key: string, path: string, words: string[], percent = false, pixels = true): void {
    const v = node[key];
    if (v === undefined) return;
    const ok = words.includes(str(v)) || (pixels && PX.test(str(v))) || (percent && PERCENT.test(str(v)));
    this.add(at(path, key), ok ? null : M.keyword);
  }

  action(action: unknown, path: string, where: 'flex' | 'flexButton' | 'quickReply' | 'imagemap'): void {
    if (!isNode(action)) {
      this.add(path, M.required);
      return;
    }
    const type = str(action.type);
    const labelMax = where === 'quickReply' ? L.quickReplyLabel : L.flexActionLabel;
    if (where === 'flexButton' || where === 'quickReply') {
      if (typeof action.label !== 'string' || action.label.length === 0)
        this.add(at(path, 'label'), M.required);
    }
    this.maxChars(action, 'label', path, labelMax, true);
    if (where !== 'quickReply' && (QUICK_REPLY_ONLY_ACTIONS as readonly string[]).includes(type)) {
      this.add(at(path, 'type'), M.quickReplyOnly);
    }
    if (type === 'message') {
      if (!str(action.text)) this.add(at(path, 'text'), M.required);
      // Flex counts graphemes, image maps plain characters (line-limits.md).
      if (where === 'imagemap') this.maxChars(action, 'text', path, L.imagemapMessageText);
      else this.maxChars(action, 'text', path, L.messageActionText, true);
    } else if (type === 'uri') {
      const key = where === 'imagemap' ? 'linkUri' : 'uri';
      this.add(at(path, key), uriProblem(action[key], this.options));
    } else if (type === 'postback') {
      this.maxChars(action, 'data', path, L.postbackData);
      this.maxChars(action, 'displayText', path, L.postbackDisplayText, true);
    } else if (type === 'datetimepicker') {
      const pattern = {
        date: /^\d{4}-\d{2}-\d{2}$/,
        time: /^\d{2}:\d{2}$/,
        datetime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/,
      }[str(action.mode) as 'date'];
      for (const key of ['initial', 'max', 'min']) {
        if (action[key] !== undefined)
          this.add(at(path, key), pattern?.test(str(action[key])) ? null : M.time);
      }
    }
  }

  component(node: unknown, path: string, parentLayout?: string): void {
    if (!isNode(node)) {
      this.add(path, M.required);
      return;
    }
    const type = str(node.type);
    if (parentLayout === 'baseline' && !BASELINE_CHILDREN.includes(type))
      this.add(at(path, 'type'), M.baselineChild);
    this.keyword(node, 'margin', path, KEYWORDS);
    for (const key of ['offsetTop', 'offsetBottom', 'offsetStart', 'offsetEnd']) {
      this.keyword(node, key, path, KEYWORDS, true);
    }
    if (node.action !== undefined)
      this.action(node.action, at(path, 'action'), type === 'button' ? 'flexButton' : 'flex');
    switch (type) {
      case 'box': {
        this.keyword(node, 'spacing', path, KEYWORDS);
        for (const key of ['paddingAll', 'paddingTop', 'paddingBottom', 'paddingStart', 'paddingEnd']) {
          this.keyword(node, key, path, KEYWORDS, true);
        }
        for (const key of ['width', 'maxWidth', 'height', 'maxHeight'])
          this.keyword(node, key, path, [], true);
        this.keyword(node, 'cornerRadius', path, KEYWORDS);
        this.keyword(node, 'borderWidth', path, BORDER_WIDTHS);
        for (const key of ['backgroundColor', 'borderColor']) this.color(node, key, path);
        if (isNode(node.background)) {
          for (const key of ['startColor', 'endColor', 'centerColor']) {
            this.color(node.background, key, at(path, 'background'));
          }
        }
        const children = Array.isArray(node.contents) ? node.contents : [];
        children.forEach((child, i) => {
          this.component(child, at(at(path, 'contents'), i), str(node.layout));
        });
        break;
      }
      case 'text':
        if (!str(node.text) && !(Array.isArray(node.contents) && node.contents.length > 0)) {
          this.add(at(path, 'text'), M.required);
        }
        this.keyword(node, 'size', path, TEXT_SIZES);
        this.color(node, 'color', path);
        if (Array.isArray(node.contents)) {
          node.contents.forEach((span, i) => {
            if (!isNode(span)) return;
            this.color(span, 'color', at(at(path, 'contents'), i));
            this.keyword(span, 'size', at(at(path, 'contents'), i), TEXT_SIZES);
          });
        }
        break;
      case 'image':
      case 'icon':
        this.add(at(path, 'url'), imageUrlProblem(node.url, this.options));
        this.keyword(node, 'size', path, type === 'image' ? IMAGE_SIZES : TEXT_SIZES, type === 'image');
        if (node.aspectRatio !== undefined)
          this.add(at(path, 'aspectRatio'), aspectRatioProblem(node.aspectRatio));
        this.color(node, 'backgroundColor', path);
        break;
      case 'button':
        this.color(node, 'color', path);
        break;
      case 'separator':
        this.color(node, 'color', path);
        break;
    }
  }

  bubble(bubble: unknown, path: string): void {
    if (!isNode(bubble)) {
      this.add(path, M.required);
      return;
    }
    for (const block of ['header', 'hero', 'body', 'footer']) {
      if (bubble[block] !== undefined) this.component(bubble[block], at(path, block));
    }
    if (isNode(bubble.styles)) {
      for (const [name, style] of Object.entries(bubble.styles)) {
        if (!isNode(style)) continue;
        this.color(style, 'backgroundColor', at(at(path, 'styles'), name));
        this.color(style, 'separatorColor', at(at(path, 'styles'), name));
      }
    }
    if (bubble.action !== undefined) this.action(bubble.action, at(path, 'action'), 'flex');
  }

  flex(message: Node): void {
    if (!str(message.altText)) this.add('altText', M.required);
    this.maxChars(message, 'altText', '', L.altText);
    const contents = message.contents;
    if (!isNode(contents)) {
      this.add('contents', M.required);
      return;
    }
    if (contents.type === 'carousel') {
      const bubbles = Array.isArray(contents.contents) ? contents.contents : [];
      if (bubbles.length === 0) this.add('contents.contents', M.required);
      if (bubbles.length > L.carouselBubbles) this.add('contents.contents', M.carouselBubbles);
      const sizes = new Set(bubbles.map((b) => (isNode(b) && b.size !== undefined ? b.size : 'mega')));
      if (sizes.size > 1) this.add('contents.contents', M.sameSize);
      if (jsonBytes(contents) > L.carouselBytes) this.add('contents', M.carouselBytes);
      bubbles.forEach((b, i) => {
        this.bubble(b, `contents.contents[${i}]`);
        if (jsonBytes(b) > L.bubbleBytes) this.add(`contents.contents[${i}]`, M.bubbleBytes);
      });
    } else {
      this.bubble(contents, 'contents');
      if (jsonBytes(contents) > L.bubbleBytes) this.add('contents', M.bubbleBytes);
    }
    if (contents.type === 'bubble' && contents.size !== undefined) {
      this.add(
        'contents.size',
        (LINE_BUBBLE_SIZES as readonly unknown[]).includes(contents.size) ? null : M.keyword,
      );
    }
  }

  imagemap(message: Node): void {
    // LINE appends the width to baseUrl (`…/1040`), so it has no extension to check.
    this.add('baseUrl', httpsProblem(message.baseUrl, L.imageUrl));
    if (!str(message.altText)) this.add('altText', M.required);
    this.maxChars(message, 'altText', '', L.imagemapAltText);
    const size = isNode(message.baseSize) ? message.baseSize : {};
    if (size.width !== L.imagemapBaseWidth) this.add('baseSize.width', M.imagemapWidth);
    const height = Number(size.height);
    if (!Number.isInteger(height) || height <= 0) this.add('baseSize.height', M.integer);
    const actions = Array.isArray(message.actions) ? message.actions : [];
    if (actions.length > L.imagemapActions) this.add('actions', M.tooMany(L.imagemapActions));
    actions.forEach((action, i) => {
      const path = `actions[${i}]`;
      this.action(action, path, 'imagemap');
      const area = isNode(action) && isNode(action.area) ? action.area : {};
      const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((k) => area[k]);
      const ints = [x, y, w, h].every((n) => Number.isInteger(n));
      if (!ints) {
        this.add(`${path}.area`, M.integer);
        return;
      }
      const inside =
        (x as number) >= 0 &&
        (y as number) >= 0 &&
        (w as number) > 0 &&
        (h as number) > 0 &&
        (x as number) + (w as number) <= L.imagemapBaseWidth &&
        (y as number) + (h as number) <= height;
      this.add(`${path}.area`, inside ? null : M.imagemapArea);
    });
  }

  message(message: unknown): void {
    if (!isNode(message)) {
      this.add('', M.required);
      return;
    }
    switch (message.type) {
      case 'text':
        if (!str(message.text)) this.add('text', M.required);
        this.maxChars(message, 'text', '', L.textMessage);
        break;
      case 'flex':
        this.flex(message);
        break;
      case 'imagemap':
        this.imagemap(message);
        break;
      case 'image':
      case 'video':
        this.add('originalContentUrl', httpsProblem(message.originalContentUrl, L.imageUrl));
        this.add('previewImageUrl', imageUrlProblem(message.previewImageUrl, this.options));
        break;
      case 'sticker':
        if (typeof message.packageId !== 'string' || typeof message.stickerId !== 'string')
          this.add('stickerId', M.required);
        break;
    }
    if (isNode(message.quickReply)) {
      const items = Array.isArray(message.quickReply.items) ? message.quickReply.items : [];
      if (items.length > L.quickReplyItems) this.add('quickReply.items', M.tooMany(L.quickReplyItems));
      items.forEach((item, i) => {
        this.action(isNode(item) ? item.action : undefined, `quickReply.items[${i}].action`, 'quickReply');
      });
    }
  }
}

/** Prose limits of one LINE message; [] when it may be sent. */
export function checkLineMessage(message: unknown, options: LineCheckOptions = {}): FieldError[] {
  const checker = new Checker(options);
  try {
    checker.message(message);
  } catch (error) {
    checker.add('', error instanceof Error ? error.message : String(error));
  }
  return checker.errors;
}

/** A whole reply or push: 1 to 5 messages, each checked; fields are prefixed `[i].`. */
export function checkLineMessages(messages: unknown, options: LineCheckOptions = {}): FieldError[] {
  if (!Array.isArray(messages) || messages.length < 1 || messages.length > L.messagesPerRequest) {
    return [{ field: '', message: M.messagesPerRequest }];
  }
  return messages.flatMap((message, i) =>
    checkLineMessage(message, options).map((e) => ({
      field: e.field ? `[${i}].${e.field}` : `[${i}]`,
      message: e.message,
    })),
  );
}

export {
  aspectRatioProblem,
  httpsProblem,
  imageUrlProblem,
  isLineColor,
  jsonBytes,
  type LineCheckOptions,
  lineColor,
  uriProblem,
} from './lineValues';
