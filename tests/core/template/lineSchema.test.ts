// The schema checker itself: it must refuse what LINE refuses, or every "valid" below means nothing.
import { describe, expect, it } from 'vitest';
import { lineSchemas, validatorFor } from './lineSchema';

const bubble = (body: unknown) => ({ type: 'flex', altText: 'a', contents: { type: 'bubble', body } });
const box = (extra: object = {}) => ({
  type: 'box',
  layout: 'vertical',
  contents: [{ type: 'text', text: 'hi' }],
  ...extra,
});

describe('LINE OpenAPI schema validator (tests/fixtures/line-openapi/messaging-api.yml)', () => {
  const message = validatorFor('Message');

  it('reads every schema of the file, with dispatchers for the discriminated ones', () => {
    const schemas = lineSchemas();
    for (const name of [
      'Message',
      'FlexMessage',
      'ImagemapMessage',
      'FlexComponent',
      'Action',
      'FlexBubble',
    ]) {
      expect(schemas[name], name).toBeDefined();
    }
    expect(schemas.FlexComponent__base).toBeDefined();
  });

  it('accepts a minimal flex bubble, a carousel and an image map', () => {
    expect(message(bubble(box()))).toEqual([]);
    expect(
      message({
        type: 'flex',
        altText: 'a',
        contents: { type: 'carousel', contents: [{ type: 'bubble', body: box() }] },
      }),
    ).toEqual([]);
    expect(
      validatorFor('ImagemapMessage')({
        type: 'imagemap',
        baseUrl: 'https://x.example/map',
        altText: 'a',
        baseSize: { width: 1040, height: 1040 },
        actions: [
          { type: 'uri', linkUri: 'https://x.example', area: { x: 0, y: 0, width: 1040, height: 1040 } },
        ],
      }),
    ).toEqual([]);
  });

  it.each([
    ['an unknown message type', { type: 'flexx', altText: 'a' }],
    ['a bad box layout', bubble(box({ layout: 'diagonal' }))],
    ['a misspelt box property', bubble(box({ paddingLeft: '4px' }))],
    ['an unknown component type', bubble(box({ contents: [{ type: 'paragraph', text: 'x' }] }))],
    ['a button without action', bubble(box({ contents: [{ type: 'button' }] }))],
    ['an unknown action type', bubble(box({ action: { type: 'call', uri: 'tel:1' } }))],
    ['a misspelt action property', bubble(box({ action: { type: 'uri', url: 'https://x.example' } }))],
    ['postback data over 300', bubble(box({ action: { type: 'postback', data: 'x'.repeat(301) } }))],
    [
      'a text weight outside the enum',
      bubble(box({ contents: [{ type: 'text', text: 'x', weight: 'heavy' }] })),
    ],
    ['an image without url', bubble(box({ contents: [{ type: 'image' }] }))],
    ['an image url that is not a URI', bubble(box({ contents: [{ type: 'image', url: 'not a uri' }] }))],
    [
      'a bubble size outside the enum',
      { type: 'flex', altText: 'a', contents: { type: 'bubble', size: 'huge', body: box() } },
    ],
    ['a flex message without altText', { type: 'flex', contents: { type: 'bubble', body: box() } }],
  ])('refuses %s', (_, value) => {
    expect(message(value)).not.toEqual([]);
  });

  it('refuses image map areas in fractions of a pixel', () => {
    const errors = validatorFor('Message')({
      type: 'imagemap',
      baseUrl: 'https://x.example/map',
      altText: 'a',
      baseSize: { width: 1040, height: 1040 },
      actions: [{ type: 'message', text: 'x', area: { x: 0, y: 0, width: 346.67, height: 1040 } }],
    });
    expect(errors.join('\n')).toContain('must be integer');
  });
});
