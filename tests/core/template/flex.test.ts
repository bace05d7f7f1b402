// core/template/flex.ts: form → LINE Flex (issue 6; spec 3, 4, 5). Every output is checked
// against the official OpenAPI schema and the prose limits.
import { describe, expect, it } from 'vitest';
import type { ActionType } from '../../../core/template/action';
import type { Block, BlockKind } from '../../../core/template/blocks';
import { toFlexMessage } from '../../../core/template/flex';
import type { FlexBox, FlexComponent, FlexMessage } from '../../../core/template/flexTypes';
import { checkLineMessage } from '../../../core/template/limits';
import { createTemplate } from '../../../core/template/presets';
import { ALL_KINDS, form, IMAGE, validAction, validBlock } from './forms';
import { validatorFor } from './lineSchema';

const schema = validatorFor('Message');
const flexSchema = validatorFor('FlexMessage');

function convert(input: unknown, options = {}): FlexMessage {
  const result = toFlexMessage(input, options);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  expect(schema(result.message)).toEqual([]);
  expect(flexSchema(result.message)).toEqual([]);
  expect(checkLineMessage(result.message)).toEqual([]);
  return result.message;
}

/** Every component of the message, depth first. */
function components(message: FlexMessage): FlexComponent[] {
  const out: FlexComponent[] = [];
  const walk = (c: FlexComponent) => {
    out.push(c);
    if (c.type === 'box') c.contents.forEach(walk);
  };
  const bubbles = message.contents.type === 'carousel' ? message.contents.contents : [message.contents];
  for (const b of bubbles) if (b.body) walk(b.body);
  return out;
}

const blockBoxes = (message: FlexMessage) =>
  (message.contents.type === 'bubble' ? message.contents.body?.contents : []) as FlexBox[];
const texts = (message: FlexMessage) =>
  components(message).flatMap((c) => (c.type === 'text' ? [c.text] : []));
const actions = (message: FlexMessage) =>
  components(message).flatMap((c) => ('action' in c && c.action ? [c.action] : []));

describe('every block kind converts to a schema-valid bubble (spec 3)', () => {
  const expectations: Record<BlockKind, (m: FlexMessage) => void> = {
    textHeader: (m) => {
      expect(blockBoxes(m)[0]).toMatchObject({
        backgroundColor: '#FFFFFF',
        paddingTop: '20px',
        paddingStart: '20px',
      });
      expect(texts(m)).toEqual(['Title']);
    },
    textColumn: (m) => {
      const row = blockBoxes(m)[0];
      expect(row.layout).toBe('horizontal');
      expect(row.contents).toHaveLength(2);
      expect(row.contents.every((c) => c.type === 'box' && c.layout === 'vertical')).toBe(true);
    },
    imageCover: (m) => {
      expect(components(m).find((c) => c.type === 'image')).toMatchObject({
        url: IMAGE,
        size: 'full',
        aspectRatio: '1.54:1',
        aspectMode: 'cover',
      });
      expect(blockBoxes(m)[0]).toMatchObject({ paddingTop: '0px', paddingEnd: '0px' });
    },
    button: (m) => {
      const coloured = blockBoxes(m)[0].contents[0] as FlexBox;
      expect(coloured).toMatchObject({ type: 'box', backgroundColor: '#E3EBF3' });
      expect(coloured.contents[0]).toMatchObject({
        type: 'text',
        text: 'Button',
        color: '#124A97',
        align: 'center',
      });
    },
    imageLeftInfoAndButtonRight: (m) => {
      const row = blockBoxes(m)[0];
      expect(row).toMatchObject({ layout: 'horizontal', paddingTop: '10px' });
      expect(components(m).some((c) => c.type === 'image')).toBe(true);
      expect(texts(m)).toEqual(['Title', 'Button']);
    },
    imageLeftAndInfoRight: (m) => {
      const [left, right] = blockBoxes(m)[0].contents as FlexBox[];
      expect(left.flex).toBe(50);
      expect(right.flex).toBe(50);
      expect(left.contents[0]).toMatchObject({ type: 'image', size: '100%' });
      expect(texts(m)).toEqual(['Title', 'Text']);
    },
    separator: (m) => {
      expect(components(m).find((c) => c.type === 'separator')).toEqual({
        type: 'separator',
        color: '#7F7F7F',
      });
    },
    imageBackground: (m) => {
      expect(components(m).find((c) => c.type === 'image')).toMatchObject({ aspectRatio: '1:1' });
    },
    labelLeftTop: (m) => {
      expect(blockBoxes(m)[0]).toMatchObject({
        position: 'absolute',
        offsetTop: '20px',
        offsetStart: '20px',
      });
    },
    labelCenterBottom: (m) => {
      expect(blockBoxes(m)[0]).toMatchObject({
        position: 'absolute',
        offsetBottom: '20px',
        offsetEnd: '20px',
      });
      expect(texts(m)).toEqual(['Label']);
    },
    textRow: (m) => {
      const row = blockBoxes(m)[0];
      expect(row.layout).toBe('horizontal');
      expect(row.contents).toMatchObject([
        { type: 'text', flex: 1 },
        { type: 'text', flex: 1, align: 'end' },
      ]);
    },
    textInRow: (m) => {
      const line = blockBoxes(m)[0].contents[0];
      expect(line).toMatchObject({
        type: 'text',
        contents: [{ type: 'span', weight: 'bold' }, { type: 'span' }],
      });
    },
  };

  it.each(ALL_KINDS)('%s', (kind) => {
    const message = convert(form([[validBlock(kind)]]));
    expect(message.contents).toMatchObject({ type: 'bubble', size: 'mega' });
    expectations[kind](message);
  });

  it('a card with every kind at once is still one valid bubble', () => {
    convert(form([ALL_KINDS.map((kind) => validBlock(kind))]));
  });
});

describe('every action type maps to a LINE action (spec 3, 5)', () => {
  const cases: [ActionType, object][] = [
    ['message', { type: 'message', label: 'Button', text: 'Hello' }],
    ['uri', { type: 'uri', label: 'Button', uri: 'https://shop.example.com/item/1' }],
    ['tel', { type: 'uri', label: 'Button', uri: 'tel:0812345678' }],
    [
      'templateId',
      { type: 'postback', label: 'Button', data: 'action=templateId&id=tpl-42', displayText: 'Show me' },
    ],
    [
      'talkToHuman',
      {
        type: 'postback',
        label: 'Button',
        data: expect.stringMatching(/^action=talkToHuman&mode=message&key=h[0-9a-z]+$/),
        displayText: 'Talk to a person',
      },
    ],
    ['location', { type: 'postback', label: 'Button', data: 'action=location&lat=13.7563&lng=100.5018' }],
    ['verify', { type: 'postback', label: 'Button', data: 'action=verify' }],
    ['logout', { type: 'postback', label: 'Button', data: 'action=logout' }],
    [
      'apiCondition',
      {
        type: 'postback',
        label: 'Button',
        data: expect.stringMatching(/^action=apiCondition&api=stock-check&key=h[0-9a-z]+$/),
      },
    ],
    [
      'flow',
      {
        type: 'postback',
        label: 'Button',
        data: expect.stringMatching(/^action=flow&id=flow-7&key=h[0-9a-z]+$/),
        displayText: 'Start',
      },
    ],
    ['postback', { type: 'postback', label: 'Button', data: 'menu=1', displayText: 'Menu' }],
  ];

  it.each(cases)('%s on a button', (type, expected) => {
    const message = convert(form([[validBlock('button', { action: validAction(type) })]]));
    expect(actions(message)).toEqual([expected]);
  });

  it.each(cases)('%s on an image', (type, expected) => {
    const message = convert(form([[validBlock('imageCover', { action: validAction(type) })]]));
    const { label: _, ...rest } = expected as { label: string };
    expect(actions(message)).toEqual([rest]);
  });

  it('an action key travels in the postback so the webhook can load the stored action', () => {
    const action = validAction('apiCondition', { actionKey: 'k1' });
    const message = convert(form([[validBlock('button', { action })]]));
    expect(actions(message)[0]).toMatchObject({ data: 'action=apiCondition&api=stock-check&key=k1' });
  });

  it('the sub-actions of image-and-info land on the image, the text and the button', () => {
    const block = validBlock('imageLeftInfoAndButtonRight', {
      actionImage: validAction('uri'),
      actionTextTop: validAction('message'),
      actionBtnBottom: validAction('tel'),
    });
    const found = actions(convert(form([[block]])));
    expect(found.map((a) => a.type)).toEqual(['uri', 'message', 'uri']);
    expect(found[2]).toMatchObject({ uri: 'tel:0812345678', label: 'Button' });
  });

  it("a block with no action has no action (spec 4), whatever 'none' carries", () => {
    const blocks: Block[] = ALL_KINDS.map((kind) =>
      validBlock(kind, { action: validAction('none', { text: 'x' }) }),
    );
    const json = JSON.stringify(convert(form([blocks])));
    expect(json).not.toContain('"action"');
  });
});

describe('bubble or carousel (spec 3)', () => {
  it('one item is a bubble, two are a carousel of same-size bubbles', () => {
    const one = convert(form([[validBlock('textHeader')]]));
    expect(one.contents.type).toBe('bubble');
    const two = convert(form([[validBlock('textHeader')], [validBlock('button')]], { contentSize: 'giga' }));
    expect(two.contents).toMatchObject({ type: 'carousel', contents: [{ size: 'giga' }, { size: 'giga' }] });
  });

  it('blocks follow their position, and inactive blocks are left out without being validated', () => {
    const first = validBlock('textHeader', { text: 'first' });
    const second = validBlock('textHeader', { text: 'second' });
    const hidden = validBlock('separator', { color: 'not a colour', active: false });
    const input = form([[]]);
    input.items[0].contents = [
      { ...second, position: 2 },
      { ...hidden, position: 0 },
      { ...first, position: 1 },
    ];
    const message = convert(input);
    expect(texts(message)).toEqual(['first', 'second']);
    expect(components(message).some((c) => c.type === 'separator')).toBe(false);
  });

  it.each(['template_1', 'template_2', 'template_3'] as const)(
    'preset %s converts once its image is set',
    (preset) => {
      const template = createTemplate(preset, { name: 'Preset' });
      template.items[0].contents = template.items[0].contents.map((b) =>
        'url' in b ? { ...b, url: IMAGE } : b,
      );
      convert(template);
    },
  );
});

describe('altText (spec 3)', () => {
  it.each([
    ['its own altText', { altText: 'Sale!', name: 'Summer sale' }, undefined, 'Sale!'],
    ["the active message's name", { altText: '  ', name: 'Summer sale' }, undefined, 'Summer sale'],
    ['the name given by the caller', { altText: '', name: '' }, 'Reply 3', 'Reply 3'],
  ])('falls back to %s', (_, fields, fallbackName, expected) => {
    const message = convert(form([[validBlock('textHeader')]], fields), { fallbackName });
    expect(message.altText).toBe(expected);
  });

  it('without any, conversion fails on altText', () => {
    const result = toFlexMessage(form([[validBlock('textHeader')]], { altText: '', name: '' }));
    expect(result).toEqual({ ok: false, errors: [{ field: 'altText', message: 'This field is required.' }] });
  });
});

describe('colours', () => {
  it('#RGB is written out as #RRGGBB for LINE; #RRGGBBAA passes as is', () => {
    const message = convert(
      form([[validBlock('textHeader', { color: '#abc', backgroundColor: '#11223344' })]]),
    );
    expect(blockBoxes(message)[0]).toMatchObject({ backgroundColor: '#11223344' });
    expect(components(message).find((c) => c.type === 'text')).toMatchObject({ color: '#aabbcc' });
  });
});

describe('failure returns nothing and a reason (spec 8)', () => {
  it.each([
    ['null', null],
    ['a number', 42],
    ['a string', 'template'],
    ['items that are not a list', { items: 'x' }],
    ['an unknown block kind', { items: [{ contents: [{ component: 'marquee' }] }] }],
    ['a block field of the wrong type', { items: [{ contents: [{ component: 'textHeader', text: 5 }] }] }],
  ])('%s', (_, input) => {
    const result = toFlexMessage(input);
    expect(result.ok).toBe(false);
    expect(result).not.toHaveProperty('message');
    if (!result.ok) expect(result.errors.length).toBeGreaterThan(0);
  });

  it('names the field of a spec 5 error', () => {
    const result = toFlexMessage(
      form([[validBlock('textHeader'), validBlock('separator', { color: 'red' })]]),
    );
    expect(result).toEqual({
      ok: false,
      errors: [{ field: 'items[0].contents[1].color', message: 'code color is invalid format' }],
    });
  });

  it('a getter that throws inside the form is a failure, not an exception', () => {
    const evil = form([[validBlock('textHeader')]]);
    Object.defineProperty(evil.items[0], 'contents', {
      get() {
        throw new Error('boom');
      },
      enumerable: true,
    });
    expect(toFlexMessage(evil).ok).toBe(false);
  });
});
