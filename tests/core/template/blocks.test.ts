// core/template/blocks.ts, styles.ts, form.ts and presets.ts: the models and their spec defaults.
import { describe, expect, it } from 'vitest';
import { BLOCK_KINDS, type BlockKind, createBlock } from '../../../core/template/blocks';
import {
  CONTENT_SIZE_LABELS,
  CONTENT_SIZES,
  readTemplateForm,
  TEMPLATE_PRESETS,
} from '../../../core/template/form';
import { createItem, createTemplate } from '../../../core/template/presets';
import { validateTemplate } from '../../../core/template/validate';
import { IMAGE } from './forms';

const TEXT_DEFAULTS = { style: 'normal', decoration: 'none' };

describe('block defaults (spec 3, 9)', () => {
  it('has every kind of spec 3', () => {
    expect(BLOCK_KINDS).toEqual([
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
    ]);
  });

  it.each<[BlockKind, number, Record<string, unknown>]>([
    ['textHeader', 20, { ...TEXT_DEFAULTS, align: 'start' }],
    ['textColumn', 20, {}],
    ['imageCover', 0, { aspectRatio: '1.54:1', aspectMode: 'cover', source: 'file' }],
    [
      'button',
      20,
      { text: 'Button', backgroundColor: '#E3EBF3', color: '#124A97', weight: 'regular', size: 'md' },
    ],
    [
      'imageLeftInfoAndButtonRight',
      10,
      { aspectRatio: '1.54:1', textBtn: 'Button', backgroundColorBtn: '#E3EBF3', colorBtn: '#124A97' },
    ],
    [
      'imageLeftAndInfoRight',
      10,
      { sizeImage: 100, textWidth: 50, gridLeft: 50, gridRight: 50, aspectMode: 'cover' },
    ],
    ['separator', 0, { color: '#7F7F7F' }],
    ['imageBackground', 0, { aspectRatio: '1:1' }],
    ['labelLeftTop', 20, TEXT_DEFAULTS],
    ['labelCenterBottom', 20, TEXT_DEFAULTS],
    ['textRow', 20, {}],
    ['textInRow', 20, {}],
  ])('%s: paddings %i and its defaults', (kind, padding, defaults) => {
    const block = createBlock(kind);
    expect(block).toMatchObject({
      component: kind,
      active: true,
      paddingTop: padding,
      paddingBottom: padding,
      paddingStart: padding,
      paddingEnd: padding,
      ...defaults,
    });
    expect(block.action ?? null).toBeNull();
    expect(block.key).toMatch(new RegExp(`^${kind}-`));
  });

  it('text blocks default to weight regular, size md, style normal, decoration none, align start', () => {
    expect(createBlock('textRow').cells[0]).toMatchObject({
      weight: 'regular',
      size: 'md',
      ...TEXT_DEFAULTS,
      align: 'start',
    });
    expect(createBlock('textColumn').columns[0].rows[0]).toMatchObject({
      weight: 'regular',
      size: 'md',
      align: 'start',
    });
  });

  it('keys are unique; given fields win over defaults', () => {
    expect(createBlock('button').key).not.toBe(createBlock('button').key);
    expect(createBlock('separator', { color: '#000000', key: 'k' })).toMatchObject({
      color: '#000000',
      key: 'k',
    });
  });
});

describe('the message form', () => {
  it('offers the presets and the content sizes mega (Small) and giga (Large)', () => {
    expect(TEMPLATE_PRESETS).toEqual(['template_1', 'template_2', 'template_3', 'custom']);
    expect(CONTENT_SIZES).toEqual(['mega', 'giga']);
    expect(CONTENT_SIZE_LABELS).toEqual({ mega: 'Small', giga: 'Large' });
  });

  it('fills defaults and turns typed numbers into numbers', () => {
    const read = readTemplateForm({ items: [{ contents: [{ component: 'separator', paddingTop: '12' }] }] });
    expect(read.ok && read.form).toMatchObject({
      template: 'custom',
      contentSize: 'mega',
      items: [{ contents: [{ component: 'separator', paddingTop: 12, color: '#7F7F7F' }] }],
    });
  });

  it('reads API variable settings with nested sub-variables', () => {
    const read = readTemplateForm({
      apiSetting: {
        status: true,
        slug: 'orders',
        variables_option: [{ key: 'items', data_type: 'array', sub: [{ key: 'title' }] }],
      },
    });
    expect(read.ok && read.form.apiSetting).toEqual({
      status: true,
      slug: 'orders',
      variables_option: [
        { key: 'items', data_type: 'array', sub: [{ key: 'title', data_type: 'string', sub: [] }] },
      ],
    });
  });

  it.each(['template_1', 'template_2', 'template_3'] as const)(
    '%s is a card with an image, text and a button',
    (preset) => {
      const item = createItem(preset);
      const kinds = item.contents.map((b) => b.component);
      expect(kinds.some((k) => k === 'imageCover' || k === 'imageBackground')).toBe(true);
      expect(kinds).toContain('button');
      expect(item.contents.map((b) => b.position)).toEqual(item.contents.map((_, i) => i));
      const template = createTemplate(preset, { name: 'x' });
      template.items[0].contents = template.items[0].contents.map((b) =>
        'url' in b ? { ...b, url: IMAGE } : b,
      );
      expect(validateTemplate(template)).toEqual([]);
    },
  );

  it('template_1 and template_2 images use the bubble ratio 1.51:1; custom starts empty', () => {
    expect(createItem('template_1').contents[0]).toMatchObject({ aspectRatio: '1.51:1' });
    expect(createItem('template_2').contents[0]).toMatchObject({ aspectRatio: '1.51:1' });
    expect(createTemplate('custom').items).toEqual([{ contents: [] }]);
  });
});
