// The content blocks of the template editor (spec 3), one struct per kind, discriminated by
// `component`. Structs carry the spec's defaults, so `create` / `createBlock` fill them in.
import {
  array,
  create,
  defaulted,
  dynamic,
  enums,
  type Infer,
  literal,
  nullable,
  optional,
  string,
  type,
  unknown,
} from 'superstruct';
import { Action } from './action';
import {
  bottomTextFields,
  commonFields,
  DEFAULTS,
  imageFields,
  PADDING,
  pixels,
  TEXT_ALIGNS,
  TEXT_DECORATIONS,
  TEXT_SIZES,
  TEXT_STYLES,
  TEXT_WEIGHTS,
  textFields,
  topTextFields,
} from './styles';

export const BLOCK_KINDS = [
  'textHeader',
  'textColumn',
  'imageCover',
  'button',
  'imageLeftInfoAndButtonRight',
  'imageLeftAndInfoRight',
  'separator',
  'imageBackground',
  'labelLeftTop',
  'labelCenterBottom',
  'textRow',
  'textInRow',
] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/** The palette labels (spec 3 names the first few; the rest are ours). */
export const BLOCK_NAMES: Record<BlockKind, string> = {
  textHeader: 'Text',
  textColumn: 'Text Column',
  imageCover: 'Image',
  button: 'Button',
  imageLeftInfoAndButtonRight: 'Image and Information',
  imageLeftAndInfoRight: 'Image and Text',
  separator: 'Separator',
  imageBackground: 'Image Background',
  labelLeftTop: 'Label Left Top',
  labelCenterBottom: 'Label Center Bottom',
  textRow: 'Text Row',
  textInRow: 'Text in Row',
};

/** One styled text in a column, a row or a line of spans. */
const cellFields = {
  text: defaulted(nullable(string()), 'Text'),
  weight: defaulted(enums(TEXT_WEIGHTS), DEFAULTS.weight),
  size: defaulted(enums(TEXT_SIZES), DEFAULTS.size),
  color: defaulted(nullable(string()), DEFAULTS.textColor),
  style: defaulted(enums(TEXT_STYLES), DEFAULTS.style),
  decoration: defaulted(enums(TEXT_DECORATIONS), DEFAULTS.decoration),
};
export const TextCell = type({ ...cellFields, align: defaulted(enums(TEXT_ALIGNS), DEFAULTS.align) });
export type TextCell = Infer<typeof TextCell>;
export const TextSpan = type(cellFields);
export type TextSpan = Infer<typeof TextSpan>;
export const TextColumn = type({ rows: defaulted(array(TextCell), () => [{}]) });
export type TextColumn = Infer<typeof TextColumn>;

const common = <K extends BlockKind>(kind: K, padding: number) => ({
  component: literal(kind),
  ...commonFields(padding, BLOCK_NAMES[kind]),
});

/** A band of text with its own background (colour and background are required, spec 5). */
export const TextHeaderBlock = type({
  ...common('textHeader', PADDING.text),
  ...textFields({ text: 'Title', weight: 'bold', size: 'lg', backgroundColor: '#FFFFFF' }),
});

/** Columns side by side, each a stack of rows of text. */
export const TextColumnBlock = type({
  ...common('textColumn', PADDING.text),
  backgroundColor: optional(nullable(string())),
  columns: defaulted(array(TextColumn), () => [{}, {}]),
});

export const ImageCoverBlock = type({ ...common('imageCover', PADDING.image), ...imageFields() });

/** Drawn as a coloured box with a label, so both colours of spec 3 survive on LINE. */
export const ButtonBlock = type({
  ...common('button', PADDING.button),
  ...textFields({
    text: DEFAULTS.buttonText,
    color: DEFAULTS.buttonColor,
    backgroundColor: DEFAULTS.buttonBackground,
    align: 'center',
  }),
});

/** Image on the left; a text and a button on the right, each with its own action. */
export const ImageLeftInfoAndButtonRightBlock = type({
  ...common('imageLeftInfoAndButtonRight', PADDING.imageAndInfo),
  ...imageFields(),
  ...topTextFields({ weight: 'bold' }),
  textBtn: defaulted(nullable(string()), DEFAULTS.buttonText),
  colorBtn: defaulted(nullable(string()), DEFAULTS.buttonColor),
  backgroundColorBtn: defaulted(nullable(string()), DEFAULTS.buttonBackground),
  actionImage: optional(nullable(Action)),
  actionTextTop: optional(nullable(Action)),
  actionBtnBottom: optional(nullable(Action)),
});

/** Image on the left, two texts on the right; the columns share the width gridLeft : gridRight. */
export const ImageLeftAndInfoRightBlock = type({
  ...common('imageLeftAndInfoRight', PADDING.imageAndInfo),
  ...imageFields(),
  ...topTextFields({ weight: 'bold' }),
  ...bottomTextFields({ size: 'sm' }),
  /** Image width in percent of its column. */
  sizeImage: pixels(DEFAULTS.sizeImage),
  /** Kept for the editor's own layout; the converters use gridLeft and gridRight. */
  textWidth: pixels(DEFAULTS.textWidth),
  gridLeft: pixels(DEFAULTS.gridLeft),
  gridRight: pixels(DEFAULTS.gridRight),
  actionImage: optional(nullable(Action)),
  actionTextTop: optional(nullable(Action)),
  actionTextBottom: optional(nullable(Action)),
});

export const SeparatorBlock = type({
  ...common('separator', PADDING.separator),
  color: defaulted(nullable(string()), DEFAULTS.separatorColor),
});

/** A 1:1 image with an optional caption laid over its bottom edge. */
export const ImageBackgroundBlock = type({
  ...common('imageBackground', PADDING.image),
  ...imageFields(DEFAULTS.backgroundAspectRatio),
  ...textFields({ text: '', color: '#FFFFFF', backgroundColor: '#00000080' }),
});

/** A badge laid over the top-left corner of the card; paddings are its offsets. */
export const LabelLeftTopBlock = type({
  ...common('labelLeftTop', PADDING.text),
  ...textFields({ text: 'Label', size: 'xs', weight: 'bold', color: '#FFFFFF', backgroundColor: '#FF5551' }),
});

/** A caption laid over the bottom of the card, centred; paddings are its offsets. */
export const LabelCenterBottomBlock = type({
  ...common('labelCenterBottom', PADDING.text),
  ...textFields({
    text: 'Label',
    size: 'sm',
    color: '#FFFFFF',
    backgroundColor: '#00000080',
    align: 'center',
  }),
});

/** Texts side by side in one row, e.g. "Price | 100 THB". */
export const TextRowBlock = type({
  ...common('textRow', PADDING.text),
  backgroundColor: optional(nullable(string())),
  cells: defaulted(array(TextCell), () => [{}, { align: 'end' }]),
});

/** Differently styled pieces of text in one line (LINE spans). */
export const TextInRowBlock = type({
  ...common('textInRow', PADDING.text),
  backgroundColor: optional(nullable(string())),
  align: defaulted(enums(TEXT_ALIGNS), DEFAULTS.align),
  spans: defaulted(array(TextSpan), () => [{ weight: 'bold' }, { text: ' text' }]),
});

export const BLOCK_STRUCTS = {
  textHeader: TextHeaderBlock,
  textColumn: TextColumnBlock,
  imageCover: ImageCoverBlock,
  button: ButtonBlock,
  imageLeftInfoAndButtonRight: ImageLeftInfoAndButtonRightBlock,
  imageLeftAndInfoRight: ImageLeftAndInfoRightBlock,
  separator: SeparatorBlock,
  imageBackground: ImageBackgroundBlock,
  labelLeftTop: LabelLeftTopBlock,
  labelCenterBottom: LabelCenterBottomBlock,
  textRow: TextRowBlock,
  textInRow: TextInRowBlock,
} as const;

export type TextHeaderBlock = Infer<typeof TextHeaderBlock>;
export type TextColumnBlock = Infer<typeof TextColumnBlock>;
export type ImageCoverBlock = Infer<typeof ImageCoverBlock>;
export type ButtonBlock = Infer<typeof ButtonBlock>;
export type ImageLeftInfoAndButtonRightBlock = Infer<typeof ImageLeftInfoAndButtonRightBlock>;
export type ImageLeftAndInfoRightBlock = Infer<typeof ImageLeftAndInfoRightBlock>;
export type SeparatorBlock = Infer<typeof SeparatorBlock>;
export type ImageBackgroundBlock = Infer<typeof ImageBackgroundBlock>;
export type LabelLeftTopBlock = Infer<typeof LabelLeftTopBlock>;
export type LabelCenterBottomBlock = Infer<typeof LabelCenterBottomBlock>;
export type TextRowBlock = Infer<typeof TextRowBlock>;
export type TextInRowBlock = Infer<typeof TextInRowBlock>;
export type Block = { [K in BlockKind]: Infer<(typeof BLOCK_STRUCTS)[K]> }[BlockKind];
export type BlockOf<K extends BlockKind> = Extract<Block, { component: K }>;

function isKind(value: unknown): value is BlockKind {
  return typeof value === 'string' && (BLOCK_KINDS as readonly string[]).includes(value);
}

/** Any block; an unknown `component` fails with a message naming the field. */
export const BlockStruct = dynamic<Block>((value) => {
  const kind = (value as { component?: unknown } | null)?.component;
  return (
    isKind(kind) ? BLOCK_STRUCTS[kind] : type({ component: enums(BLOCK_KINDS), rest: optional(unknown()) })
  ) as never;
});

let keyCounter = 0;
function newKey(kind: BlockKind): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  keyCounter += 1;
  return uuid ? `${kind}-${uuid}` : `${kind}-${Date.now().toString(36)}-${keyCounter}`;
}

/** A new block of `kind` with every default of spec 3/9 and no action. */
export function createBlock<K extends BlockKind>(
  kind: K,
  fields: Partial<BlockOf<K>> & { key?: string } = {},
): BlockOf<K> {
  return create(
    { key: newKey(kind), ...fields, component: kind },
    BLOCK_STRUCTS[kind] as never,
  ) as BlockOf<K>;
}

/** The words a new block starts with, in the user's language (the console passes its locale's). */
export interface BlockWords {
  /** The block's name as the palette shows it. */
  name: string;
  text: string;
  title: string;
  button: string;
  label: string;
}

/** The English default texts of `createBlock` and the word each one stands for. */
const DEFAULT_WORDS: Record<string, keyof Omit<BlockWords, 'name'>> = {
  Text: 'text',
  Title: 'title',
  Button: 'button',
  Label: 'label',
};
const TEXT_KEYS = new Set(['text', 'textTop', 'textBottom', 'textBtn']);

function localizeTexts(value: unknown, words: BlockWords): void {
  if (Array.isArray(value)) {
    for (const v of value) localizeTexts(v, words);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  for (const [key, v] of Object.entries(record)) {
    if (TEXT_KEYS.has(key) && typeof v === 'string') {
      const trimmed = v.trim();
      // " text" (the second span of a text-in-row) stays lower case in English.
      const word = DEFAULT_WORDS[trimmed] ?? (trimmed === 'text' ? 'text' : undefined);
      if (word) {
        const said = trimmed === 'text' ? words[word].toLocaleLowerCase() : words[word];
        record[key] = v.replace(trimmed, said);
      }
    } else if (Array.isArray(v)) localizeTexts(v, words);
  }
}

/** A new block like `createBlock`, its name and default texts in the user's language. */
export function createLocalizedBlock<K extends BlockKind>(kind: K, words: BlockWords): BlockOf<K> {
  const block = createBlock(kind, { name: words.name } as Partial<BlockOf<K>>);
  localizeTexts(block, words);
  return block;
}

/** The top text of the image-and-info blocks (textTop, weightTop, …) as one text's fields. */
export function topTextOf(b: Extract<Block, { textTop: unknown }>) {
  return {
    text: b.textTop,
    weight: b.weightTop,
    size: b.sizeTop,
    color: b.colorTop,
    style: b.styleTop,
    decoration: b.decorationTop,
    align: b.alignTop,
  };
}

/** The bottom text of the image-and-info blocks (textBottom, weightBottom, …) as one text's fields. */
export function bottomTextOf(b: Extract<Block, { textBottom: unknown }>) {
  return {
    text: b.textBottom,
    weight: b.weightBottom,
    size: b.sizeBottom,
    color: b.colorBottom,
    style: b.styleBottom,
    decoration: b.decorationBottom,
    align: b.alignBottom,
  };
}
