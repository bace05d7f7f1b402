// The web widget's card format: a small JSON the widget draws with its own components (it has no
// Flex renderer). Each item is a card of ordered parts, so layout order, labels and colours
// survive; every block kind has a part. Actions use the same postback data as LINE, sent back
// through the widget webhook as a postback event.
import {
  type Action,
  actionUri,
  hasAction,
  normalizeAction,
  postbackData,
  postbackDisplayText,
  telUri,
} from './action';
import { blockForMode } from './apiVariables';
import { type Block, bottomTextOf, type TextCell, topTextOf } from './blocks';
import { altTextOf, type ContentSize, orderedContents } from './form';
import { lineColor } from './lineCheck';
import { type ConvertOptions, type ConvertResult, failure, guarded } from './result';
import { aspectRatioOf } from './styles';
import { readValidForm } from './validate';

export type WidgetAction =
  | { type: 'message'; text: string }
  | { type: 'uri'; uri: string }
  | { type: 'tel'; uri: string }
  | { type: 'postback'; data: string; displayText?: string };

export interface WidgetText {
  text: string;
  weight?: 'regular' | 'bold';
  size?: string;
  color?: string;
  align?: 'start' | 'center' | 'end';
  style?: 'normal' | 'italic';
  decoration?: 'none' | 'underline' | 'line-through';
  action?: WidgetAction;
}
export interface WidgetImage {
  url: string;
  /** "W:H" */
  aspectRatio: string;
  fit: 'cover' | 'fit';
  action?: WidgetAction;
}
export interface WidgetButton {
  label: string;
  color?: string;
  backgroundColor?: string;
  action?: WidgetAction;
}
export interface WidgetPadding {
  top: number;
  bottom: number;
  start: number;
  end: number;
}

export type WidgetPart =
  | {
      kind: 'text';
      padding: WidgetPadding;
      backgroundColor?: string;
      texts: WidgetText[];
      action?: WidgetAction;
    }
  | { kind: 'columns'; padding: WidgetPadding; backgroundColor?: string; columns: WidgetText[][] }
  | {
      kind: 'image';
      padding: WidgetPadding;
      image: WidgetImage;
      caption?: WidgetText & { backgroundColor?: string };
    }
  | { kind: 'button'; padding: WidgetPadding; button: WidgetButton }
  | {
      kind: 'imageRow';
      padding: WidgetPadding;
      image: WidgetImage & { widthPercent: number };
      /** Share of the row: image column : text column. */
      grid: [number, number];
      texts: WidgetText[];
      button?: WidgetButton;
    }
  | { kind: 'separator'; padding: WidgetPadding; color: string }
  | {
      kind: 'label';
      placement: 'topLeft' | 'centerBottom';
      offset: WidgetPadding;
      label: WidgetText & { backgroundColor?: string };
    };

export interface WidgetCard {
  parts: WidgetPart[];
}
export interface WidgetCardMessage {
  type: 'cards';
  altText: string;
  size: ContentSize;
  cards: WidgetCard[];
}

export function toWidgetAction(action: Action | null | undefined): WidgetAction | undefined {
  if (!hasAction(action)) return undefined;
  const a = normalizeAction(action);
  if (!a.useActionFromApi && a.type === 'message') return { type: 'message', text: (a.text ?? '').trim() };
  if (!a.useActionFromApi && a.type === 'uri') return { type: 'uri', uri: actionUri(a) };
  if (!a.useActionFromApi && a.type === 'tel') return { type: 'tel', uri: telUri(a) };
  const displayText = postbackDisplayText(a);
  return { type: 'postback', data: postbackData(a), ...(displayText ? { displayText } : {}) };
}

const colour = (value: string | null | undefined) => (value ? (lineColor(value) ?? undefined) : undefined);

function padding(block: Block): WidgetPadding {
  return {
    top: block.paddingTop,
    bottom: block.paddingBottom,
    start: block.paddingStart,
    end: block.paddingEnd,
  };
}

function text(t: Partial<TextCell> & { text?: string | null }, action?: Action | null): WidgetText {
  const out: WidgetText = { text: t.text ?? '' };
  if (t.weight) out.weight = t.weight;
  if (t.size) out.size = t.size;
  const color = colour(t.color);
  if (color) out.color = color;
  if (t.align) out.align = t.align;
  if (t.style) out.style = t.style;
  if (t.decoration) out.decoration = t.decoration;
  const tap = toWidgetAction(action);
  if (tap) out.action = tap;
  return out;
}

type ImageBlock = Extract<Block, { aspectRatio: string }>;
function image(block: ImageBlock, action: Action | null | undefined): WidgetImage {
  const tap = toWidgetAction(action);
  return {
    url: block.url ?? '',
    aspectRatio: aspectRatioOf(block),
    fit: block.aspectMode,
    ...(tap ? { action: tap } : {}),
  };
}

function button(
  label: string | null | undefined,
  color: string | null | undefined,
  bg: string | null | undefined,
  action?: Action | null,
): WidgetButton {
  const tap = toWidgetAction(action);
  return {
    label: label ?? '',
    color: colour(color),
    backgroundColor: colour(bg),
    ...(tap ? { action: tap } : {}),
  };
}

export function widgetPart(block: Block): WidgetPart {
  const pad = padding(block);
  switch (block.component) {
    case 'textHeader':
      return {
        kind: 'text',
        padding: pad,
        backgroundColor: colour(block.backgroundColor),
        texts: [text(block)],
        action: toWidgetAction(block.action),
      };
    case 'textInRow':
      return {
        kind: 'text',
        padding: pad,
        backgroundColor: colour(block.backgroundColor),
        texts: block.spans.map((s) => text({ ...s, align: block.align })),
        action: toWidgetAction(block.action),
      };
    case 'textColumn':
      return {
        kind: 'columns',
        padding: pad,
        backgroundColor: colour(block.backgroundColor),
        columns: block.columns.map((c) => c.rows.map((r) => text(r))),
      };
    case 'textRow':
      return {
        kind: 'columns',
        padding: pad,
        backgroundColor: colour(block.backgroundColor),
        columns: block.cells.map((c) => [text(c)]),
      };
    case 'imageCover':
      return { kind: 'image', padding: pad, image: image(block, block.action) };
    case 'imageBackground': {
      const caption = (block.text ?? '').trim()
        ? { ...text(block), backgroundColor: colour(block.backgroundColor) }
        : undefined;
      return {
        kind: 'image',
        padding: pad,
        image: image(block, block.action),
        ...(caption ? { caption } : {}),
      };
    }
    case 'button':
      return {
        kind: 'button',
        padding: pad,
        button: button(block.text, block.color, block.backgroundColor, block.action),
      };
    case 'imageLeftInfoAndButtonRight':
      return {
        kind: 'imageRow',
        padding: pad,
        image: { ...image(block, block.actionImage), widthPercent: 100 },
        grid: [1, 2],
        texts: [text(topTextOf(block), block.actionTextTop)],
        button: button(block.textBtn, block.colorBtn, block.backgroundColorBtn, block.actionBtnBottom),
      };
    case 'imageLeftAndInfoRight':
      return {
        kind: 'imageRow',
        padding: pad,
        image: { ...image(block, block.actionImage), widthPercent: block.sizeImage },
        grid: [block.gridLeft, block.gridRight],
        texts: [
          text(topTextOf(block), block.actionTextTop),
          text(bottomTextOf(block), block.actionTextBottom),
        ],
      };
    case 'separator':
      return { kind: 'separator', padding: pad, color: colour(block.color) ?? '#7F7F7F' };
    case 'labelLeftTop':
    case 'labelCenterBottom':
      return {
        kind: 'label',
        placement: block.component === 'labelLeftTop' ? 'topLeft' : 'centerBottom',
        offset: pad,
        label: { ...text(block, block.action), backgroundColor: colour(block.backgroundColor) },
      };
  }
}

/** Converts a form for the web widget; never throws. */
export function toWidgetCards(
  input: unknown,
  options: ConvertOptions = {},
): ConvertResult<WidgetCardMessage> {
  return guarded(() => {
    const read = readValidForm(input);
    if (!read.ok) return failure(read.errors);
    const form = read.form;
    const altText = altTextOf(form, options.fallbackName);
    if (!altText) return failure([{ field: 'altText', message: 'This field is required.' }]);
    const cards = form.items.map((item) => ({
      parts: orderedContents(item.contents)
        .filter(({ block }) => block.active !== false)
        .flatMap(({ block }) => blockForMode(block, form.apiSetting, options.mode ?? 'show', options.values))
        .map(widgetPart),
    }));
    return { ok: true, message: { type: 'cards', altText, size: form.contentSize, cards } };
  });
}
