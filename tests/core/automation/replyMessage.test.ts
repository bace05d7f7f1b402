// Reply messages (spec 3, 5): validation by field and conversion per channel.
import { describe, expect, it } from 'vitest';
import { toChannelItems } from '../../../core/automation/replyConvert';
import {
  newReplyItem,
  type ReplyMessageDraft,
  validateReplyMessage,
} from '../../../core/automation/replyMessage';
import type { Location } from '../../../core/models/location';
import { checkLineMessage } from '../../../core/template/lineCheck';
import { createTemplate } from '../../../core/template/presets';
import { validatorFor } from '../template/lineSchema';

const draft = (
  items: ReplyMessageDraft['items'],
  extra: Partial<ReplyMessageDraft> = {},
): ReplyMessageDraft => ({
  name: 'Reply',
  is_active: true,
  items,
  quick_replies: [],
  ...extra,
});

const siam: Location = {
  name: 'สาขาสยาม',
  open_time: '10:00',
  close_time: '21:00',
  telephone: '021234567',
  mobile: '',
  address: '991 ถนนพระราม 1',
  province: 'กรุงเทพมหานคร',
  district: 'ปทุมวัน',
  sub_district: 'ปทุมวัน',
  postcode: '10330',
  nearby_place: '',
  latitude: '13.7462',
  longitude: '100.5347',
  isActive: 'Active',
};
const lookups = { templates: new Map(), locations: new Map([['loc1', siam]]) };
const lineMessage = validatorFor('Message');

describe('validateReplyMessage', () => {
  it('a button message starts with 1 action (spec 5)', () => {
    expect(newReplyItem('button')).toMatchObject({ numberActions: 1, actions: [{ type: 'message' }] });
  });
  it('names each problem with the spec texts', () => {
    const errors = validateReplyMessage(
      draft([
        { type: 'video' },
        { type: 'sticker', packageId: 'x' },
        { type: 'custom', json: '{nope' },
        { type: 'button', text: 'Pick', actions: [{ type: 'tel', buttonName: 'Call', message: '02-123' }] },
      ]),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'items[0]', message: 'File is required.' },
        { field: 'items[0].image', message: 'This field is required.' },
        { field: 'items[1].packageId', message: 'number is invalid format' },
        { field: 'items[1].stickerId', message: 'This field is required.' },
        { field: 'items[2].json', message: 'json is invalid format' },
        { field: 'items[3].actions[0].message', message: 'tel is invalid format' },
      ]),
    );
    expect(validateReplyMessage(draft([{ type: 'text', text: 'hi' }]))).toEqual([]);
    expect(
      validateReplyMessage(
        draft([{ type: 'text', text: 'hi' }], {
          quick_replies: [{ label: '', action: { type: 'message', text: 'x' } }],
        }),
      ),
    ).toEqual([{ field: 'quick_replies[0].label', message: 'This field is required.' }]);
  });
});

describe('toChannelItems', () => {
  it('LINE gets its own location message; other channels a card, WeChat text', () => {
    const reply = draft([{ type: 'location', locationId: 'loc1' }]);
    const line = toChannelItems(reply, 'line', lookups);
    expect(line.ok && line.message[0]).toEqual({
      type: 'location',
      title: 'สาขาสยาม',
      address: '991 ถนนพระราม 1 ปทุมวัน ปทุมวัน กรุงเทพมหานคร 10330',
      latitude: 13.7462,
      longitude: 100.5347,
    });
    if (line.ok) expect(lineMessage(line.message[0])).toEqual([]);
    const widget = toChannelItems(reply, 'widget', lookups);
    expect(widget.ok && widget.message[0].type).toBe('flex');
    if (widget.ok) {
      const flex = widget.message[0] as { altText: string; contents: unknown };
      expect(lineMessage({ type: 'flex', altText: flex.altText, contents: flex.contents })).toEqual([]);
    }
    const wechat = toChannelItems(reply, 'wechat', lookups);
    expect(wechat.ok && (wechat.message[0] as { text: string }).text).toContain(
      'https://www.google.com/maps/search/?api=1&query=13.7462%2C100.5347',
    );
  });

  it('refuses what a channel cannot take, by field', () => {
    expect(toChannelItems(draft([{ type: 'imageMap', bubbleIds: ['x'] }]), 'messenger', lookups)).toEqual({
      ok: false,
      errors: [{ field: 'items[0].bubbleIds', message: 'Image maps can be sent on LINE only.' }],
    });
    expect(toChannelItems(draft([{ type: 'location', locationId: 'nope' }]), 'line', lookups)).toEqual({
      ok: false,
      errors: [{ field: 'items[0].locationId', message: 'This location does not exist.' }],
    });
  });

  it('for the bot, leaves out what the channel cannot show and sends the rest', () => {
    const bot = { leaveOutUnavailable: true };
    const reply = draft([
      { type: 'imageMap', bubbleIds: ['x'] },
      { type: 'sticker', packageId: '446', stickerId: '1988' },
      { type: 'text', text: 'Hello' },
    ]);
    expect(toChannelItems(reply, 'wechat', lookups, bot)).toEqual({
      ok: true,
      message: [{ type: 'text', text: 'Hello' }],
      left: [
        { field: 'items[0].bubbleIds', message: 'Image maps can be sent on LINE only.' },
        { field: 'items[1]', message: 'WeChat cannot show LINE stickers.' },
      ],
    });
    const messenger = toChannelItems(reply, 'messenger', lookups, bot);
    expect(messenger.ok && messenger.message.map((m) => m.type)).toEqual(['sticker', 'text']);
    // Nothing left: nothing goes, saying why; an agent's send is still refused by field.
    const onlySticker = draft([{ type: 'sticker', packageId: '446', stickerId: '1988' }]);
    expect(toChannelItems(onlySticker, 'wechat', lookups, bot)).toMatchObject({
      ok: false,
      errors: [{ field: 'items[0]', message: 'WeChat cannot show LINE stickers.' }],
    });
    expect(toChannelItems(reply, 'wechat', lookups)).toMatchObject({
      ok: false,
      errors: [{ field: 'items[0].bubbleIds' }, { field: 'items[1]' }],
    });
  });

  it('Instagram, which has no call buttons, gets the location card with the phone as text', () => {
    const reply = draft([{ type: 'location', locationId: 'loc1' }]);
    const instagram = toChannelItems(reply, 'instagram', lookups);
    if (!instagram.ok) throw new Error(JSON.stringify(instagram.errors));
    const card = JSON.stringify(instagram.message[0]);
    expect(card).not.toContain('tel:');
    expect(card).toContain('☎ 021234567');
    expect(card).toContain('https://www.google.com/maps/search/?api=1&query=13.7462%2C100.5347');
    // Messenger keeps its call button.
    const messenger = toChannelItems(reply, 'messenger', lookups);
    expect(messenger.ok && JSON.stringify(messenger.message[0])).toContain('"uri":"tel:021234567"');
  });

  it("a button message's call button is refused for Instagram by field, as its sender would", () => {
    const reply = draft([
      {
        type: 'button',
        text: 'Call us',
        actions: [
          { type: 'uri', buttonName: 'Shop', message: 'https://shop.example.com' },
          { type: 'tel', buttonName: 'Call', message: '021234567' },
        ],
      },
    ]);
    expect(toChannelItems(reply, 'instagram', lookups)).toEqual({
      ok: false,
      errors: [{ field: 'items[0].actions[1].type', message: 'Instagram cannot show call buttons.' }],
    });
    expect(toChannelItems(reply, 'messenger', lookups).ok).toBe(true);
  });

  it('cards come from saved templates; a button message is a schema-valid flex bubble', () => {
    // The preset with its picture filled in, as a saved template would be.
    const withPicture = JSON.parse(JSON.stringify(createTemplate('template_1')), (key, value) =>
      key === 'url' && value === '' ? 'https://cdn.example.com/promo.png' : value,
    );
    const templates = new Map([['t1', { kind: 'bubble' as const, name: 'Promo', form: withPicture }]]);
    const button = {
      type: 'button' as const,
      title: 'Menu',
      text: 'เลือกได้เลย',
      actions: [
        { type: 'message', buttonName: 'Prices', message: 'ราคา' },
        { type: 'uri', buttonName: 'Shop', message: 'https://shop.example.com' },
      ],
    };
    const result = toChannelItems(draft([button, { type: 'bubble', bubbleIds: ['t1'] }]), 'line', {
      ...lookups,
      templates,
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    for (const item of result.message) {
      const flex = item as { altText: string; contents: unknown };
      const message = { type: 'flex', altText: flex.altText, contents: flex.contents };
      expect(lineMessage(message)).toEqual([]);
      expect(checkLineMessage(message)).toEqual([]);
    }
  });
});
