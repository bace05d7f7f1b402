// core/template/limits.ts: the prose limits of shared/reference/line-limits.md. Exactly at each
// limit passes (and is schema-valid); one past gives the field-named error.
import { describe, expect, it } from 'vitest';
import { toFlexMessage } from '../../../core/template/flex';
import {
  checkLineMessage,
  checkLineMessages,
  LIMIT_MESSAGES,
  LINE_LIMITS,
} from '../../../core/template/limits';
import { jsonBytes } from '../../../core/template/lineCheck';
import { form, IMAGE, validAction, validBlock } from './forms';
import { validatorFor } from './lineSchema';

const schema = validatorFor('Message');
const max = (n: number) => `Please enter no more than ${n} characters.`;
type Json = Record<string, unknown>;

const body = (contents: Json[], extra: Json = {}) => ({
  type: 'box',
  layout: 'vertical',
  contents,
  ...extra,
});
const bubble = (contents: Json[] = [{ type: 'text', text: 'hi' }], extra: Json = {}) => ({
  type: 'bubble',
  body: body(contents),
  ...extra,
});
const flex = (contents: Json, altText = 'alt') => ({ type: 'flex', altText, contents });
const withAction = (action: Json) => flex(bubble([{ type: 'button', action }]));

/** Passes both LINE's schema and our prose check. */
function expectSendable(message: unknown) {
  expect(schema(message)).toEqual([]);
  expect(checkLineMessage(message)).toEqual([]);
}

describe('LINE prose limits, at and one past each', () => {
  it.each<[string, (n: number) => unknown, number, string, string]>([
    ['flex altText (1500)', (n) => flex(bubble(), 'a'.repeat(n)), 1500, 'altText', max(1500)],
    ['text message (5000)', (n) => ({ type: 'text', text: 'a'.repeat(n) }), 5000, 'text', max(5000)],
    [
      'flex button label (40 graphemes)',
      (n) => withAction({ type: 'message', label: '👍'.repeat(n), text: 'x' }),
      40,
      'contents.body.contents[0].action.label',
      max(40),
    ],
    [
      'message action text (300 graphemes)',
      (n) => withAction({ type: 'message', label: 'l', text: 'ก'.repeat(n) }),
      300,
      'contents.body.contents[0].action.text',
      max(300),
    ],
    [
      'uri (1000)',
      (n) => withAction({ type: 'uri', label: 'l', uri: `https://x.example/${'a'.repeat(n - 18)}` }),
      1000,
      'contents.body.contents[0].action.uri',
      max(1000),
    ],
    [
      'postback displayText (300 graphemes)',
      (n) => withAction({ type: 'postback', label: 'l', data: 'd', displayText: 'a'.repeat(n) }),
      300,
      'contents.body.contents[0].action.displayText',
      max(300),
    ],
    [
      'image url (2000)',
      (n) => flex(bubble([{ type: 'image', url: `https://x.example/${'a'.repeat(n - 22)}.png` }])),
      2000,
      'contents.body.contents[0].url',
      max(2000),
    ],
    [
      'carousel bubbles (12)',
      (n) => flex({ type: 'carousel', contents: Array.from({ length: n }, () => bubble()) }),
      12,
      'contents.contents',
      LIMIT_MESSAGES.carouselBubbles,
    ],
    [
      'quick reply items (13)',
      (n) => ({
        type: 'text',
        text: 'x',
        quickReply: {
          items: Array.from({ length: n }, () => ({
            type: 'action',
            action: { type: 'message', label: 'l', text: 't' },
          })),
        },
      }),
      13,
      'quickReply.items',
      LIMIT_MESSAGES.tooMany(13),
    ],
    [
      'quick reply label (20 graphemes)',
      (n) => ({
        type: 'text',
        text: 'x',
        quickReply: {
          items: [{ type: 'action', action: { type: 'message', label: 'a'.repeat(n), text: 't' } }],
        },
      }),
      20,
      'quickReply.items[0].action.label',
      max(20),
    ],
  ])('%s', (_, build, limit, field, message) => {
    expectSendable(build(limit));
    expect(checkLineMessage(build(limit + 1))).toContainEqual({ field, message });
  });

  it('postback data (300 characters; the schema says so too)', () => {
    expectSendable(withAction({ type: 'postback', label: 'l', data: 'a'.repeat(300) }));
    expect(checkLineMessage(withAction({ type: 'postback', label: 'l', data: 'a'.repeat(301) }))).toEqual([
      { field: 'contents.body.contents[0].action.data', message: max(300) },
    ]);
  });

  /** A bubble whose JSON is exactly `bytes` long. */
  function bubbleOfBytes(bytes: number) {
    const empty = bubble([{ type: 'text', text: '' }]);
    return bubble([{ type: 'text', text: 'x'.repeat(bytes - jsonBytes(empty)) }]);
  }

  it('bubble JSON of 30 KB', () => {
    expect(jsonBytes(bubbleOfBytes(30_000))).toBe(30_000);
    expectSendable(flex(bubbleOfBytes(30_000)));
    expect(checkLineMessage(flex(bubbleOfBytes(30_001)))).toEqual([
      { field: 'contents', message: LIMIT_MESSAGES.bubbleBytes },
    ]);
  });

  it('carousel JSON of 50 KB', () => {
    const carousel = (last: number) => ({
      type: 'carousel',
      contents: [bubbleOfBytes(25_000), bubbleOfBytes(last)],
    });
    const exact = 50_000 - (jsonBytes(carousel(25_000)) - 25_000);
    expect(jsonBytes(carousel(exact))).toBe(50_000);
    expectSendable(flex(carousel(exact)));
    expect(checkLineMessage(flex(carousel(exact + 1)))).toEqual([
      { field: 'contents', message: LIMIT_MESSAGES.carouselBytes },
    ]);
  });

  it('carousel bubbles share one size (mega when unset)', () => {
    expectSendable(flex({ type: 'carousel', contents: [bubble(), bubble(undefined, { size: 'mega' })] }));
    expect(
      checkLineMessage(flex({ type: 'carousel', contents: [bubble(), bubble(undefined, { size: 'giga' })] })),
    ).toEqual([{ field: 'contents.contents', message: LIMIT_MESSAGES.sameSize }]);
  });

  it.each(['https://x.example/a', 'http://x.example/a', 'line://app/123', 'tel:0812345678'])(
    'uri scheme %s is allowed',
    (uri) => {
      expectSendable(withAction({ type: 'uri', label: 'l', uri }));
    },
  );

  it.each([
    'ftp://x.example/a',
    'javascript:alert(1)',
    'mailto:a@b.c',
    'https://x.example/{id}',
    'x.example',
  ])('uri %s is refused', (uri) => {
    expect(checkLineMessage(withAction({ type: 'uri', label: 'l', uri }))).toEqual([
      { field: 'contents.body.contents[0].action.uri', message: 'url is invalid format' },
    ]);
  });

  it.each([
    ['http://x.example/a.png', LIMIT_MESSAGES.imageHttps],
    ['https://x.example/a.gif', LIMIT_MESSAGES.imageType],
    ['https://x.example/a.webp?v=1', LIMIT_MESSAGES.imageType],
  ])('image %s is refused', (url, message) => {
    expect(checkLineMessage(flex(bubble([{ type: 'image', url }])))).toEqual([
      { field: 'contents.body.contents[0].url', message },
    ]);
  });

  it.each(['https://x.example/a.JPG', 'https://x.example/a.jpeg', 'https://x.example/photo?id=1'])(
    'image %s passes',
    (url) => {
      expectSendable(flex(bubble([{ type: 'image', url }])));
    },
  );

  it('colours are #RRGGBB or #RRGGBBAA only', () => {
    expectSendable(flex(bubble([{ type: 'separator', color: '#AABBCC' }])));
    expectSendable(flex(bubble([{ type: 'separator', color: '#AABBCC80' }])));
    expect(checkLineMessage(flex(bubble([{ type: 'separator', color: '#ABC' }])))).toEqual([
      { field: 'contents.body.contents[0].color', message: 'code color is invalid format' },
    ]);
  });

  it.each([
    ['1.51:1', true],
    ['1:3', true],
    ['100000:1', true],
    ['1:3.01', false],
    ['0:1', false],
    ['100001:1', false],
    ['16/9', false],
  ])('aspect ratio %s → %s', (aspectRatio, ok) => {
    const errors = checkLineMessage(flex(bubble([{ type: 'image', url: IMAGE, aspectRatio }])));
    expect(errors).toEqual(
      ok ? [] : [{ field: 'contents.body.contents[0].aspectRatio', message: LIMIT_MESSAGES.aspectRatio }],
    );
  });

  it('spacing takes keywords or px, padding also %', () => {
    expectSendable(flex(bubble([body([], { spacing: 'md', paddingAll: '5%', paddingTop: '4px' })])));
    expect(checkLineMessage(flex(bubble([body([], { spacing: '5%' })])))).toEqual([
      { field: 'contents.body.contents[0].spacing', message: LIMIT_MESSAGES.keyword },
    ]);
  });

  it('a baseline box holds icons, texts and fillers only', () => {
    const baseline = body([{ type: 'image', url: IMAGE }], { layout: 'baseline' });
    expect(checkLineMessage(flex(bubble([baseline])))).toEqual([
      { field: 'contents.body.contents[0].contents[0].type', message: LIMIT_MESSAGES.baselineChild },
    ]);
  });

  it('camera, camera roll and location actions work in quick replies only', () => {
    expect(checkLineMessage(withAction({ type: 'camera', label: 'Camera' }))).toEqual([
      { field: 'contents.body.contents[0].action.type', message: LIMIT_MESSAGES.quickReplyOnly },
    ]);
    expectSendable({
      type: 'text',
      text: 'x',
      quickReply: { items: [{ type: 'action', action: { type: 'location', label: 'Where' } }] },
    });
  });

  it('1 to 5 messages per request', () => {
    const text = { type: 'text', text: 'x' };
    expect(checkLineMessages([text])).toEqual([]);
    expect(checkLineMessages(Array(5).fill(text))).toEqual([]);
    expect(checkLineMessages([])).toEqual([{ field: '', message: LIMIT_MESSAGES.messagesPerRequest }]);
    expect(checkLineMessages(Array(6).fill(text))).toEqual([
      { field: '', message: LIMIT_MESSAGES.messagesPerRequest },
    ]);
    expect(checkLineMessages([text, { type: 'text', text: '' }])).toEqual([
      { field: '[1].text', message: 'This field is required.' },
    ]);
  });

  it.each([
    null,
    7,
    'flex',
    [],
    { type: 'flex' },
    { type: 'flex', contents: { type: 'carousel', contents: 'x' } },
  ])('odd input %j gives errors, never an exception', (value) => {
    expect(checkLineMessage(value).length).toBeGreaterThan(0);
  });

  it('the constants say what line-limits.md says', () => {
    expect(LINE_LIMITS).toMatchObject({
      altText: 1500,
      bubbleBytes: 30_000,
      carouselBytes: 50_000,
      carouselBubbles: 12,
      flexButtonLabel: 40,
      messageActionText: 300,
      uri: 1000,
      imageUrl: 2000,
      imagemapBaseWidth: 1040,
      imagemapActions: 50,
      imagemapMessageText: 400,
    });
  });
});

describe('the Flex converter names the form field when LINE would refuse', () => {
  const failure = (input: unknown) => {
    const result = toFlexMessage(input);
    expect(result.ok).toBe(false);
    return result.ok ? [] : result.errors;
  };

  it('altText of 1500 passes, 1501 is refused', () => {
    expect(toFlexMessage(form([[validBlock('textHeader')]], { altText: 'a'.repeat(1500) })).ok).toBe(true);
    expect(failure(form([[validBlock('textHeader')]], { altText: 'a'.repeat(1501) }))).toEqual([
      { field: 'altText', message: max(1500) },
    ]);
  });

  it('a uri of 1000 passes, 1001 is refused on the action field', () => {
    const uri = (n: number) => `https://x.example/${'a'.repeat(n - 18)}`;
    expect(
      toFlexMessage(form([[validBlock('button', { action: validAction('uri', { uri: uri(1000) }) })]])).ok,
    ).toBe(true);
    expect(
      failure(form([[validBlock('button', { action: validAction('uri', { uri: uri(1001) }) })]])),
    ).toEqual([{ field: 'items[0].contents[0].action.uri', message: max(1000) }]);
  });

  it('postback data of 300 passes, 301 is refused', () => {
    const action = (n: number) => validAction('postback', { data: 'a'.repeat(n) });
    expect(toFlexMessage(form([[validBlock('button', { action: action(300) })]])).ok).toBe(true);
    expect(failure(form([[validBlock('button', { action: action(301) })]]))).toEqual([
      { field: 'items[0].contents[0].action.data', message: max(300) },
    ]);
  });

  it('an image LINE cannot show is refused on its url', () => {
    expect(failure(form([[validBlock('imageCover', { url: 'http://x.example/a.png' })]]))).toEqual([
      { field: 'items[0].contents[0].url', message: LIMIT_MESSAGES.imageHttps },
    ]);
    expect(failure(form([[validBlock('imageCover', { url: 'https://x.example/a.gif' })]]))).toEqual([
      { field: 'items[0].contents[0].url', message: LIMIT_MESSAGES.imageType },
    ]);
  });

  it('a custom aspect ratio taller than 3:1 is refused', () => {
    const block = (h: number) => validBlock('imageCover', { aspectRatio: 'custom', width: 1, height: h });
    expect(toFlexMessage(form([[block(3)]])).ok).toBe(true);
    expect(failure(form([[block(4)]]))).toEqual([
      { field: 'items[0].contents[0].aspectRatio', message: LIMIT_MESSAGES.aspectRatio },
    ]);
  });

  it('a bubble over 30 KB is refused on its item', () => {
    const big = Array.from({ length: 80 }, () => validBlock('textHeader', { text: 'x'.repeat(250) }));
    expect(failure(form([[validBlock('textHeader')], big]))).toEqual([
      { field: 'items[1]', message: LIMIT_MESSAGES.bubbleBytes },
    ]);
  });

  it('a carousel over 50 KB is refused on the items', () => {
    const big = () => Array.from({ length: 50 }, () => validBlock('textHeader', { text: 'x'.repeat(250) }));
    expect(failure(form([big(), big(), big()]))).toEqual([
      { field: 'items', message: LIMIT_MESSAGES.carouselBytes },
    ]);
  });
});
