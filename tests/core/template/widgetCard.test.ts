// core/template/widgetCard.ts: the web widget's own card JSON.
import { describe, expect, it } from 'vitest';
import type { ActionType } from '../../../core/template/action';
import type { BlockKind } from '../../../core/template/blocks';
import { toWidgetAction, toWidgetCards, type WidgetPart } from '../../../core/template/widgetCard';
import { ALL_KINDS, form, IMAGE, validAction, validBlock } from './forms';

const KIND_PART: Record<BlockKind, WidgetPart['kind']> = {
  textHeader: 'text',
  textColumn: 'columns',
  imageCover: 'image',
  button: 'button',
  imageLeftInfoAndButtonRight: 'imageRow',
  imageLeftAndInfoRight: 'imageRow',
  separator: 'separator',
  imageBackground: 'image',
  labelLeftTop: 'label',
  labelCenterBottom: 'label',
  textRow: 'columns',
  textInRow: 'text',
};

describe('widget cards', () => {
  it.each(ALL_KINDS)('%s becomes a %s part', (kind) => {
    const result = toWidgetCards(form([[validBlock(kind)]]));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.message.cards[0].parts.map((p) => p.kind)).toEqual([KIND_PART[kind]]);
  });

  it('keeps order, sizes, colours and paddings; one card per item', () => {
    const result = toWidgetCards(
      form(
        [
          [
            validBlock('imageCover'),
            validBlock('textHeader', { text: 'Tea', color: '#abc' }),
            validBlock('button'),
          ],
          [validBlock('separator')],
        ],
        {
          contentSize: 'giga',
        },
      ),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.message).toMatchObject({ type: 'cards', altText: 'Summer sale', size: 'giga' });
    expect(result.message.cards).toHaveLength(2);
    expect(result.message.cards[0].parts).toMatchObject([
      { kind: 'image', image: { url: IMAGE, aspectRatio: '1.54:1', fit: 'cover' }, padding: { top: 0 } },
      { kind: 'text', texts: [{ text: 'Tea', color: '#aabbcc' }], padding: { top: 20, start: 20 } },
      { kind: 'button', button: { label: 'Button', color: '#124A97', backgroundColor: '#E3EBF3' } },
    ]);
  });

  it('keeps italic and underline of the image-and-info texts, as the Flex card does', () => {
    const result = toWidgetCards(
      form([
        [
          validBlock('imageLeftAndInfoRight', {
            textTop: 'Latte',
            styleTop: 'italic',
            decorationTop: 'underline',
            textBottom: '65 THB',
            decorationBottom: 'line-through',
          }),
        ],
      ]),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.message.cards[0].parts[0]).toMatchObject({
      texts: [
        { text: 'Latte', style: 'italic', decoration: 'underline' },
        { text: '65 THB', decoration: 'line-through' },
      ],
    });
  });

  it.each<[ActionType, object]>([
    ['message', { type: 'message', text: 'Hello' }],
    ['uri', { type: 'uri', uri: 'https://shop.example.com/item/1' }],
    ['tel', { type: 'tel', uri: 'tel:0812345678' }],
    ['templateId', { type: 'postback', data: 'action=templateId&id=tpl-42', displayText: 'Show me' }],
    ['verify', { type: 'postback', data: 'action=verify' }],
  ])('%s action', (type, expected) => {
    expect(toWidgetAction(validAction(type))).toEqual(expected);
  });

  it('no action is no action; an invalid form is refused by field', () => {
    expect(toWidgetAction(validAction('none'))).toBeUndefined();
    expect(toWidgetCards(form([[validBlock('imageCover', { url: '' })]]))).toEqual({
      ok: false,
      errors: [{ field: 'items[0].contents[0].url', message: 'This field is required.' }],
    });
  });
});
