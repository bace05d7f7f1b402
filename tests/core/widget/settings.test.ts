// Widget settings rules shared by the console modal and the server (spec 3 widget info, 5, 9).
import { describe, expect, it } from 'vitest';
import { checkFile } from '../../../core/upload/checkFiles';
import { CONTENT_TYPE_BY_EXTENSION } from '../../../core/upload/contentTypes';
import { ALLOWED_EXTENSIONS } from '../../../core/upload/fileTypes';
import {
  defaultWidgetSettings,
  isLogoAddress,
  LOGO_ACCEPT,
  LOGO_UPLOAD_RULES,
  normalizeWidgetSettings,
  pickerColor,
  validateWidgetSettings,
} from '../../../core/widget/settings';

const valid = () => defaultWidgetSettings('Shop');

describe('widget settings', () => {
  it('starts from spec 9: #000000ff, #59c7f9ff, Chat', () => {
    expect(valid()).toMatchObject({
      button_color: '#000000ff',
      label_color: '#59c7f9ff',
      button_label: 'Chat',
    });
    expect(validateWidgetSettings(valid())).toEqual([]);
  });

  it.each([
    [{ button_color: 'red' }, 'button_color', 'code color is invalid format'],
    [{ label_color: '' }, 'label_color', 'This field is required.'],
    [{ button_label: '' }, 'button_label', 'This field is required.'],
    [{ button_label: 'x'.repeat(31) }, 'button_label', 'Please enter no more than 30 characters.'],
    [{ logo: 'javascript:alert(1)' }, 'logo', 'url is invalid format'],
    [{ description: 'x'.repeat(301) }, 'description', 'Please enter no more than 300 characters.'],
    [
      { pre_chat_form_fields: [{ key: '1bad', label: 'L', type: 'text', required: false }] },
      'pre_chat_form_fields.0.key',
      'key is invalid format',
    ],
    [
      {
        menu: {
          menuId: 'm',
          menuLabel: 'Menu',
          isQuickStart: false,
          buttons: [{ id: 'b', label: 'Site', type: 'uri', uri: 'ftp://x' }],
        },
      },
      'menu.buttons.0.uri',
      'url is invalid format',
    ],
    [{ ice_breakers: [''] }, 'ice_breakers.0', 'This field is required.'],
  ])('%o → %s', (patch, field, message) => {
    const errors = validateWidgetSettings({ ...valid(), ...(patch as object) });
    expect(errors).toContainEqual({ field, message });
  });

  it('refuses duplicate pre-chat keys', () => {
    const f = { key: 'name', label: 'Name', type: 'text' as const, required: true };
    expect(validateWidgetSettings({ ...valid(), pre_chat_form_fields: [f, f] })).toContainEqual({
      field: 'pre_chat_form_fields.1.key',
      message: 'key is invalid format',
    });
  });

  it('reads anything into settings without throwing, keeping what it cannot read', () => {
    const base = valid();
    expect(normalizeWidgetSettings(null, base)).toEqual(base);
    const read = normalizeWidgetSettings(
      { button_color: 5, header: 'Hi', extra: 1, pre_chat_form_fields: [{ key: 'a', type: 'weird' }, null] },
      base,
    );
    expect(read.button_color).toBe(base.button_color);
    expect(read.header).toBe('Hi');
    expect(read.pre_chat_form_fields).toEqual([{ key: 'a', label: '', type: 'text', required: false }]);
    expect('extra' in read).toBe(false);
  });

  it.each([
    ['', true],
    ['https://shop.example/logo.png', true],
    ['/media/abcdefghij0123456789/logo.png', true],
    ['https://chat.example/media/abcdefghij0123456789/logo.png', true],
    ['/media/thumbs/abcdefghij0123456789.webp', false],
    ['/service/widget/file/abcdefghij0123456789', false],
    ['javascript:alert(1)', false],
  ])('a logo at %j is allowed: %s', (logo, allowed) => {
    expect(isLogoAddress(logo)).toBe(allowed);
  });

  it('offers exactly the logo files the server stores, gif included', () => {
    const taken = ALLOWED_EXTENSIONS.filter(
      (ext) =>
        checkFile(
          {
            name: `logo.${ext}`,
            type: CONTENT_TYPE_BY_EXTENSION[ext],
            size: 1000,
            resolution: { width: 64, height: 64 },
          },
          LOGO_UPLOAD_RULES,
        ) === null,
    );
    expect(LOGO_ACCEPT.split(',')).toEqual(taken.map((ext) => `.${ext}`));
    expect(LOGO_ACCEPT).toBe('.jpg,.jpeg,.gif,.png,.svg');
  });

  it.each([
    ['#abc', '#aabbcc'],
    ['#ABC', '#aabbcc'],
    ['#A1B2C3', '#a1b2c3'],
    ['#59c7f9ff', '#59c7f9'],
    ['#12', '#000000'],
    ['#abcd', '#000000'],
    ['red', '#000000'],
  ])('shows %s in the colour picker as %s', (value, shown) => {
    expect(pickerColor(value)).toBe(shown);
  });
});
