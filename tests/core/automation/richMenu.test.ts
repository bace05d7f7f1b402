// Rich menus → LINE's RichMenuRequest (checked against the official schema) and spec 5 rules.
import { describe, expect, it } from 'vitest';
import {
  gridAreas,
  type RichMenuDraft,
  toLineRichMenu,
  validateRichMenu,
} from '../../../core/automation/richMenu';
import { validatorFor } from '../template/lineSchema';

const request = validatorFor('RichMenuRequest');
const base: RichMenuDraft = {
  name: 'Main',
  kind: 'general',
  menu_bar_label: 'เมนูหลัก',
  default_behavior: 'collapsed',
  template: 'compact',
  background_image: 'file1',
  areas: gridAreas('compact', 2, 1).map((a, i) => ({
    ...a,
    action: i === 0 ? { type: 'message', text: 'ราคา', label: 'Prices' } : { type: 'tel', tel: '021234567' },
  })),
  target: 'verified',
  follower_ids: [],
};

describe('toLineRichMenu', () => {
  it('makes a schema-valid request', () => {
    const result = toLineRichMenu(base);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.message).toEqual({
      size: { width: 2500, height: 843 },
      selected: false,
      name: 'Main',
      chatBarText: 'เมนูหลัก',
      areas: [
        {
          bounds: { x: 0, y: 0, width: 1250, height: 843 },
          action: { type: 'message', text: 'ราคา', label: 'Prices' },
        },
        {
          bounds: { x: 1250, y: 0, width: 1250, height: 843 },
          action: { type: 'uri', uri: 'tel:021234567' },
        },
      ],
    });
    expect(request(result.message)).toEqual([]);
  });

  it("a talk-to-human area as the editor saves it taps with docs/api.md's data (mode message)", () => {
    // The editor keeps only what the owner typed: no talkToHumanAction.
    const result = toLineRichMenu({
      ...base,
      areas: [
        { ...base.areas[0], action: { type: 'talkToHuman', label: 'Staff', displayTextBot: 'รอสักครู่ค่ะ' } },
      ],
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const action = result.message.areas[0].action as { type: string; data: string };
    expect(action.type).toBe('postback');
    expect(action.data).toMatch(/^action=talkToHuman&mode=message&key=h[0-9a-z]+$/);
    expect(request(result.message)).toEqual([]);
  });
});

describe('validateRichMenu (spec 5)', () => {
  const image = (size: number, width: number, height: number, type = 'image/png') => ({
    name: `menu.${type.split('/')[1]}`,
    type,
    size,
    resolution: { width, height },
  });
  it.each([
    [image(1_200_000, 2500, 843), 'Too large file size'],
    [image(500_000, 2500, 1000), 'Not match resolution'],
    [image(500_000, 2500, 1686), 'Not match resolution'],
    [image(500_000, 2500, 843, 'image/gif'), 'Not allow file type'],
  ])('refuses %o with %s', (file, message) => {
    expect(validateRichMenu(base, file)).toEqual([{ field: 'background_image', message }]);
  });
  it('checks the label, the areas and their actions', () => {
    const errors = validateRichMenu({
      ...base,
      menu_bar_label: 'x'.repeat(15),
      areas: [
        { x: 0, y: 0, width: 2600, height: 843, action: { type: 'message', text: 'a' } },
        { x: 0, y: 0, width: 10.5, height: 10, action: null },
        ...Array.from({ length: 19 }, () => ({
          x: 0,
          y: 0,
          width: 10,
          height: 10,
          action: { type: 'message', text: 'a' },
        })),
      ],
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'menu_bar_label', message: 'Please enter no more than 14 characters.' },
        { field: 'areas', message: 'At most 20 are allowed.' },
        { field: 'areas[0]', message: 'The area must lie inside the image.' },
        { field: 'areas[1]', message: 'number is invalid format' },
        { field: 'areas[1].action.type', message: 'This field is required.' },
      ]),
    );
  });

  it("counts an area's label as LINE does, in UTF-16 units (shared/reference: rich menu label 20)", () => {
    // 17 graphemes but 24 UTF-16 units: LINE refuses it, so it is refused here by field.
    const thai = 'ติดต่อเจ้าหน้าที่ฝ่ายขาย';
    const withLabel = (label: string): RichMenuDraft => ({
      ...base,
      areas: base.areas.map((a, i) =>
        i === 0 ? { ...a, action: { type: 'message', text: 'a', label } } : a,
      ),
    });
    expect(validateRichMenu(withLabel(thai))).toEqual([
      { field: 'areas[0].action.label', message: 'Please enter no more than 20 characters.' },
    ]);
    const converted = toLineRichMenu(withLabel(thai));
    expect(converted.ok).toBe(false);
    // 20 units exactly is fine.
    const fits = toLineRichMenu(withLabel(thai.slice(0, 20)));
    if (!fits.ok) throw new Error(JSON.stringify(fits.errors));
    expect(fits.message.areas[0].action.label).toBe(thai.slice(0, 20));
  });

  it('menu bar label: refused by field past 14 UTF-16 units, never cut', () => {
    const label = '😀'.repeat(8); // 8 graphemes, 16 units
    expect(validateRichMenu({ ...base, menu_bar_label: label })).toEqual([
      { field: 'menu_bar_label', message: 'Please enter no more than 14 characters.' },
    ]);
  });

  it('a long name goes to LINE cut between graphemes, never inside an emoji', () => {
    const name = `a${'😀'.repeat(150)}`; // 151 graphemes (allowed), 301 UTF-16 units
    const result = toLineRichMenu({ ...base, name });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.message.name).toBe(`a${'😀'.repeat(149)}`);
  });
});
