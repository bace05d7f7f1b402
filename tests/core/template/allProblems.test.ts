// One save or preview shows every problem of a template at once: spec 5 rules and LINE's limits
// (https, JPEG/PNG, the image map's base address) come back together, not one round at a time; a
// LINE problem on a field that already breaks a rule is not said twice.
import { describe, expect, it } from 'vitest';
import { toFlexMessage } from '../../../core/template/flex';
import { toImagemapMessage } from '../../../core/template/imagemap';
import { LIMIT_MESSAGES } from '../../../core/template/limits';
import { MESSAGES } from '../../../core/validation/rules';
import { form, validAction, validBlock } from './forms';

describe('every problem in one look', () => {
  it('a card: a blank title and an http GIF picture are both reported', () => {
    const result = toFlexMessage(
      form([
        [
          validBlock('textHeader', { text: '' }),
          validBlock('imageCover', { url: 'http://cdn.example.com/a.png' }),
          validBlock('imageCover', { url: 'https://cdn.example.com/a.gif' }),
        ],
      ]),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      { field: 'items[0].contents[0].text', message: MESSAGES.required },
      { field: 'items[0].contents[1].url', message: LIMIT_MESSAGES.imageHttps },
      { field: 'items[0].contents[2].url', message: LIMIT_MESSAGES.imageType },
    ]);
  });

  it('a card: a field with a rule problem is not reported again for LINE', () => {
    const result = toFlexMessage(form([[validBlock('imageCover', { url: '' })]]));
    expect(result).toEqual({
      ok: false,
      errors: [{ field: 'items[0].contents[0].url', message: MESSAGES.required }],
    });
  });

  it('an image map: a bad action and an http base address are both reported', () => {
    const result = toImagemapMessage({
      baseUrl: 'http://cdn.example.com/maps/spring',
      altText: 'Map',
      layout: 'custom',
      areas: [{ top: 0, left: 0, width: 50, height: 50, action: validAction('uri', { uri: '' }) }],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.field)).toEqual(['areas[0].action.uri', 'baseUrl']);
    expect(result.errors[1].message).toBe(LIMIT_MESSAGES.imageHttps);
  });
});
