// What the bot really sends (docs/api.md "What the bot sends"): a location card in the customer's
// language (a widget visitor's own, else the account's customer language), a switched-off
// location or an item the customer's channel cannot show left out of a reply while the rest goes,
// and the console's "try it" and usage calls
// saying beforehand when a rule would send nothing and why.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveCustomerMessage } from '../../../server/chat/inbound';
import { messages } from '../../../server/chat/schema';
import { verificationSettings } from '../../../server/verification/schema';
import {
  type ChannelHarness,
  conversation,
  eventually,
  META_VERIFY,
  type Payload,
  startChannelHarness,
} from '../channels/channelHarness';

let h: ChannelHarness;
let locationId = '';

const PLACE = {
  name: 'Siam branch',
  address: '989 Rama I Rd',
  open_time: '10:00',
  close_time: '21:00',
  telephone: '021234567',
  latitude: '13.7466',
  longitude: '100.5393',
};

async function ok(method: string, path: string, body?: unknown) {
  const res = await h.api(method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as Payload;
}

async function rule(name: string, keyword: string, replyId: string) {
  return (
    await ok('POST', '/api/keyword/create', {
      name,
      keywords: [{ text: keyword, match: 'exact' }],
      action: 'reply',
      reply_message_id: replyId,
      priority: 1,
    })
  ).rule as Payload;
}

async function reply(name: string, items: Payload[]) {
  return (await ok('POST', '/api/reply/message/create', { name, items })).reply_message as Payload;
}

async function widget(path: string, body: unknown, token?: string) {
  const res = await fetch(`${h.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-widget-session': token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Payload };
}

/** The last widget visitor widgetVisitorSays made. */
let lastVisitorId = '';

/** A new widget visitor whose widget speaks `lang`; writes `text`; answers the bot's items. */
async function widgetVisitorSays(lang: string | undefined, text: string) {
  const widgetId = h.owner.widgetId;
  const verified = await widget('/service/widget/verify', { widget_id: widgetId, ...(lang ? { lang } : {}) });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const { session_id, visitor_id } = verified.body.data;
  lastVisitorId = visitor_id;
  const sent = await widget(
    `/service/webhook/widget/${widgetId}`,
    {
      events: [
        {
          id: randomUUID(),
          source: { type: 'widget', userId: visitor_id },
          timestamp: Date.now(),
          type: 'message',
          message: { type: 'text', text },
        },
      ],
    },
    session_id,
  );
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return eventually(async () => {
    const { messages: rows } = await conversation(h, widgetId, visitor_id);
    const bot = rows.filter((m) => m.fromType === 'bot');
    expect(bot).toHaveLength(1);
    return JSON.stringify(bot[0].items);
  });
}

beforeAll(async () => {
  h = await startChannelHarness({ PUBLIC_URL: 'https://chat.example.test' });
  locationId = (await ok('POST', '/api/location/create', PLACE)).location._id;
  const where = await reply('Where', [{ type: 'location', locationId }]);
  await rule('Where are you', 'where', where._id);
}, 60_000);
afterAll(() => h?.close());

describe('a location card speaks the customer’s language', () => {
  it('a Thai widget visitor (lang th) gets Thai buttons and hours; an English one English', async () => {
    const thai = await widgetVisitorSays('th', 'where');
    expect(thai).toContain('"label":"เปิดแผนที่"');
    expect(thai).toContain('"label":"โทร"');
    expect(thai).toContain('เปิด 10:00–21:00 น.');
    expect(thai).not.toContain('Open map');

    const english = await widgetVisitorSays('en', 'where');
    expect(english).toContain('"label":"Open map"');
    expect(english).toContain('"label":"Call"');
    expect(english).toContain('Open 10:00–21:00');
  });

  it('a Messenger customer reads the account’s customer language (verification settings)', async () => {
    const channel = await h.connect('messenger', {
      page_id: '1000077',
      app_secret: h.meta.appSecret,
      page_token: h.meta.pageToken,
      verify_token: META_VERIFY,
    });
    const accountId = h.owner.accountId;
    const db = h.server.app.ctx.db;
    await db
      .insert(verificationSettings)
      .values({ accountId, language: 'th' })
      .onConflictDoUpdate({ target: verificationSettings.accountId, set: { language: 'th' } });
    const got = await receiveCustomerMessage(h.server.app.ctx, {
      channel: { id: channel._id, accountId, type: 'messenger' },
      externalId: 'PSID-lang',
      items: [{ type: 'text', text: 'where' }],
    });
    const followerId = got?.follower._id as string;
    const items = await eventually(async () => {
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.followerId, followerId), eq(messages.fromType, 'bot')));
      expect(rows).toHaveLength(1);
      return JSON.stringify(rows[0].items);
    });
    expect(items).toContain('"label":"เปิดแผนที่"');
    expect(items).toContain('เปิด 10:00–21:00 น.');
    await db
      .update(verificationSettings)
      .set({ language: 'en' })
      .where(eq(verificationSettings.accountId, accountId));
  });

  it('refuses a widget language other than en or th, naming lang', async () => {
    const res = await widget('/service/widget/verify', { widget_id: h.owner.widgetId, lang: 'fr' });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('lang');
  });
});

describe('a reply that cannot send everything', () => {
  it('the bot leaves out a switched-off location and sends the rest of the reply', async () => {
    const off = (await ok('POST', '/api/location/create', { ...PLACE, name: 'Closed branch' })).location;
    const both = await reply('Branches', [
      { type: 'text', text: 'Our branches:' },
      { type: 'location', locationId: off._id },
    ]);
    await rule('Branches', 'branches', both._id);
    await ok('PUT', `/api/location/${off._id}`, { ...PLACE, name: 'Closed branch', isActive: 'Disactive' });
    const items = await widgetVisitorSays('en', 'branches');
    expect(items).toContain('Our branches:');
    expect(items).not.toContain('Closed branch');
  });

  it('try it says when a rule would send nothing, and why; otherwise what it leaves out', async () => {
    const off = (await ok('POST', '/api/location/create', { ...PLACE, name: 'Old branch' })).location;
    const onlyOff = await reply('Old branch', [{ type: 'location', locationId: off._id }]);
    await ok('PUT', `/api/location/${off._id}`, { ...PLACE, name: 'Old branch', isActive: 'Disactive' });
    await rule('Old', 'old branch', onlyOff._id);
    const tried = await ok('POST', '/api/keyword/test', { text: 'old branch' });
    expect(tried).toMatchObject({ kind: 'keyword', name: 'Old' });
    expect(tried.gaps).toEqual([
      {
        message: 'This location is switched off.',
        field: 'items[0].locationId',
        channels: ['line', 'messenger', 'instagram', 'wechat', 'widget'],
        nothing: true,
      },
    ]);

    const partly = await ok('POST', '/api/keyword/test', { text: 'branches' });
    expect(partly.gaps).toEqual([
      expect.objectContaining({ message: 'This location is switched off.', nothing: false }),
    ]);

    const gone = await reply('Soon gone', [{ type: 'text', text: 'Hello' }]);
    await rule('Gone', 'gone reply', gone._id);
    expect((await ok('POST', '/api/keyword/test', { text: 'gone reply' })).gaps).toEqual([]);
    const usage = await ok('GET', `/api/reply/message/${gone._id}/usage`);
    expect(usage).toEqual({
      keywords: [expect.objectContaining({ name: 'Gone' })],
      intents: [],
      settings: [],
    });
    await ok('DELETE', `/api/reply/message/${gone._id}`, {});
    const after = await ok('POST', '/api/keyword/test', { text: 'gone reply' });
    expect(after.gaps).toEqual([
      expect.objectContaining({ message: 'Its reply message was deleted.', nothing: true }),
    ]);

    const where = await ok('GET', `/api/location/${locationId}/usage`);
    expect(where.replies).toEqual([expect.objectContaining({ name: 'Where' })]);
  });
});

describe('a reply item the customer’s channel cannot show', () => {
  const LINE_MAP = JSON.stringify({
    type: 'location',
    title: 'Siam branch',
    address: '989 Rama I Rd',
    latitude: 13.7466,
    longitude: 100.5393,
  });

  it('the bot leaves a LINE-only custom message out on the widget and sends the rest; an agent is refused by field', async () => {
    const mixed = await reply('Map and words', [
      { type: 'text', text: 'Here is how to find us' },
      { type: 'custom', json: LINE_MAP },
    ]);
    await rule('Map and words', 'find us', mixed._id);
    const items = await widgetVisitorSays('en', 'find us');
    expect(items).toContain('Here is how to find us');
    expect(items).not.toContain('"type":"location"');

    const { follower } = await conversation(h, h.owner.widgetId, lastVisitorId);
    const refused = await h.api('POST', '/api/chat/send/template', {
      followerId: follower?.id,
      reply_message_id: mixed._id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      field: 'items[1].json',
      message: 'This custom message can be sent on LINE only.',
    });
  });

  it('try it tells per channel what is left out, and where nothing would be left', async () => {
    const sticker = await reply('Sticker hello', [
      { type: 'sticker', packageId: '446', stickerId: '1988' },
      { type: 'text', text: 'Hi there' },
    ]);
    await rule('Sticker hello', 'sticker hello', sticker._id);
    expect((await ok('POST', '/api/keyword/test', { text: 'sticker hello' })).gaps).toEqual([
      {
        message: 'WeChat cannot show LINE stickers.',
        field: 'items[0]',
        channels: ['wechat'],
        nothing: false,
      },
    ]);

    const onlyMap = await reply('Only the map', [{ type: 'custom', json: LINE_MAP }]);
    await rule('Only the map', 'only the map', onlyMap._id);
    expect((await ok('POST', '/api/keyword/test', { text: 'only the map' })).gaps).toEqual([
      {
        message: 'This custom message can be sent on LINE only.',
        field: 'items[0].json',
        channels: ['messenger', 'instagram', 'wechat', 'widget'],
        nothing: true,
      },
    ]);

    // Two reasons on one channel are both told.
    const off = (await ok('POST', '/api/location/create', { ...PLACE, name: 'Shut branch' })).location;
    const both = await reply('Map and branch', [
      { type: 'text', text: 'Come by' },
      { type: 'custom', json: LINE_MAP },
      { type: 'location', locationId: off._id },
    ]);
    await ok('PUT', `/api/location/${off._id}`, { ...PLACE, name: 'Shut branch', isActive: 'Disactive' });
    await rule('Map and branch', 'map and branch', both._id);
    expect((await ok('POST', '/api/keyword/test', { text: 'map and branch' })).gaps).toEqual([
      expect.objectContaining({
        message: 'This location is switched off.',
        channels: ['line', 'messenger', 'instagram', 'wechat', 'widget'],
        nothing: false,
      }),
      expect.objectContaining({
        message: 'This custom message can be sent on LINE only.',
        channels: ['messenger', 'instagram', 'wechat', 'widget'],
        nothing: false,
      }),
    ]);
  });

  it("the reply editor's preview shows what the bot sends on each channel and what it leaves out", async () => {
    const res = await ok('POST', '/api/reply/message/preview', {
      items: [
        { type: 'text', text: 'Here is how to find us' },
        { type: 'custom', json: LINE_MAP },
      ],
    });
    const channels = res.channels as Record<string, Payload>;
    expect(channels.line).toMatchObject({ ok: true, left: [] });
    expect(channels.line.message).toHaveLength(2);
    for (const other of ['messenger', 'instagram', 'wechat', 'widget']) {
      expect(channels[other], other).toMatchObject({
        ok: true,
        left: [{ field: 'items[1].json', message: 'This custom message can be sent on LINE only.' }],
      });
      expect(channels[other].message, other).toHaveLength(1);
    }
    // Nothing left to send: the channel says why, as before.
    const only = await ok('POST', '/api/reply/message/preview', {
      items: [{ type: 'custom', json: LINE_MAP }],
    });
    expect((only.channels as Record<string, Payload>).widget).toMatchObject({
      ok: false,
      errors: [{ field: 'items[0].json', message: 'This custom message can be sent on LINE only.' }],
    });
  });
});
