// previewChannels (issue 6 preview): one call gives every channel's conversion or its reasons.
import { describe, expect, it } from 'vitest';
import { createAction } from '../../../core/template/action';
import {
  CHANNEL_PREVIEW_MESSAGES,
  PREVIEW_CHANNELS,
  previewChannels,
  templateKindOf,
} from '../../../core/template/channelPreview';
import { createImagemap } from '../../../core/template/imagemap';
import { MESSAGES } from '../../../core/validation/rules';
import { form, validAction, validBlock } from './forms';
import { validatorFor } from './lineSchema';

const lineMessage = validatorFor('Message');

describe('templateKindOf', () => {
  it.each([
    [false, form([[validBlock('textHeader')]]), 'bubble'],
    [false, form([[validBlock('textHeader')], [validBlock('textHeader')]]), 'carousel'],
    [true, createImagemap('square', 0), 'imagemap'],
    [false, 'not a form', 'bubble'],
  ] as const)('imagemap=%s → %s', (imagemap, input, kind) => {
    expect(templateKindOf(imagemap, input)).toBe(kind);
  });
});

describe('previewChannels', () => {
  it('a valid card converts for every channel; LINE is schema-valid', () => {
    const card = form([
      [
        validBlock('imageCover'),
        validBlock('textHeader', { text: 'Hi' }),
        validBlock('button', { action: validAction('uri') }),
      ],
    ]);
    const out = previewChannels('bubble', card);
    for (const channel of PREVIEW_CHANNELS) expect(out[channel].ok, channel).toBe(true);
    if (out.line.ok) expect(lineMessage(out.line.message)).toEqual([]);
  });

  it('an invalid card gives every channel the same spec 5 reason', () => {
    const out = previewChannels('bubble', form([[validBlock('textHeader', { text: '' })]]));
    const expected = [{ field: 'items[0].contents[0].text', message: MESSAGES.required }];
    for (const channel of PREVIEW_CHANNELS) expect(out[channel]).toEqual({ ok: false, errors: expected });
  });

  it('an image map goes to LINE only', () => {
    const map = createImagemap('vertical', 1);
    map.baseUrl = 'https://cdn.example.com/map';
    map.areas[0].action = { ...createAction('message'), text: 'Top' };
    const out = previewChannels('imagemap', { ...map, altText: 'Map' });
    expect(out.line.ok && out.line.message.type).toBe('imagemap');
    if (out.line.ok) expect(lineMessage(out.line.message)).toEqual([]);
    for (const channel of ['messenger', 'instagram', 'widget', 'wechat'] as const)
      expect(out[channel]).toEqual({
        ok: false,
        errors: [{ field: 'kind', message: CHANNEL_PREVIEW_MESSAGES.imagemapOnlyLine }],
      });
  });
});
