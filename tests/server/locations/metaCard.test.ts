// A location with a picture and a full Thai address sent to Messenger and Instagram (spec 3
// "Location"): Meta's card holds at most 80 characters of subtitle, so the generated card keeps
// the address first, then hours, phone and nearby place, shortening the last line that does not
// fit with '…' rather than being refused. LINE still gets its own location message, whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META_LIMITS } from '../../../core/template/limits';
import {
  type ChannelHarness,
  conversation,
  eventually,
  META_VERIFY,
  messageRow,
  metaSignature,
  type Payload,
  postRaw,
  startChannelHarness,
} from '../channels/channelHarness';

const IMAGE = 'https://cdn.example.com/places/bangna.jpg';
const PLACE = {
  name: 'สาขาบางนา-ตราด (ศูนย์การค้าเซ็นทรัลซิตี้บางนา) ชั้น 3 โซนอาหารและเครื่องดื่ม ติดบันไดเลื่อน',
  address: '1093 หมู่ที่ 12 ถนนบางนา-ตราด กิโลเมตรที่ 3',
  sub_district: 'แขวงบางนาเหนือ',
  district: 'เขตบางนา',
  province: 'กรุงเทพมหานคร',
  postcode: '10260',
  open_time: '10:00',
  close_time: '22:00',
  telephone: '027456789',
  nearby_place: 'ตรงข้ามไบเทคบางนา ใกล้สถานีรถไฟฟ้าบางนา',
  latitude: '13.6688',
  longitude: '100.6343',
  image: IMAGE,
};
const ADDRESS = '1093 หมู่ที่ 12 ถนนบางนา-ตราด กิโลเมตรที่ 3 แขวงบางนาเหนือ เขตบางนา กรุงเทพมหานคร 10260';

let h: ChannelHarness;
let locationId = '';
const followerOf = { messenger: '', instagram: '' };
const graphemes = (text: string) => [...new Intl.Segmenter('th', { granularity: 'grapheme' }).segment(text)];

beforeAll(async () => {
  h = await startChannelHarness({ PUBLIC_URL: 'https://chat.example.test' });
  const meta = (pageId: string) => ({
    page_id: pageId,
    app_secret: h.meta.appSecret,
    page_token: h.meta.pageToken,
    verify_token: META_VERIFY,
  });
  const channels = {
    messenger: (await h.connect('messenger', meta('1000011')))._id as string,
    instagram: (await h.connect('instagram', meta('17841400000012')))._id as string,
  };
  for (const [channel, object, pageId, psid] of [
    ['messenger', 'page', '1000011', 'PSID-place'],
    ['instagram', 'instagram', '17841400000012', 'IGSID-place'],
  ] as const) {
    const raw = JSON.stringify({
      object,
      entry: [
        {
          id: pageId,
          time: Date.now(),
          messaging: [
            {
              sender: { id: psid },
              recipient: { id: pageId },
              timestamp: Date.now(),
              message: { mid: `m-${psid}`, text: 'สาขาไหนใกล้สุดคะ' },
            },
          ],
        },
      ],
    });
    const res = await postRaw(`${h.server.url}/webhook/meta/${channels[channel]}`, raw, {
      'content-type': 'application/json',
      'x-hub-signature-256': metaSignature(h.meta.appSecret, raw),
    });
    expect(res.status).toBe(200);
    followerOf[channel] = await eventually(async () => {
      const c = await conversation(h, channels[channel], psid);
      expect(c.follower).not.toBeNull();
      return c.follower?.id ?? '';
    });
  }
  const made = await h.api('POST', '/api/location/create', PLACE);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  locationId = made.body.location._id;
}, 60_000);
afterAll(() => h?.close());

async function sendLocation(channel: keyof typeof followerOf, recipient: string) {
  const before = h.meta.sent.filter((s) => s.recipient === recipient).length;
  const res = await h.api('POST', `/api/location/${locationId}/send`, { followerId: followerOf[channel] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const row = await eventually(async () => {
    const r = await messageRow(h, res.body.message._id);
    expect(r.delivery).not.toBe('pending');
    return r;
  });
  expect(row.deliveryError ?? null).toBeNull();
  expect(row.delivery).toBe('sent');
  const sent = h.meta.sent.filter((s) => s.recipient === recipient).slice(before);
  expect(sent).toHaveLength(1);
  return sent[0].message as Payload;
}

describe('a location with a picture and a full Thai address', () => {
  it('reaches Messenger as a card whose subtitle fits, address and hours first, with map and call', async () => {
    const message = await sendLocation('messenger', 'PSID-place');
    expect(message.attachment.payload.template_type).toBe('generic');
    const [element] = message.attachment.payload.elements as Payload[];
    expect(element.image_url).toBe(IMAGE);
    expect(element.title.length).toBeLessThanOrEqual(META_LIMITS.title);
    expect(element.title.endsWith('…')).toBe(true);
    expect(PLACE.name.startsWith(element.title.slice(0, -1))).toBe(true);
    expect(element.subtitle.length).toBeLessThanOrEqual(META_LIMITS.subtitle);
    // The address (87 characters) gives up its end to the hours; the nearby place has no room.
    const [address, hours, ...rest] = element.subtitle.split('\n');
    expect(hours).toBe('Open 10:00–22:00');
    expect(rest).toEqual([]);
    expectShortened(address, ADDRESS);
    expect(element.buttons.map((b: Payload) => b.type)).toEqual(['web_url', 'phone_number']);
    expect(element.buttons[1].payload).toBe('+6627456789');
  });

  it('reaches Instagram with the phone as a line after the hours, and no call button', async () => {
    const message = await sendLocation('instagram', 'IGSID-place');
    const [element] = message.attachment.payload.elements as Payload[];
    expect(element.image_url).toBe(IMAGE);
    expect(element.subtitle.length).toBeLessThanOrEqual(META_LIMITS.subtitle);
    const [address, ...rest] = element.subtitle.split('\n');
    expect(rest).toEqual(['Open 10:00–22:00', '☎ 027456789']);
    expectShortened(address, ADDRESS);
    expect(element.buttons.map((b: Payload) => b.type)).toEqual(['web_url']);
  });

  it('LINE still gets its own location message with the whole address', async () => {
    const { connectLine, lineEvent, postLineWebhook } = await import('../channels/channelHarness');
    const channelId = await connectLine(h);
    const event = lineEvent(
      { type: 'user', userId: 'U-place-line' },
      {
        type: 'message',
        message: { id: 'm-line-place', type: 'text', text: 'hello', quoteToken: 'q' },
      },
    );
    expect((await postLineWebhook(h, channelId, [event])).status).toBe(200);
    const followerId = await eventually(async () => {
      const c = await conversation(h, channelId, 'U-place-line');
      expect(c.follower).not.toBeNull();
      return c.follower?.id ?? '';
    });
    const res = await h.api('POST', `/api/location/${locationId}/send`, { followerId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const hit = await eventually(async () => {
      const found = h.line.sent.find((s) => JSON.stringify(s.body).includes('"type":"location"'));
      expect(found).toBeDefined();
      return found as (typeof h.line.sent)[number];
    });
    expect((hit.body.messages as Payload[])[0]).toMatchObject({ type: 'location', address: ADDRESS });
  });
});

/** `short` is the start of `whole`, cut between graphemes (never inside a Thai cluster), with '…'. */
function expectShortened(short: string, whole: string) {
  expect(short.endsWith('…')).toBe(true);
  const kept = short.slice(0, -1);
  expect(kept.length).toBeGreaterThan(32);
  expect(whole.startsWith(kept)).toBe(true);
  expect(graphemes(whole).some((g) => g.index === kept.length || g.index === kept.length + 1)).toBe(true);
}
