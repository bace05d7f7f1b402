// Image maps (spec 2 layout picker, spec 9 base width 1040): the square and vertical families with
// layouts 0–4 and 10–14, the custom layout, and conversion to a LINE imagemap message whose areas
// are integer pixels on the 1040-wide base.
import {
  array,
  defaulted,
  enums,
  type Infer,
  nullable,
  number,
  optional,
  string,
  type,
  union,
  validate,
} from 'superstruct';
import { UPLOAD_WARNINGS } from '../upload/warnings';
import { isBlank, MESSAGES } from '../validation/rules';
import { Action, validateAction } from './action';
import { structErrors } from './form';
import { LINE_LIMITS as L, LIMIT_MESSAGES as M } from './limits';
import { type ImagemapAction, type ImagemapArea, toImagemapAction } from './lineActions';
import { httpsProblem, type LineCheckOptions } from './lineCheck';
import { type ConvertResult, failure, guarded, Problems, specThenLine } from './result';

export const IMAGEMAP_FAMILIES = ['square', 'vertical'] as const;
export type ImagemapFamily = (typeof IMAGEMAP_FAMILIES)[number];
/** Spec 2 shows layouts 0–4 and 10–14 (5–9 are not shown). */
export const IMAGEMAP_LAYOUT_IDS = [0, 1, 2, 3, 4, 10, 11, 12, 13, 14] as const;
export type ImagemapLayoutId = (typeof IMAGEMAP_LAYOUT_IDS)[number];

/** Base sizes in px: LINE fixes the width at 1040; vertical is the 2:3 rich-message format. */
export const IMAGEMAP_BASE_SIZE: Record<ImagemapFamily, { width: number; height: number }> = {
  square: { width: 1040, height: 1040 },
  vertical: { width: 1040, height: 1560 },
};

/** The widths LINE fetches an image map's picture at: `{baseUrl}/1040`, `/700`, … (line-openapi ImagemapMessage). */
export const IMAGEMAP_WIDTHS = [1040, 700, 460, 300, 240] as const;
export type ImagemapWidth = (typeof IMAGEMAP_WIDTHS)[number];

/** A media-library picture served at those widths: `{origin}/imagemap/{fileId}/{width}` (server/media). */
export const IMAGEMAP_IMAGE_PATH = '/imagemap';
/** LINE's imagemap image: JPEG or PNG, at most 10 MB (LINE's imagemap message reference). */
export const IMAGEMAP_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const IMAGEMAP_IMAGE_MAX_BYTES = 10_000_000;

export const IMAGEMAP_MESSAGES = {
  lineChatsOnly: 'Image maps can be sent to LINE chats only.',
  imageTooLarge: `An image map picture can be at most ${IMAGEMAP_IMAGE_MAX_BYTES / 1_000_000} MB.`,
  imageMissing: 'This picture is no longer in the media library.',
  noResolution: UPLOAD_WARNINGS.noResolution,
} as const;

/** The base address of a media-library picture; LINE appends the width. */
export const imagemapImageUrl = (origin: string, fileId: string) =>
  `${origin.replace(/\/+$/, '')}${IMAGEMAP_IMAGE_PATH}/${fileId}`;

const IMAGEMAP_IMAGE_ADDRESS = /^(https?:\/\/[^/?#]+)\/imagemap\/([a-z0-9]{20})\/?$/;

/** The parts of a `{origin}/imagemap/{fileId}` address, or null for any other address. */
export function imagemapImageAddress(url: unknown): { origin: string; fileId: string } | null {
  const match = typeof url === 'string' ? IMAGEMAP_IMAGE_ADDRESS.exec(url.trim()) : null;
  return match ? { origin: match[1], fileId: match[2] } : null;
}

/** The height of a picture of `resolution` shown 1040 wide (LINE's base size). */
export function imagemapBaseHeight(resolution: { width: number; height: number }): number {
  return Math.max(1, Math.round((IMAGEMAP_BASE_SIZE.square.width * resolution.height) / resolution.width));
}

/** What keeps a library picture from being an image map's picture, or null when it can be one. */
export function imagemapImageProblem(file: {
  type: string;
  size: number;
  resolution?: { width: number; height: number } | null;
}): string | null {
  if (!(IMAGEMAP_IMAGE_TYPES as readonly string[]).includes(file.type)) return M.imageType;
  if (file.size > IMAGEMAP_IMAGE_MAX_BYTES) return IMAGEMAP_MESSAGES.imageTooLarge;
  if (!file.resolution?.width || !file.resolution.height) return IMAGEMAP_MESSAGES.noResolution;
  return null;
}

/** An area in percent of the image, as the editor stores it. */
export interface AreaBox {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** columns x rows, areas listed row by row from the top-left. */
const GRIDS: Record<ImagemapLayoutId, [columns: number, rows: number]> = {
  0: [1, 1], // one full area
  1: [1, 2], // two stacked halves
  2: [2, 1], // two side-by-side halves
  3: [1, 3], // three rows
  4: [3, 1], // three columns
  10: [1, 4], // four rows
  11: [4, 1], // four columns
  12: [3, 2], // a 3x2 grid
  13: [2, 3], // a 2x3 grid
  14: [3, 3], // a 3x3 grid
};

export const CUSTOM_LAYOUT_DEFAULT_AREA: AreaBox = { top: 0, left: 0, width: 30, height: 30 };

/** The areas of a layout in percent. Both families share them; only the base height differs. */
export function layoutAreas(layout: ImagemapLayoutId): AreaBox[] {
  const [columns, rows] = GRIDS[layout];
  const areas: AreaBox[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      areas.push({
        top: (100 * r) / rows,
        left: (100 * c) / columns,
        width: 100 / columns,
        height: 100 / rows,
      });
    }
  }
  return areas;
}

export const ImagemapAreaForm = type({
  top: number(),
  left: number(),
  width: number(),
  height: number(),
  action: optional(nullable(Action)),
});
export type ImagemapAreaForm = Infer<typeof ImagemapAreaForm>;

export const ImagemapForm = type({
  name: optional(nullable(string())),
  altText: optional(nullable(string())),
  /** The image's base address; LINE fetches `{baseUrl}/1040`, `/700`, `/460`, `/300` and `/240`. */
  baseUrl: defaulted(string(), ''),
  /** The picture's height at width 1040 when it is not the family's (a media-library picture's own). */
  baseHeight: optional(nullable(number())),
  family: defaulted(enums(IMAGEMAP_FAMILIES), 'square'),
  layout: defaulted(union([enums(IMAGEMAP_LAYOUT_IDS), enums(['custom'])]), 0),
  areas: defaulted(array(ImagemapAreaForm), () => []),
});
export type ImagemapForm = Infer<typeof ImagemapForm>;

/** A form for a picked layout, each area without an action yet. */
export function createImagemap(family: ImagemapFamily, layout: ImagemapLayoutId | 'custom'): ImagemapForm {
  const boxes = layout === 'custom' ? [CUSTOM_LAYOUT_DEFAULT_AREA] : layoutAreas(layout);
  return { baseUrl: '', family, layout, areas: boxes.map((box) => ({ ...box })) };
}

/** The base size areas are laid on: 1040 wide, the picture's own height when known, else the family's. */
export function imagemapBaseSize(form: Pick<ImagemapForm, 'family' | 'baseHeight'>): {
  width: number;
  height: number;
} {
  const family = IMAGEMAP_BASE_SIZE[form.family] ?? IMAGEMAP_BASE_SIZE.square;
  const height = form.baseHeight;
  return typeof height === 'number' && Number.isInteger(height) && height > 0
    ? { width: family.width, height }
    : { ...family };
}

/**
 * Percent → integer px. Edges are rounded rather than sizes, so areas that touch in percent still
 * touch in pixels (no gap, no overlap) and the last one ends exactly on the image's edge.
 */
export function areaToPixels(area: AreaBox, size: { width: number; height: number }): ImagemapArea {
  const x = Math.round((area.left * size.width) / 100);
  const y = Math.round((area.top * size.height) / 100);
  const right = Math.round(((area.left + area.width) * size.width) / 100);
  const bottom = Math.round(((area.top + area.height) * size.height) / 100);
  return { x, y, width: right - x, height: bottom - y };
}

function checkArea(area: AreaBox, at: string, problems: Problems): void {
  const inRange = (n: number) => Number.isFinite(n) && n >= 0 && n <= 100;
  for (const key of ['top', 'left', 'width', 'height'] as const) {
    if (!inRange(area[key])) problems.add(`${at}.${key}`, M.imagemapArea);
  }
  if (!(area.width > 0) || area.left + area.width > 100.0001) problems.add(`${at}.width`, M.imagemapArea);
  if (!(area.height > 0) || area.top + area.height > 100.0001) problems.add(`${at}.height`, M.imagemapArea);
}

export interface LineImagemapMessage {
  type: 'imagemap';
  baseUrl: string;
  altText: string;
  baseSize: { width: number; height: number };
  actions: ImagemapAction[];
}

/** Converts an image map form; areas without an action are left out. Never throws. */
export function toImagemapMessage(
  input: unknown,
  options: { fallbackName?: string | null; final?: boolean } = {},
): ConvertResult<LineImagemapMessage> {
  return guarded(() => {
    const [error, form] = validate(input, ImagemapForm, { coerce: true });
    if (error) return failure(structErrors(error));
    // Spec 5 problems come first, so a bad address is reported once, in the editor's words; LINE's
    // limits come with them, so one save shows them all.
    const invalid = form.areas.flatMap((area, i) => validateAction(area.action, `areas[${i}].action`));
    const problems = new Problems();
    // `final`: the message goes to LINE now, so no API placeholder may remain in an address.
    const check: LineCheckOptions = { placeholders: !options.final };
    const size = imagemapBaseSize(form);
    const height = form.baseHeight;
    if (height !== undefined && height !== null && !(Number.isInteger(height) && height > 0))
      problems.add('baseHeight', MESSAGES.number);

    if (isBlank(form.baseUrl)) problems.add('baseUrl', MESSAGES.required);
    else problems.add('baseUrl', httpsProblem(form.baseUrl, L.imageUrl));
    const altText =
      (form.altText ?? '').trim() || (form.name ?? '').trim() || (options.fallbackName ?? '').trim();
    if (!altText) problems.add('altText', MESSAGES.required);
    if (altText.length > L.imagemapAltText) problems.add('altText', M.tooLong(L.imagemapAltText));
    if (form.areas.length === 0) problems.add('areas', MESSAGES.required);
    if (form.areas.length > L.imagemapActions) problems.add('areas', M.tooMany(L.imagemapActions));

    const actions: ImagemapAction[] = [];
    try {
      form.areas.forEach((area, i) => {
        const at = `areas[${i}]`;
        checkArea(area, at, problems);
        const converted = toImagemapAction(area.action, areaToPixels(area, size), {
          field: `${at}.action`,
          problems,
          check,
        });
        if (converted) actions.push(converted);
      });
    } catch (error) {
      // An action the rules refuse may not convert at all: its rule problems are the answer then.
      if (invalid.length > 0) return failure(invalid);
      throw error;
    }
    if (invalid.length > 0 || !problems.empty) return failure(specThenLine(invalid, problems.errors));
    return {
      ok: true,
      message: { type: 'imagemap', baseUrl: form.baseUrl.trim(), altText, baseSize: { ...size }, actions },
    };
  });
}
