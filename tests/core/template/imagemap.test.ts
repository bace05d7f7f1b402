// core/template/imagemap.ts: the layout picker (spec 2) and conversion to a LINE imagemap
// (base width 1040, integer px areas, line-limits.md).
import { describe, expect, it } from 'vitest';
import type { ActionType } from '../../../core/template/action';
import {
  areaToPixels,
  CUSTOM_LAYOUT_DEFAULT_AREA,
  createImagemap,
  IMAGEMAP_BASE_SIZE,
  IMAGEMAP_FAMILIES,
  IMAGEMAP_LAYOUT_IDS,
  IMAGEMAP_MESSAGES,
  type ImagemapFamily,
  type ImagemapForm,
  type ImagemapLayoutId,
  imagemapBaseHeight,
  imagemapBaseSize,
  imagemapImageAddress,
  imagemapImageProblem,
  imagemapImageUrl,
  layoutAreas,
  toImagemapMessage,
} from '../../../core/template/imagemap';
import { checkLineMessage, LIMIT_MESSAGES } from '../../../core/template/limits';
import { IMAGEMAP_ACTION_MESSAGE } from '../../../core/template/lineActions';
import { validAction } from './forms';
import { validatorFor } from './lineSchema';

const schema = validatorFor('Message');
const imagemapSchema = validatorFor('ImagemapMessage');
const BASE = 'https://cdn.example.com/maps/spring';

/** Row-major cross product of [x, width] columns and [y, height] rows. */
const grid = (cols: number[][], rows: number[][]) =>
  rows.flatMap(([y, height]) => cols.map(([x, width]) => ({ x, y, width, height })));
const W1 = [[0, 1040]];
const W2 = [
  [0, 520],
  [520, 520],
];
const W3 = [
  [0, 347],
  [347, 346],
  [693, 347],
];
const W4 = [
  [0, 260],
  [260, 260],
  [520, 260],
  [780, 260],
];
const V1 = [[0, 1560]];
const V2 = [
  [0, 780],
  [780, 780],
];
const V3 = [
  [0, 520],
  [520, 520],
  [1040, 520],
];
const V4 = [
  [0, 390],
  [390, 390],
  [780, 390],
  [1170, 390],
];

// Spec 2: 0 one full area, 1 two stacked halves, 2 two side-by-side halves, 3 three rows,
// 4 three columns, 10 four rows, 11 four columns, 12 a 3x2 grid, 13 a 2x3 grid, 14 a 3x3 grid.
const EXPECTED: Record<ImagemapFamily, Record<ImagemapLayoutId, ReturnType<typeof grid>>> = {
  square: {
    0: grid(W1, W1),
    1: grid(W1, W2),
    2: grid(W2, W1),
    3: grid(W1, W3),
    4: grid(W3, W1),
    10: grid(W1, W4),
    11: grid(W4, W1),
    12: grid(W3, W2),
    13: grid(W2, W3),
    14: grid(W3, W3),
  },
  vertical: {
    0: grid(W1, V1),
    1: grid(W1, V2),
    2: grid(W2, V1),
    3: grid(W1, V3),
    4: grid(W3, V1),
    10: grid(W1, V4),
    11: grid(W4, V1),
    12: grid(W3, V2),
    13: grid(W2, V3),
    14: grid(W3, V3),
  },
};

function withActions(map: ImagemapForm): ImagemapForm {
  return {
    ...map,
    baseUrl: BASE,
    altText: 'Spring menu',
    areas: map.areas.map((a, i) => ({ ...a, action: validAction('message', { text: `Area ${i + 1}` }) })),
  };
}

describe('layouts (spec 2)', () => {
  it('offers square and vertical, layouts 0–4 and 10–14', () => {
    expect(IMAGEMAP_FAMILIES).toEqual(['square', 'vertical']);
    expect(IMAGEMAP_LAYOUT_IDS).toEqual([0, 1, 2, 3, 4, 10, 11, 12, 13, 14]);
    expect(IMAGEMAP_BASE_SIZE.square).toEqual({ width: 1040, height: 1040 });
    expect(IMAGEMAP_BASE_SIZE.vertical.width).toBe(1040);
  });

  it('layout 12 is three columns by two rows, in percent', () => {
    expect(layoutAreas(12).map((a) => [a.left, a.top].map((n) => Math.round(n)))).toEqual([
      [0, 0],
      [33, 0],
      [67, 0],
      [0, 0 + 50],
      [33, 50],
      [67, 50],
    ]);
  });

  const cases = IMAGEMAP_FAMILIES.flatMap((family) =>
    IMAGEMAP_LAYOUT_IDS.map((layout) => [family, layout] as const),
  );

  it.each(cases)('%s layout %i converts to integer areas that tile the image', (family, layout) => {
    const result = toImagemapMessage(withActions(createImagemap(family, layout)));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(schema(result.message)).toEqual([]);
    expect(imagemapSchema(result.message)).toEqual([]);
    expect(checkLineMessage(result.message)).toEqual([]);
    const size = IMAGEMAP_BASE_SIZE[family];
    expect(result.message.baseSize).toEqual(size);
    const areas = result.message.actions.map((a) => a.area);
    expect(areas).toEqual(EXPECTED[family][layout]);
    expect(areas.reduce((sum, a) => sum + a.width * a.height, 0)).toBe(size.width * size.height);
    expect(result.message.actions.map((a) => a.type === 'message' && a.text)).toEqual(
      areas.map((_, i) => `Area ${i + 1}`),
    );
  });

  it('the custom layout starts with one 30x30 area at the top-left', () => {
    expect(CUSTOM_LAYOUT_DEFAULT_AREA).toEqual({ top: 0, left: 0, width: 30, height: 30 });
    expect(createImagemap('square', 'custom').areas).toEqual([{ top: 0, left: 0, width: 30, height: 30 }]);
    const square = toImagemapMessage(withActions(createImagemap('square', 'custom')));
    const vertical = toImagemapMessage(withActions(createImagemap('vertical', 'custom')));
    expect(square.ok && square.message.actions[0].area).toEqual({ x: 0, y: 0, width: 312, height: 312 });
    expect(vertical.ok && vertical.message.actions[0].area).toEqual({ x: 0, y: 0, width: 312, height: 468 });
  });

  it('rounds edges, not sizes, so touching areas stay touching', () => {
    const size = { width: 1040, height: 1040 };
    const a = areaToPixels({ top: 0, left: 10.1, width: 20.3, height: 10 }, size);
    const b = areaToPixels({ top: 0, left: 30.4, width: 20, height: 10 }, size);
    expect(a.x + a.width).toBe(b.x);
  });
});

describe('area actions', () => {
  const one = (action: unknown) => ({
    baseUrl: BASE,
    altText: 'Map',
    layout: 0,
    areas: [{ ...layoutAreas(0)[0], action }],
  });

  it.each<[ActionType, object]>([
    ['message', { type: 'message', text: 'Hello' }],
    ['uri', { type: 'uri', linkUri: 'https://shop.example.com/item/1' }],
    ['tel', { type: 'uri', linkUri: 'tel:0812345678' }],
  ])('%s maps to an imagemap action', (type, expected) => {
    const result = toImagemapMessage(one(validAction(type)));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(schema(result.message)).toEqual([]);
    expect(result.message.actions).toEqual([
      { ...expected, area: { x: 0, y: 0, width: 1040, height: 1040 } },
    ]);
  });

  it.each<ActionType>([
    'templateId',
    'talkToHuman',
    'location',
    'verify',
    'logout',
    'apiCondition',
    'flow',
    'postback',
  ])('%s cannot travel in an image map and is refused by field', (type) => {
    expect(toImagemapMessage(one(validAction(type)))).toEqual({
      ok: false,
      errors: [{ field: 'areas[0].action.type', message: IMAGEMAP_ACTION_MESSAGE }],
    });
  });

  it('an area without an action is left out', () => {
    const map = withActions(createImagemap('square', 2));
    map.areas[1].action = null;
    const result = toImagemapMessage(map);
    expect(result.ok && result.message.actions).toHaveLength(1);
  });

  it('spec 5 action rules apply to areas', () => {
    expect(toImagemapMessage(one(validAction('uri', { uri: 'nope' })))).toMatchObject({
      ok: false,
      errors: [{ field: 'areas[0].action.uri', message: 'url is invalid format' }],
    });
  });
});

describe('image map limits (line-limits.md)', () => {
  const tiny = (n: number) => ({
    baseUrl: BASE,
    altText: 'Map',
    layout: 'custom',
    areas: Array.from({ length: n }, (_, i) => ({
      top: 2 * Math.floor(i / 10),
      left: 10 * (i % 10),
      width: 10,
      height: 2,
      action: validAction('message'),
    })),
  });

  it('50 actions pass, 51 are refused', () => {
    const ok = toImagemapMessage(tiny(50));
    expect(ok.ok && schema(ok.message)).toEqual([]);
    expect(toImagemapMessage(tiny(51))).toEqual({
      ok: false,
      errors: [{ field: 'areas', message: LIMIT_MESSAGES.tooMany(50) }],
    });
  });

  it('altText of 1500 passes, 1501 is refused; it falls back to the name', () => {
    expect(toImagemapMessage({ ...tiny(1), altText: 'a'.repeat(1500) }).ok).toBe(true);
    expect(toImagemapMessage({ ...tiny(1), altText: 'a'.repeat(1501) })).toEqual({
      ok: false,
      errors: [{ field: 'altText', message: 'Please enter no more than 1500 characters.' }],
    });
    const named = toImagemapMessage({ ...tiny(1), altText: '', name: 'Spring' });
    expect(named.ok && named.message.altText).toBe('Spring');
  });

  it('linkUri of 1000 passes, 1001 is refused', () => {
    const link = (n: number) => validAction('uri', { uri: `https://x.example/${'a'.repeat(n - 18)}` });
    const area = { ...layoutAreas(0)[0] };
    expect(
      toImagemapMessage({ baseUrl: BASE, altText: 'm', areas: [{ ...area, action: link(1000) }] }).ok,
    ).toBe(true);
    expect(
      toImagemapMessage({ baseUrl: BASE, altText: 'm', areas: [{ ...area, action: link(1001) }] }),
    ).toEqual({
      ok: false,
      errors: [{ field: 'areas[0].action.uri', message: 'Please enter no more than 1000 characters.' }],
    });
  });

  it('message text: 400 characters pass the LINE check, 401 do not', () => {
    const message = (n: number) => ({
      type: 'imagemap',
      baseUrl: BASE,
      altText: 'm',
      baseSize: { width: 1040, height: 1040 },
      actions: [{ type: 'message', text: 'a'.repeat(n), area: { x: 0, y: 0, width: 10, height: 10 } }],
    });
    expect(checkLineMessage(message(400))).toEqual([]);
    expect(checkLineMessage(message(401))).toEqual([
      { field: 'actions[0].text', message: 'Please enter no more than 400 characters.' },
    ]);
  });

  it('an area outside the image or a base of another width is refused', () => {
    expect(
      toImagemapMessage({
        ...tiny(1),
        areas: [{ top: 80, left: 0, width: 10, height: 30, action: validAction('message') }],
      }),
    ).toMatchObject({
      ok: false,
      errors: [{ field: 'areas[0].height', message: LIMIT_MESSAGES.imagemapArea }],
    });
    const wide = {
      type: 'imagemap',
      baseUrl: BASE,
      altText: 'm',
      baseSize: { width: 1024, height: 1024 },
      actions: [],
    };
    expect(checkLineMessage(wide)).toEqual([
      { field: 'baseSize.width', message: LIMIT_MESSAGES.imagemapWidth },
    ]);
  });

  it('the base image must be https', () => {
    expect(toImagemapMessage({ ...tiny(1), baseUrl: 'http://cdn.example.com/m' })).toEqual({
      ok: false,
      errors: [{ field: 'baseUrl', message: LIMIT_MESSAGES.imageHttps }],
    });
  });
});

describe('a media-library picture as the base image (issue 6)', () => {
  it('recognises /imagemap/{fileId} addresses and nothing else', () => {
    const id = 'abcdefghij0123456789';
    expect(imagemapImageUrl('https://chat.example.test/', id)).toBe(
      `https://chat.example.test/imagemap/${id}`,
    );
    expect(imagemapImageAddress(`https://chat.example.test/imagemap/${id}`)).toEqual({
      origin: 'https://chat.example.test',
      fileId: id,
    });
    for (const other of [
      `https://chat.example.test/imagemap/${id}/1040`,
      `https://chat.example.test/media/${id}/a.png`,
      `/imagemap/${id}`,
      'https://chat.example.test/imagemap/SHORT',
      42,
    ])
      expect(imagemapImageAddress(other)).toBeNull();
  });

  it('takes JPEG and PNG pictures with a resolution, at most 10 MB (LINE imagemap image)', () => {
    const ok = { type: 'image/jpeg', size: 10_000_000, resolution: { width: 1600, height: 1200 } };
    expect(imagemapImageProblem(ok)).toBeNull();
    expect(imagemapImageProblem({ ...ok, type: 'image/png' })).toBeNull();
    expect(imagemapImageProblem({ ...ok, type: 'image/gif' })).toBe(LIMIT_MESSAGES.imageType);
    expect(imagemapImageProblem({ ...ok, type: 'image/svg+xml' })).toBe(LIMIT_MESSAGES.imageType);
    expect(imagemapImageProblem({ ...ok, size: 10_000_001 })).toBe(IMAGEMAP_MESSAGES.imageTooLarge);
    expect(imagemapImageProblem({ ...ok, resolution: null })).toBe(IMAGEMAP_MESSAGES.noResolution);
    expect(imagemapBaseHeight({ width: 1600, height: 1200 })).toBe(780);
    expect(imagemapBaseHeight({ width: 500, height: 333 })).toBe(693);
  });

  it('lays the areas on 1040 × the picture’s base height, schema-valid', () => {
    const form: ImagemapForm = {
      ...createImagemap('square', 3),
      baseUrl: BASE,
      baseHeight: 780,
      altText: 'Rows',
    };
    form.areas.forEach((a, i) => {
      a.action = validAction('message' as ActionType);
      a.action.text = `row ${i + 1}`;
    });
    const result = toImagemapMessage(form);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.message.baseSize).toEqual({ width: 1040, height: 780 });
    expect(result.message.actions.map((a) => a.area)).toEqual(
      grid(W1, [
        [0, 260],
        [260, 260],
        [520, 260],
      ]),
    );
    expect(schema(result.message)).toEqual([]);
    expect(checkLineMessage(result.message)).toEqual([]);
    expect(imagemapBaseSize({ family: 'vertical', baseHeight: null })).toEqual({ width: 1040, height: 1560 });
    const bad = toImagemapMessage({ ...form, baseHeight: 12.5 });
    expect(bad.ok ? [] : bad.errors).toContainEqual({
      field: 'baseHeight',
      message: 'number is invalid format',
    });
  });
});
