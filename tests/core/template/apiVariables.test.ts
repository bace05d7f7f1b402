// core/template/apiVariables.ts and its use by the Flex converter (spec 3 "API variable
// settings", spec 4 show and submit modes).
import { describe, expect, it } from 'vitest';
import {
  expandText,
  fillPlaceholders,
  imageUrlFor,
  numberedPath,
  placeholdersIn,
} from '../../../core/template/apiVariables';
import { toFlexMessage } from '../../../core/template/flex';
import type { ApiVariableSettings } from '../../../core/template/form';
import { checkLineMessage } from '../../../core/template/limits';
import { form, IMAGE, validAction, validBlock } from './forms';
import { validatorFor } from './lineSchema';

const settings: ApiVariableSettings = {
  status: true,
  slug: 'orders',
  variables_option: [
    { key: 'name', data_type: 'string', sub: [] },
    {
      key: 'items',
      data_type: 'array',
      sub: [
        { key: 'title', data_type: 'string', sub: [] },
        { key: 'link', data_type: 'url', sub: [] },
      ],
    },
  ],
};

describe('placeholders', () => {
  it('finds {key} and {list.field}', () => {
    expect(placeholdersIn('Hi {name}, {items.title} ({x y})')).toEqual(['name', 'items.title']);
  });

  it('numbers entries from 1', () => {
    expect(numberedPath('items.title', 2)).toBe('items[2].title');
    expect(numberedPath('items', 3)).toBe('items[3]');
  });

  it('expands arrays to three entries, inline or stacked; scalars stay', () => {
    expect(expandText('{items.title}', settings, 'inline')).toBe(
      '{items[1].title}, {items[2].title}, {items[3].title}',
    );
    expect(expandText('- {items.title}', settings, 'stacked')).toBe(
      '- {items[1].title}\n- {items[2].title}\n- {items[3].title}',
    );
    expect(expandText('Hi {name}', settings, 'inline')).toBe('Hi {name}');
  });

  it('fills what the values answer and leaves the rest as written', () => {
    const values = { name: 'Ann', items: [{ title: 'Tea' }, { title: 'Rice' }] };
    expect(
      fillPlaceholders('{name}: {items[1].title}, {items[2].title}, {items[3].title} {missing}', values),
    ).toBe('Ann: Tea, Rice, {items[3].title} {missing}');
  });

  it('an API image shows its url (or its API address) in show mode and the API address in submit mode', () => {
    const image = { source: 'api', url: IMAGE, urlApi: 'https://api.example.com/{items[1].image}.png' };
    expect(imageUrlFor(image, 'show')).toBe(IMAGE);
    expect(imageUrlFor({ ...image, url: '' }, 'show')).toBe(image.urlApi);
    expect(imageUrlFor(image, 'submit')).toBe(image.urlApi);
    expect(imageUrlFor({ ...image, source: 'file' }, 'submit')).toBe(IMAGE);
  });
});

describe('show mode in the Flex converter', () => {
  const schema = validatorFor('Message');

  it('inline: a text holds the three entries in one line', () => {
    const result = toFlexMessage(
      form([[validBlock('textHeader', { text: '{items.title}' })]], { apiSetting: settings }),
    );
    expect(JSON.stringify(result)).toContain('{items[1].title}, {items[2].title}, {items[3].title}');
  });

  it('stacked: a text holds one entry per line; a stacked button is duplicated three times', () => {
    const stacked = validAction('uri', { typeUrl: 'api', urlApiName: 'items.link', loopDown: true });
    const input = form(
      [
        [
          validBlock('textHeader', {
            text: '{items.title}',
            action: validAction('none', { loopDown: true }),
          }),
          validBlock('button', { text: '{items.title}', action: stacked }),
        ],
      ],
      { apiSetting: settings },
    );
    const values = {
      items: [
        { title: 'Tea', link: 'https://shop.example.com/tea' },
        { title: 'Rice', link: 'https://shop.example.com/rice' },
        { title: 'Salt', link: 'https://shop.example.com/salt' },
      ],
    };
    const result = toFlexMessage(input, { values });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(schema(result.message)).toEqual([]);
    expect(checkLineMessage(result.message)).toEqual([]);
    const json = JSON.stringify(result.message);
    expect(json).toContain('"text":"Tea\\nRice\\nSalt"');
    const buttons = json.match(/"uri":"https:\/\/shop\.example\.com\/\w+"/g);
    expect(buttons).toEqual([
      '"uri":"https://shop.example.com/tea"',
      '"uri":"https://shop.example.com/rice"',
      '"uri":"https://shop.example.com/salt"',
    ]);
  });

  it('with API settings off, placeholders are left for the server', () => {
    const result = toFlexMessage(
      form([[validBlock('textHeader', { text: '{items.title}' })]], {
        apiSetting: { ...settings, status: false },
      }),
    );
    expect(JSON.stringify(result)).toContain('"text":"{items.title}"');
  });

  it('values given means final: an address still holding a placeholder is refused', () => {
    const input = form([
      [validBlock('button', { action: validAction('uri', { uri: 'https://x.example/{id}' }) })],
    ]);
    expect(toFlexMessage(input).ok).toBe(true);
    expect(toFlexMessage(input, { values: {} })).toMatchObject({
      ok: false,
      errors: [{ field: 'items[0].contents[0].action.uri', message: 'url is invalid format' }],
    });
  });
});

describe('submit mode in the Flex converter', () => {
  it('an API image source puts the API image address in the image url', () => {
    const block = validBlock('imageCover', {
      source: 'api',
      url: IMAGE,
      urlApi: 'https://api.example.com/img/{sku}.png',
    });
    const result = toFlexMessage(form([[block]]), { mode: 'submit' });
    expect(result.ok).toBe(true);
    expect(JSON.stringify(result)).toContain('"url":"https://api.example.com/img/{sku}.png"');
    const filled = toFlexMessage(form([[block]]), { mode: 'submit', values: { sku: 'A1' } });
    if (!filled.ok) throw new Error(JSON.stringify(filled.errors));
    expect(validatorFor('Message')(filled.message)).toEqual([]);
    expect(JSON.stringify(filled.message)).toContain('"url":"https://api.example.com/img/A1.png"');
  });
});
