// Field groups shared by the content blocks (spec 3 "Template editor content blocks"): text
// styling, image settings and paddings, with the spec's defaults. The keyword lists are LINE
// Flex's, since the editor's preview and every converter read them.
import {
  array,
  boolean,
  coerce,
  defaulted,
  enums,
  nullable,
  number,
  optional,
  string,
  unknown,
} from 'superstruct';
import { Action } from './action';

export const TEXT_WEIGHTS = ['regular', 'bold'] as const;
export const TEXT_SIZES = ['xxs', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl', '3xl', '4xl', '5xl'] as const;
export const TEXT_STYLES = ['normal', 'italic'] as const;
export const TEXT_DECORATIONS = ['none', 'underline', 'line-through'] as const;
export const TEXT_ALIGNS = ['start', 'center', 'end'] as const;
export const ASPECT_MODES = ['cover', 'fit'] as const;
export const IMAGE_SOURCES = ['file', 'api'] as const;
/** Ratios the editor offers; 'custom' uses the block's `width` and `height`. */
export const ASPECT_RATIOS = [
  '1:1',
  '1.51:1',
  '1.54:1',
  '1.91:1',
  '4:3',
  '16:9',
  '3:4',
  '2:3',
  'custom',
] as const;

export type TextWeight = (typeof TEXT_WEIGHTS)[number];
export type TextSize = (typeof TEXT_SIZES)[number];
export type TextAlign = (typeof TEXT_ALIGNS)[number];

/** Spec 3 and 9 defaults. */
export const DEFAULTS = {
  weight: 'regular',
  size: 'md',
  style: 'normal',
  decoration: 'none',
  align: 'start',
  textColor: '#000000',
  aspectRatio: '1.54:1',
  backgroundAspectRatio: '1:1',
  bubbleAspectRatio: '1.51:1',
  aspectMode: 'cover',
  source: 'file',
  sizeImage: 100,
  textWidth: 50,
  gridLeft: 50,
  gridRight: 50,
  separatorColor: '#7F7F7F',
  buttonBackground: '#E3EBF3',
  buttonColor: '#124A97',
  buttonText: 'Button',
} as const;

/** Spec 9 paddings in px: text and button 20, image-and-info 10, images and separators 0. */
export const PADDING = { text: 20, button: 20, imageAndInfo: 10, image: 0, separator: 0 } as const;

/** Numbers typed into inputs arrive as strings. */
const numberInput = coerce(number(), string(), (s) => Number(s));

/** A number input with a default; a blank one means 0. */
export const pixels = (fallback: number) =>
  defaulted(
    coerce(number(), string(), (s) => (s.trim() === '' ? 0 : Number(s))),
    fallback,
  );

const colour = (fallback?: string) =>
  fallback === undefined ? optional(nullable(string())) : defaulted(nullable(string()), fallback);

export interface TextStyleDefaults {
  text?: string;
  color?: string;
  backgroundColor?: string;
  align?: TextAlign;
  size?: TextSize;
  weight?: TextWeight;
}

/** text, weight, size, color, backgroundColor, style, decoration, align, options. */
export function textFields(d: TextStyleDefaults = {}) {
  return {
    text: defaulted(nullable(string()), d.text ?? 'Text'),
    weight: defaulted(enums(TEXT_WEIGHTS), d.weight ?? DEFAULTS.weight),
    size: defaulted(enums(TEXT_SIZES), d.size ?? DEFAULTS.size),
    color: colour(d.color ?? DEFAULTS.textColor),
    backgroundColor: colour(d.backgroundColor),
    style: defaulted(enums(TEXT_STYLES), DEFAULTS.style),
    decoration: defaulted(enums(TEXT_DECORATIONS), DEFAULTS.decoration),
    align: defaulted(enums(TEXT_ALIGNS), d.align ?? DEFAULTS.align),
    /** Which style controls the editor shows for this block. */
    options: optional(array(string())),
  };
}

/** textTop, weightTop, sizeTop, colorTop, styleTop, alignTop, decorationTop (image-and-info/text). */
export function topTextFields(d: TextStyleDefaults = {}) {
  return {
    textTop: defaulted(nullable(string()), d.text ?? 'Title'),
    weightTop: defaulted(enums(TEXT_WEIGHTS), d.weight ?? DEFAULTS.weight),
    sizeTop: defaulted(enums(TEXT_SIZES), d.size ?? DEFAULTS.size),
    colorTop: colour(d.color ?? DEFAULTS.textColor),
    styleTop: defaulted(enums(TEXT_STYLES), DEFAULTS.style),
    alignTop: defaulted(enums(TEXT_ALIGNS), d.align ?? DEFAULTS.align),
    decorationTop: defaulted(enums(TEXT_DECORATIONS), DEFAULTS.decoration),
  };
}

/** The bottom text of image-and-text, styled like the top one. */
export function bottomTextFields(d: TextStyleDefaults = {}) {
  return {
    textBottom: defaulted(nullable(string()), d.text ?? 'Text'),
    weightBottom: defaulted(enums(TEXT_WEIGHTS), d.weight ?? DEFAULTS.weight),
    sizeBottom: defaulted(enums(TEXT_SIZES), d.size ?? DEFAULTS.size),
    colorBottom: colour(d.color ?? DEFAULTS.textColor),
    styleBottom: defaulted(enums(TEXT_STYLES), DEFAULTS.style),
    alignBottom: defaulted(enums(TEXT_ALIGNS), d.align ?? DEFAULTS.align),
    decorationBottom: defaulted(enums(TEXT_DECORATIONS), DEFAULTS.decoration),
  };
}

/** aspectRatio (or custom width/height), aspectMode, source file or api, url, urlApi, urlApiName. */
export function imageFields(aspectRatio: string = DEFAULTS.aspectRatio) {
  return {
    aspectRatio: defaulted(string(), aspectRatio),
    width: optional(nullable(numberInput)),
    height: optional(nullable(numberInput)),
    aspectMode: defaulted(enums(ASPECT_MODES), DEFAULTS.aspectMode),
    source: defaulted(enums(IMAGE_SOURCES), DEFAULTS.source),
    url: defaulted(nullable(string()), ''),
    /** The API image address; replaces `url` when the template is submitted (spec 4). */
    urlApi: optional(nullable(string())),
    urlApiName: optional(nullable(string())),
  };
}

/** active, position, name, key, component, paddings, action, formValidate. */
export function commonFields(padding: number, name: string) {
  return {
    active: defaulted(boolean(), true),
    position: defaulted(number(), 0),
    name: defaulted(string(), name),
    key: defaulted(string(), ''),
    paddingTop: pixels(padding),
    paddingBottom: pixels(padding),
    paddingStart: pixels(padding),
    paddingEnd: pixels(padding),
    action: optional(nullable(Action)),
    /** The editor's per-block validation state; the converters ignore it. */
    formValidate: optional(unknown()),
  };
}

/** "W:H" for LINE, from a preset ratio or the custom width and height. */
export function aspectRatioOf(image: {
  aspectRatio?: string | null;
  width?: number | null;
  height?: number | null;
}) {
  if (image.aspectRatio === 'custom') return `${image.width ?? ''}:${image.height ?? ''}`;
  return image.aspectRatio ?? DEFAULTS.aspectRatio;
}
