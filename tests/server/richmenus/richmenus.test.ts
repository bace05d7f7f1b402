// Rich menus against the fake LINE API (issue 11): a menu built through the API publishes in
// LINE's order (validate, create, upload image to the data host, set default / link users), every
// request valid against LINE's OpenAPI; the spec 5 image rules refuse an oversized or wrong-size
// picture with the spec's words; a newer general menu sends the old one to History.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactVerifications } from '../../../server/contacts/schema';
import {
  type ChannelHarness,
  connectLine,
  conversation,
  eventually,
  type Payload,
  postLineWebhook,
  startChannelHarness,
} from '../channels/channelHarness';

let h: ChannelHarness;
let channelId: string;

async function upload(name: string, bytes: Buffer, type: string): Promise<Payload> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${h.server.url}/api/file/upload`, {
    method: 'POST',
    headers: { authorization: h.owner.headers.authorization, channel_id: h.owner.headers.channel_id },
    body: form,
  });
  const body = (await res.json()) as Payload;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.resultUpload[0];
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 18, g: 74, b: 151 } } })
    .png()
    .toBuffer();

const menu = (image: string, extra: Payload = {}) => ({
  name: 'Spring menu',
  kind: 'general',
  menu_bar_label: 'เมนู / Menu',
  default_behavior: 'show',
  template: 'large',
  background_image: image,
  areas: [
    { x: 0, y: 0, width: 1250, height: 1686, action: { type: 'message', text: 'ราคา', label: 'Prices' } },
    {
      x: 1250,
      y: 0,
      width: 1250,
      height: 1686,
      action: { type: 'uri', uri: 'https://shop.example.com', label: 'Shop' },
    },
  ],
  ...extra,
});

beforeAll(async () => {
  h = await startChannelHarness({ PUBLIC_URL: 'https://chat.example.test' });
  channelId = await connectLine(h, '1650000001');
});
afterAll(() => h?.close());

describe('rich menu images (spec 5)', () => {
  it('refuses a picture over 1 MB or of another size with the spec words', async () => {
    // Noise does not compress: a 2500x1686 JPEG of it is well over 1 MB (and under the library's 10 MB).
    const noise = Buffer.alloc(2500 * 1686 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await upload(
      'big.jpg',
      await sharp(noise, { raw: { width: 2500, height: 1686, channels: 3 } })
        .jpeg({ quality: 100 })
        .toBuffer(),
      'image/jpeg',
    );
    expect(big.size).toBeGreaterThan(1_000_000);
    const tooBig = await h.api('POST', '/api/richmenu/create', menu(big.id));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({ field: 'background_image', message: 'Too large file size' });

    const odd = await upload('odd.png', await png(2500, 1000), 'image/png');
    const wrong = await h.api('POST', '/api/richmenu/create', menu(odd.id));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'background_image', message: 'Not match resolution' });

    // A compact picture on the large template does not match either.
    const compact = await upload('compact.png', await png(2500, 843), 'image/png');
    const mismatch = await h.api('POST', '/api/richmenu/create', menu(compact.id));
    expect(mismatch.body).toMatchObject({ field: 'background_image', message: 'Not match resolution' });

    const label = await h.api(
      'POST',
      '/api/richmenu/create',
      menu(compact.id, {
        template: 'compact',
        menu_bar_label: 'A label longer than 14',
        areas: [{ x: 0, y: 0, width: 2600, height: 843, action: null }],
      }),
    );
    const fields = Object.fromEntries(label.body.errors.map((e: Payload) => [e.field, e.message]));
    expect(fields).toMatchObject({
      menu_bar_label: 'Please enter no more than 14 characters.',
      'areas[0]': 'The area must lie inside the image.',
      'areas[0].action.type': 'This field is required.',
    });
    expect(h.line.received(/richmenu/)).toHaveLength(0);
  });
});

describe('publishing', () => {
  it('a general menu goes to LINE in a valid sequence and becomes the default', async () => {
    const image = await upload('large.png', await png(2500, 1686), 'image/png');
    const made = await h.api('POST', '/api/richmenu/create', menu(image.id));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.rich_menu).toMatchObject({ status: 'draft', is_active: false, channel_id: channelId });

    const on = await h.api('POST', `/api/richmenu/${made.body.rich_menu._id}/publish`, {});
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const lineId = on.body.rich_menu.line_rich_menu_id as string;
    expect(on.body.rich_menu.status).toBe('active');
    const calls = h.line.received(/richmenu/).map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual([
      'POST /v2/bot/richmenu/validate',
      'POST /v2/bot/richmenu',
      `POST /v2/bot/richmenu/${lineId}/content`,
      `POST /v2/bot/user/all/richmenu/${lineId}`,
    ]);
    expect(h.line.received(/richmenu/).flatMap((r) => r.problems)).toEqual([]);
    const created = h.line.richMenus.get(lineId);
    expect(created?.request).toMatchObject({
      size: { width: 2500, height: 1686 },
      selected: true,
      chatBarText: 'เมนู / Menu',
      areas: [
        {
          bounds: { x: 0, y: 0, width: 1250, height: 1686 },
          action: { type: 'message', text: 'ราคา', label: 'Prices' },
        },
        {
          bounds: { x: 1250, y: 0, width: 1250, height: 1686 },
          action: { type: 'uri', uri: 'https://shop.example.com', label: 'Shop' },
        },
      ],
    });
    expect(created?.image).toMatchObject({ type: 'image/png', width: 2500, height: 1686 });
    expect(h.line.defaultRichMenu.id).toBe(lineId);

    // A second general menu replaces it; the first goes to History and is removed from LINE.
    const second = await h.api(
      'POST',
      '/api/richmenu/create',
      menu(image.id, { name: 'Summer menu', is_active: true }),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(h.line.defaultRichMenu.id).toBe(second.body.rich_menu.line_rich_menu_id);
    expect(h.line.richMenus.get(lineId)?.deleted).toBe(true);
    const history = await h.api('GET', '/api/richmenu/list?kind=general&tab=history');
    expect(history.body.list.map((m: Payload) => m.name)).toEqual(['Spring menu']);
    const current = await h.api('GET', '/api/richmenu/list?kind=general&tab=current');
    expect(current.body.list.map((m: Payload) => [m.name, m.is_active])).toEqual([['Summer menu', true]]);

    // Off: no longer the default.
    const off = await h.api('POST', `/api/richmenu/${second.body.rich_menu._id}/unpublish`, {});
    expect(off.body.rich_menu.status).toBe('inactive');
    expect(h.line.defaultRichMenu.id).toBeNull();
  });

  it('a personal menu is linked to the verified contacts of the channel', async () => {
    for (const userId of ['U-vip-1', 'U-vip-2', 'U-plain']) {
      await postLineWebhook(h, channelId, [
        {
          type: 'message',
          message: { id: `m-${userId}`, type: 'text', text: 'hi', quoteToken: 'q' },
          webhookEventId: `e-${userId}`,
          deliveryContext: { isRedelivery: false },
          timestamp: Date.now(),
          source: { type: 'user', userId },
          mode: 'active',
        },
      ]);
    }
    const db = h.server.app.ctx.db;
    for (const userId of ['U-vip-1', 'U-vip-2']) {
      const { follower } = await eventually(async () => {
        const c = await conversation(h, channelId, userId);
        expect(c.follower).not.toBeNull();
        return c;
      });
      await db
        .insert(contactVerifications)
        .values({ followerId: follower?.id as string, accountId: h.owner.accountId });
    }
    await eventually(async () =>
      expect((await conversation(h, channelId, 'U-plain')).follower).not.toBeNull(),
    );
    const image = await upload('compact-2.png', await png(2500, 843), 'image/png');
    const made = await h.api(
      'POST',
      '/api/richmenu/create',
      menu(image.id, {
        name: 'VIP',
        kind: 'personal',
        template: 'compact',
        areas: [{ x: 0, y: 0, width: 2500, height: 843, action: { type: 'message', text: 'VIP offers' } }],
        is_active: true,
      }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const lineId = made.body.rich_menu.line_rich_menu_id;
    expect(made.body.rich_menu.linked.users).toBe(2);
    expect(Object.fromEntries(h.line.userRichMenus)).toEqual({ 'U-vip-1': lineId, 'U-vip-2': lineId });
    expect(h.line.received(/bulk\/link/).flatMap((r) => r.problems)).toEqual([]);
  });
});
