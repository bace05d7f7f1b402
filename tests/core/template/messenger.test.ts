// core/template/messenger.ts: the same form for Messenger and Instagram (line-limits.md, Meta).
import { describe, expect, it } from 'vitest';
import type { ActionType } from '../../../core/template/action';
import { META_LIMITS } from '../../../core/template/limits';
import { internationalNumber, META_MESSAGES, toMessengerMessage } from '../../../core/template/messenger';
import { form, IMAGE, validAction, validBlock } from './forms';

const ok = (input: unknown, options = {}) => {
  const result = toMessengerMessage(input, options);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.message;
};
const errors = (input: unknown, options = {}) => {
  const result = toMessengerMessage(input, options);
  expect(result.ok).toBe(false);
  expect(result).not.toHaveProperty('message');
  return result.ok ? [] : result.errors;
};
const at = (i: number, field: string) => `items[0].contents[${i}].${field}`;

const card = (button = validBlock('button', { action: validAction('uri') })) => [
  validBlock('imageCover', { action: validAction('uri', { uri: 'https://shop.example.com/' }) }),
  validBlock('textHeader', { text: 'Green tea' }),
  validBlock('textHeader', { text: 'Fresh from Chiang Rai' }),
  validBlock('separator'),
  button,
];

describe('message shapes', () => {
  it('a card with image, texts and a button is a generic template element', () => {
    expect(ok(form([card()]))).toEqual({
      attachment: {
        type: 'template',
        payload: {
          template_type: 'generic',
          elements: [
            {
              title: 'Green tea',
              subtitle: 'Fresh from Chiang Rai',
              image_url: IMAGE,
              default_action: { type: 'web_url', url: 'https://shop.example.com/' },
              buttons: [{ type: 'web_url', url: 'https://shop.example.com/item/1', title: 'Button' }],
            },
          ],
        },
      },
    });
  });

  it('several items are the elements of one generic template', () => {
    const message = ok(form([card(), card(), card()]));
    expect(message).toMatchObject({ attachment: { payload: { template_type: 'generic' } } });
    expect(
      'attachment' in message &&
        'elements' in message.attachment.payload &&
        message.attachment.payload.elements,
    ).toHaveLength(3);
  });

  it('texts and buttons without an image are a button template', () => {
    const message = ok(
      form([
        [
          validBlock('textHeader', { text: 'Pick one' }),
          validBlock('button', { action: validAction('message') }),
        ],
      ]),
    );
    expect(message).toEqual({
      attachment: {
        type: 'template',
        payload: {
          template_type: 'button',
          text: 'Pick one',
          buttons: [{ type: 'postback', title: 'Button', payload: 'action=message&text=Hello' }],
        },
      },
    });
  });

  it('texts alone are a text message; an image alone an image; an image and one button a media template', () => {
    expect(
      ok(form([[validBlock('textHeader', { text: 'Hi' }), validBlock('textHeader', { text: 'there' })]])),
    ).toEqual({ text: 'Hi\nthere' });
    expect(ok(form([[validBlock('imageCover')]]))).toEqual({
      attachment: { type: 'image', payload: { url: IMAGE, is_reusable: true } },
    });
    expect(
      ok(form([[validBlock('imageCover'), validBlock('button', { action: validAction('uri') })]])),
    ).toMatchObject({
      attachment: {
        payload: {
          template_type: 'media',
          elements: [{ media_type: 'image', url: IMAGE, buttons: [{ type: 'web_url' }] }],
        },
      },
    });
  });
});

describe('every action type on a button', () => {
  it.each<[ActionType, object]>([
    ['message', { type: 'postback', title: 'Button', payload: 'action=message&text=Hello' }],
    ['uri', { type: 'web_url', title: 'Button', url: 'https://shop.example.com/item/1' }],
    ['tel', { type: 'phone_number', title: 'Button', payload: '+66812345678' }],
    ['templateId', { type: 'postback', title: 'Button', payload: 'action=templateId&id=tpl-42' }],
    [
      'talkToHuman',
      {
        type: 'postback',
        title: 'Button',
        payload: expect.stringMatching(/^action=talkToHuman&mode=message&key=h[0-9a-z]+$/),
      },
    ],
    ['location', { type: 'postback', title: 'Button', payload: 'action=location&lat=13.7563&lng=100.5018' }],
    ['verify', { type: 'postback', title: 'Button', payload: 'action=verify' }],
    ['logout', { type: 'postback', title: 'Button', payload: 'action=logout' }],
    [
      'apiCondition',
      {
        type: 'postback',
        title: 'Button',
        payload: expect.stringMatching(/^action=apiCondition&api=stock-check&key=h[0-9a-z]+$/),
      },
    ],
    [
      'flow',
      {
        type: 'postback',
        title: 'Button',
        payload: expect.stringMatching(/^action=flow&id=flow-7&key=h[0-9a-z]+$/),
      },
    ],
    ['postback', { type: 'postback', title: 'Button', payload: 'menu=1' }],
  ])('%s', (type, expected) => {
    const message = ok(
      form([[validBlock('textHeader'), validBlock('button', { action: validAction(type) })]]),
    );
    expect(message).toMatchObject({ attachment: { payload: { buttons: [expected] } } });
  });

  it('local numbers get the country code; an explicit code is used', () => {
    expect(internationalNumber('0812345678', '66')).toBe('+66812345678');
    expect(internationalNumber('0201234567', '44')).toBe('+44201234567');
  });
});

describe('what a Meta card cannot carry is refused by field', () => {
  const name = 'Messenger';
  it.each([
    [
      'a text column',
      [validBlock('textHeader'), validBlock('textColumn')],
      at(1, 'component'),
      META_MESSAGES.cannotShow(name, 'text columns'),
    ],
    [
      'an action on text',
      [validBlock('textHeader', { action: validAction('message') })],
      at(0, 'action'),
      META_MESSAGES.textAction(name),
    ],
    [
      'a button without action',
      [validBlock('textHeader'), validBlock('button')],
      at(1, 'action.type'),
      META_MESSAGES.buttonNeedsAction(name),
    ],
    [
      'an image that does more than link',
      [validBlock('imageCover', { action: validAction('message') }), validBlock('textHeader')],
      at(0, 'action.type'),
      META_MESSAGES.imageLinkOnly(name),
    ],
    [
      'a second image',
      [validBlock('imageCover'), validBlock('textHeader'), validBlock('imageCover')],
      at(2, 'url'),
      META_MESSAGES.tooMany(name, 1, 'image per card'),
    ],
  ])('%s', (_, blocks, field, message) => {
    expect(errors(form([blocks]))).toEqual([{ field, message }]);
  });

  it('Instagram has no call buttons', () => {
    const blocks = [validBlock('textHeader'), validBlock('button', { action: validAction('tel') })];
    expect(ok(form([blocks]))).toBeTruthy();
    expect(errors(form([blocks]), { channel: 'instagram' })).toEqual([
      { field: at(1, 'action.type'), message: META_MESSAGES.cannotShow('Instagram', 'call buttons') },
    ]);
  });

  it('spec 5 comes first', () => {
    expect(errors(form([[validBlock('separator', { color: 'x' })]]))).toEqual([
      { field: at(0, 'color'), message: 'code color is invalid format' },
    ]);
  });
});

describe('Meta limits, at and one past', () => {
  const name = 'Messenger';
  const button = (title: string) => validBlock('button', { text: title, action: validAction('uri') });

  it('title 80', () => {
    const withTitle = (n: number) =>
      form([[validBlock('imageCover'), validBlock('textHeader', { text: 't'.repeat(n) })]]);
    ok(withTitle(80));
    expect(errors(withTitle(81))).toEqual([
      { field: at(1, 'text'), message: META_MESSAGES.tooLong(name, 80) },
    ]);
  });

  it('subtitle 80', () => {
    const withSubtitle = (n: number) =>
      form([
        [
          validBlock('imageCover'),
          validBlock('textHeader'),
          validBlock('textHeader', { text: 's'.repeat(n) }),
        ],
      ]);
    ok(withSubtitle(80));
    expect(errors(withSubtitle(81))).toEqual([
      { field: at(2, 'text'), message: META_MESSAGES.tooLong(name, 80) },
    ]);
  });

  it('button title 20', () => {
    ok(form([[validBlock('textHeader'), button('b'.repeat(20))]]));
    expect(errors(form([[validBlock('textHeader'), button('b'.repeat(21))]]))).toEqual([
      { field: at(1, 'text'), message: META_MESSAGES.tooLong(name, 20) },
    ]);
  });

  it('3 buttons', () => {
    ok(form([[validBlock('textHeader'), button('a'), button('b'), button('c')]]));
    expect(
      errors(form([[validBlock('textHeader'), button('a'), button('b'), button('c'), button('d')]])),
    ).toEqual([{ field: at(4, 'text'), message: META_MESSAGES.tooMany(name, 3, 'buttons per card') }]);
  });

  it('button template text 640', () => {
    const withText = (n: number) => form([[validBlock('textHeader', { text: 'x'.repeat(n) }), button('a')]]);
    ok(withText(640));
    expect(errors(withText(641))).toEqual([
      { field: at(0, 'text'), message: META_MESSAGES.tooLong(name, 640) },
    ]);
  });

  it('postback payload 1000', () => {
    const withData = (n: number) =>
      form([
        [
          validBlock('textHeader'),
          validBlock('button', { action: validAction('postback', { data: 'd'.repeat(n) }) }),
        ],
      ]);
    ok(withData(1000));
    expect(errors(withData(1001))).toEqual([
      { field: at(1, 'action'), message: META_MESSAGES.tooLong(name, 1000) },
    ]);
  });

  it('an image with more than one button has no Meta shape', () => {
    expect(errors(form([[validBlock('imageCover'), button('a'), button('b')]]))).toEqual([
      { field: at(2, 'text'), message: META_MESSAGES.tooMany(name, 1, 'button with an image alone') },
    ]);
  });

  it('the constants say what line-limits.md says', () => {
    expect(META_LIMITS).toMatchObject({
      genericElements: 10,
      title: 80,
      subtitle: 80,
      buttons: 3,
      buttonTemplateText: 640,
      quickReplies: 13,
    });
  });
});
