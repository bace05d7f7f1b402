// core/template/validate.ts: the template editor validator, one case per spec 5 rule, with the
// spec's exact messages and the field the editor shows them beside.
import { describe, expect, it } from 'vitest';
import { createAction } from '../../../core/template/action';
import type { Block } from '../../../core/template/blocks';
import type { TemplatePreset } from '../../../core/template/form';
import { createTemplate } from '../../../core/template/presets';
import { TEMPLATE_MESSAGES, validateTemplate } from '../../../core/template/validate';
import { form, validAction, validBlock } from './forms';

const REQUIRED = 'This field is required.';
const COLOR = 'code color is invalid format';
const URL = 'url is invalid format';
const max = (n: number) => `Please enter no more than ${n} characters.`;
const at = (field: string) => `items[0].contents[0].${field}`;

function errorsOf(block: Block, preset: TemplatePreset = 'custom') {
  return validateTemplate(form([[block]], { template: preset }));
}

describe('spec 5 block rules', () => {
  it.each<[string, Block, string, string]>([
    ['textHeader colour required', validBlock('textHeader', { color: '' }), 'color', REQUIRED],
    ['textHeader colour valid', validBlock('textHeader', { color: '#12345' }), 'color', COLOR],
    [
      'textHeader background required',
      validBlock('textHeader', { backgroundColor: null }),
      'backgroundColor',
      REQUIRED,
    ],
    [
      'textHeader background valid',
      validBlock('textHeader', { backgroundColor: 'white' }),
      'backgroundColor',
      COLOR,
    ],
    ['textHeader text at least 1', validBlock('textHeader', { text: '' }), 'text', REQUIRED],
    ['button label at least 1', validBlock('button', { text: '   ' }), 'text', REQUIRED],
    ['button label at most 300', validBlock('button', { text: 'x'.repeat(301) }), 'text', max(300)],
    ['image url required', validBlock('imageCover', { url: '' }), 'url', REQUIRED],
    ['background image url required', validBlock('imageBackground', { url: null }), 'url', REQUIRED],
    [
      'API image needs its API address',
      validBlock('imageCover', { source: 'api', urlApi: '' }),
      'urlApi',
      REQUIRED,
    ],
    ['image-and-info url required', validBlock('imageLeftInfoAndButtonRight', { url: '' }), 'url', REQUIRED],
    [
      'image-and-info url is a URL',
      validBlock('imageLeftInfoAndButtonRight', { url: 'ftp://x/y.png' }),
      'url',
      URL,
    ],
    [
      'image-and-info text 1',
      validBlock('imageLeftInfoAndButtonRight', { textTop: '' }),
      'textTop',
      REQUIRED,
    ],
    [
      'image-and-info text 300',
      validBlock('imageLeftInfoAndButtonRight', { textBtn: 'x'.repeat(301) }),
      'textBtn',
      max(300),
    ],
    ['image-and-text url is a URL', validBlock('imageLeftAndInfoRight', { url: 'picture.png' }), 'url', URL],
    [
      'image-and-text text 1',
      validBlock('imageLeftAndInfoRight', { textBottom: '' }),
      'textBottom',
      REQUIRED,
    ],
    [
      'image-and-text text 300',
      validBlock('imageLeftAndInfoRight', { textTop: 'x'.repeat(301) }),
      'textTop',
      max(300),
    ],
    ['separator colour required', validBlock('separator', { color: '' }), 'color', REQUIRED],
    ['separator colour valid', validBlock('separator', { color: '#GGGGGG' }), 'color', COLOR],
    ['text column needs a column', validBlock('textColumn', { columns: [] }), 'columns', REQUIRED],
    [
      'each column needs a row',
      validBlock('textColumn', { columns: [{ rows: [] }] }),
      'columns[0].rows',
      REQUIRED,
    ],
    [
      'each row needs text',
      validBlock('textColumn', { columns: [{ rows: [{ ...validBlock('textRow').cells[0], text: '' }] }] }),
      'columns[0].rows[0].text',
      REQUIRED,
    ],
    [
      'paddings are numbers',
      validBlock('textHeader', { paddingTop: 1.5 }),
      'paddingTop',
      'number is invalid format',
    ],
    [
      'custom ratio needs a width',
      validBlock('imageCover', { aspectRatio: 'custom', height: 2 }),
      'width',
      REQUIRED,
    ],
  ])('%s', (_, block, field, message) => {
    expect(errorsOf(block)).toEqual([{ field: at(field), message }]);
  });

  it('exactly 300 characters (graphemes) passes; Thai with marks and emoji count once each', () => {
    expect(errorsOf(validBlock('button', { text: 'x'.repeat(300) }))).toEqual([]);
    expect(errorsOf(validBlock('button', { text: 'กุ้'.repeat(300) }))).toEqual([]);
    expect(errorsOf(validBlock('button', { text: '👍🏽'.repeat(301) }))).toEqual([
      { field: at('text'), message: max(300) },
    ]);
  });

  it.each<[TemplatePreset, number]>([
    ['template_1', 300],
    ['template_2', 30],
  ])('%s button labels hold 1 to %i characters', (preset, limit) => {
    expect(errorsOf(validBlock('button', { text: 'x'.repeat(limit) }), preset)).toEqual([]);
    expect(errorsOf(validBlock('button', { text: 'x'.repeat(limit + 1) }), preset)).toEqual([
      { field: at('text'), message: max(limit) },
    ]);
  });

  it('isColor takes # with 3, 6 or 8 hex digits', () => {
    for (const color of ['#abc', '#AABBCC', '#AABBCC80']) {
      expect(errorsOf(validBlock('separator', { color }))).toEqual([]);
    }
    for (const color of ['#abcd', 'abc', '#abcdefg', 'rgb(0,0,0)']) {
      expect(errorsOf(validBlock('separator', { color }))).toEqual([{ field: at('color'), message: COLOR }]);
    }
  });

  it('inactive blocks are skipped', () => {
    expect(errorsOf(validBlock('separator', { color: 'nope', active: false }))).toEqual([
      { field: 'items[0].contents', message: REQUIRED },
    ]);
    const input = form([[validBlock('textHeader'), validBlock('imageCover', { url: '', active: false })]]);
    expect(validateTemplate(input)).toEqual([]);
  });

  it("block actions are checked with the action's field path", () => {
    const block = validBlock('imageLeftInfoAndButtonRight', { actionBtnBottom: createAction('tel') });
    expect(errorsOf(block)).toEqual([{ field: at('actionBtnBottom.tel'), message: REQUIRED }]);
  });
});

describe('spec 5 template rules', () => {
  it('at most 5 bubbles', () => {
    const five = form(Array.from({ length: 5 }, () => [validBlock('textHeader')]));
    expect(validateTemplate(five)).toEqual([]);
    const six = form(Array.from({ length: 6 }, () => [validBlock('textHeader')]));
    expect(validateTemplate(six)).toEqual([{ field: 'items', message: TEMPLATE_MESSAGES.tooManyBubbles }]);
    expect(TEMPLATE_MESSAGES.tooManyBubbles).toBe('Can you send Message templates only 5 Bubble.');
  });

  it('the presets are valid once their images are chosen, and name the image when not', () => {
    const template = createTemplate('template_1');
    expect(validateTemplate(template)).toEqual([{ field: 'items[0].contents[0].url', message: REQUIRED }]);
  });

  it('a uri action with a valid address passes, with placeholders too', () => {
    const action = validAction('uri', { uri: 'https://shop.example.com/{sku}?ref={ref}' });
    expect(errorsOf(validBlock('button', { action }))).toEqual([]);
  });
});

describe('never throws (spec 8: validation that throws counts as failure)', () => {
  const cyclic: Record<string, unknown> = { items: [] };
  cyclic.self = cyclic;
  it.each([
    null,
    undefined,
    0,
    'form',
    [],
    { items: null },
    { items: [null] },
    { items: [{ contents: [null, 5, 'x'] }] },
    { items: [{ contents: [{ component: 'button', action: 'call me' }] }] },
    { items: [{ contents: [{ component: 'textColumn', columns: [{ rows: 'x' }] }] }] },
    cyclic,
  ])('%j gives errors, not an exception', (input) => {
    const errors = validateTemplate(input);
    expect(Array.isArray(errors)).toBe(true);
    expect(errors.length).toBeGreaterThan(0);
  });
});
