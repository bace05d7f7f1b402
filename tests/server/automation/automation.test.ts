// Issue 11 end to end over HTTP: a keyword message from a LINE follower (signed webhook) gets its
// mapped reply through the fake LINE API (schema-checked there), with the rule shown to agents;
// an intent answers a Thai question; outside business hours the auto reply goes once per
// conversation; talk-to-human hands over; reply messages and locations are refused by field.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROADCAST_ALERTS } from '../../../core/validation/broadcast';
import { receiveCustomerMessage } from '../../../server/chat/inbound';
import { accountSettings, followers, messages } from '../../../server/chat/schema';
import { forgetChatSettings } from '../../../server/chat/settings';
import {
  type ChannelHarness,
  connectLine,
  conversation,
  eventually,
  lineEvent,
  type Payload,
  postLineWebhook,
  startChannelHarness,
} from '../channels/channelHarness';

let h: ChannelHarness;
let channelId: string;

/** An event from `userId` whose reply token the fake LINE will take. */
function eventFrom(userId: string, extra: Record<string, unknown>) {
  const event = lineEvent({ type: 'user', userId }, extra);
  h.line.replyTokens.add(event.replyToken);
  return event;
}

async function webhook(events: unknown[]) {
  expect((await postLineWebhook(h, channelId, events)).status).toBe(200);
}

const say = (userId: string, text: string) =>
  webhook([
    eventFrom(userId, {
      type: 'message',
      message: { id: randomUUID(), type: 'text', text, quoteToken: 'q' },
    }),
  ]);

const sentTo = (userId: string) =>
  h.line.sent
    .filter((s) => s.kind === 'reply' || s.to === userId)
    .filter((s) => JSON.stringify(s.body).length > 0);

async function createReply(name: string, items: Payload[], extra: Payload = {}) {
  const res = await h.api('POST', '/api/reply/message/create', { name, items, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.reply_message as Payload;
}

beforeAll(async () => {
  h = await startChannelHarness({ PUBLIC_URL: 'https://chat.example.test' });
  channelId = await connectLine(h);
});
afterAll(() => h?.close());

describe('reply messages', () => {
  it('refuses an invalid reply by field, with the spec texts', async () => {
    const empty = await h.api('POST', '/api/reply/message/create', { name: '', items: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'This field is required.' },
        { field: 'items', message: 'This field is required.' },
      ]),
    );
    const bad = await h.api('POST', '/api/reply/message/create', {
      name: 'Bad',
      items: [
        { type: 'image' },
        {
          type: 'button',
          text: 'Pick one',
          numberActions: 1,
          actions: [{ type: 'uri', buttonName: 'Shop', message: 'shop' }],
        },
        { type: 'carousel', bubbleIds: ['a', 'b', 'c', 'd', 'e', 'f'] },
        { type: 'text', text: 'one' },
        { type: 'text', text: 'two' },
        { type: 'text', text: 'three' },
      ],
    });
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries(bad.body.errors.map((e: Payload) => [e.field, e.message]));
    expect(fields.items).toBe('At most 5 are allowed.');
    expect(fields['items[0]']).toBe(BROADCAST_ALERTS.file);
    expect(fields['items[1].actions[0].message']).toBe('url is invalid format');
    expect(fields['items[2].bubbleIds']).toBe('Can you send Message templates only 5 Bubble.');
  });

  it('groups list their reply messages (spec 7), and one converts per channel', async () => {
    const group = (await h.api('POST', '/api/reply/group/create', { name: 'Sales' })).body.group;
    const reply = await createReply('Opening hours', [{ type: 'text', text: 'We open 9:00–18:00' }], {
      group_id: group._id,
      quick_replies: [{ label: 'Prices', action: { type: 'message', text: 'price' } }],
    });
    const groups = await h.api('GET', '/api/reply/group/list');
    expect(groups.body.list).toEqual([
      { _id: group._id, name: 'Sales', position: 0, messages: [{ _id: reply._id, name: 'Opening hours' }] },
    ]);
    const one = await h.api('GET', `/api/reply/message/list?reply_message_id=${reply._id}&channel_type=line`);
    expect(one.body.template.messages_sent).toEqual([
      { type: 'text', text: 'We open 9:00–18:00' },
      { type: 'quickreply', items: [{ label: 'Prices', action: { type: 'message', text: 'price' } }] },
    ]);
    expect(one.body.template.messages_display[0].type).toBe('text');
  });
});

describe('keyword mapping on LINE', () => {
  it('a keyword from a LINE follower gets the mapped reply through LINE, and agents see which rule answered', async () => {
    const reply = await createReply('Price list', [
      { type: 'text', text: 'ราคาสินค้า: เสื้อ 250 บาท / Shirt 250 THB' },
      { type: 'sticker', packageId: '446', stickerId: '1988' },
    ]);
    const rule = await h.api('POST', '/api/keyword/create', {
      name: 'Prices',
      keywords: [
        { text: 'ราคา', match: 'contains' },
        { text: 'PRICE', match: 'exact' },
      ],
      action: 'reply',
      reply_message_id: reply._id,
      priority: 1,
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);

    await say('U-kw-1', 'ขอราคาหน่อยครับ');
    const delivered = await eventually(async () => {
      const hit = h.line.sent.find((s) => JSON.stringify(s.body).includes('Shirt 250 THB'));
      expect(hit).toBeDefined();
      return hit as (typeof h.line.sent)[number];
    });
    // The fake checked the request against LINE's OpenAPI; both items went in one answer.
    expect((delivered.body.messages as Payload[]).map((m) => m.type)).toEqual(['text', 'sticker']);

    const { follower, messages: rows } = await eventually(async () => {
      const c = await conversation(h, channelId, 'U-kw-1');
      expect(c.messages.filter((m) => m.fromType === 'system')).toHaveLength(1);
      return c;
    });
    expect(follower?.mode).toBe('bot');
    expect(rows.map((m) => m.fromType)).toEqual(['customer', 'bot', 'system']);
    expect(rows[2].items).toEqual([{ type: 'text', text: '🤖 Keyword “ราคา” (Prices) → Price list' }]);
    const answers = await h.api('GET', `/api/automation/answers?follower_id=${follower?.id}`);
    expect(answers.body.list[0]).toMatchObject({
      rule_kind: 'keyword',
      rule_name: 'Prices',
      matched: 'ราคา',
      message_id: rows[1].id,
    });

    // Full-width and upper case still match the exact keyword; an unrelated word does not.
    await say('U-kw-2', 'ｐｒｉｃｅ');
    await eventually(async () => {
      const c = await conversation(h, channelId, 'U-kw-2');
      expect(c.messages.some((m) => m.fromType === 'bot')).toBe(true);
    });
    await say('U-kw-3', 'priceless');
    await new Promise((r) => setTimeout(r, 400));
    expect((await conversation(h, channelId, 'U-kw-3')).messages.map((m) => m.fromType)).toEqual([
      'customer',
    ]);
  });

  it('an intent answers a Thai question that matches none of the keywords', async () => {
    const reply = await createReply('Branches', [{ type: 'text', text: 'สาขาสยาม ชั้น 2' }]);
    const intent = await h.api('POST', '/api/intent/create', {
      name: 'สาขา',
      training_phrases: ['ร้านอยู่ที่ไหน', 'สาขาใกล้ฉัน'],
      reply_message_id: reply._id,
    });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const tried = await h.api('POST', '/api/keyword/test', { text: 'สาขาอยู่ที่ไหนครับ' });
    expect(tried.body).toMatchObject({ kind: 'intent', name: 'สาขา' });

    await say('U-intent', 'สาขาอยู่ที่ไหนครับ');
    await eventually(async () => {
      expect(h.line.sent.some((s) => JSON.stringify(s.body).includes('สาขาสยาม'))).toBe(true);
    });
    const c = await eventually(async () => {
      const found = await conversation(h, channelId, 'U-intent');
      expect(found.messages.some((m) => m.fromType === 'system')).toBe(true);
      return found;
    });
    const note = c.messages.find((m) => m.fromType === 'system');
    expect(JSON.stringify(note?.items)).toMatch(/Intent “สาขา” \d+% → Branches/);
  });

  it('talk to human: the bot says so, the chat goes to agent mode and the bot stays quiet', async () => {
    await h.api('POST', '/api/keyword/create', {
      name: 'Human',
      keywords: [{ text: 'คุยกับพนักงาน', match: 'contains' }],
      action: 'talkToHuman',
      bot_text: 'รอสักครู่ พนักงานจะตอบกลับค่ะ',
      priority: 1,
    });
    await say('U-human', 'ขอคุยกับพนักงานหน่อย');
    const c = await eventually(async () => {
      const found = await conversation(h, channelId, 'U-human');
      expect(found.follower?.mode).toBe('agent');
      return found;
    });
    expect(c.messages.map((m) => m.fromType)).toEqual(['customer', 'bot', 'system']);
    await say('U-human', 'ราคาเท่าไหร่');
    await new Promise((r) => setTimeout(r, 400));
    const after = await conversation(h, channelId, 'U-human');
    expect(after.messages.filter((m) => m.fromType === 'bot')).toHaveLength(1);
  });
});

describe('outside business hours', () => {
  it('needs business hours first (spec 5 alert), then replies once per conversation', async () => {
    const reply = await createReply('Closed', [
      { type: 'text', text: 'We are closed now; we answer tomorrow from 9:00.' },
    ]);
    const refused = await h.api('PUT', '/api/automation/settings', {
      outside_hours: { enabled: true, reply_message_id: reply._id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'business_hours', message: 'Please add business hours.' });

    // Business hours on another weekday only, so now is outside them.
    const today = new Date().getUTCDay();
    const db = h.server.app.ctx.db;
    const accountId = h.owner.accountId;
    const business_hours = {
      timezone: 'UTC',
      days: [{ day: (today + 3) % 7, open: '09:00', close: '18:00' }],
    };
    await db
      .insert(accountSettings)
      .values({ accountId, settings: { business_hours } })
      .onConflictDoUpdate({ target: accountSettings.accountId, set: { settings: { business_hours } } });
    forgetChatSettings(accountId);
    const saved = await h.api('PUT', '/api/automation/settings', {
      outside_hours: { enabled: true, reply_message_id: reply._id },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const channel = { id: h.owner.widgetId, accountId, type: 'widget' as const };
    const first = await receiveCustomerMessage(h.server.app.ctx, {
      channel,
      externalId: 'night-visitor',
      items: [{ type: 'text', text: 'Hello?' }],
    });
    await receiveCustomerMessage(h.server.app.ctx, {
      channel,
      externalId: 'night-visitor',
      items: [{ type: 'text', text: 'Anyone there?' }],
    });
    const followerId = first?.follower._id as string;
    const botRows = () =>
      db
        .select()
        .from(messages)
        .where(and(eq(messages.followerId, followerId), eq(messages.fromType, 'bot')));
    await eventually(async () => expect(await botRows()).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(await botRows()).toHaveLength(1);
    expect((await botRows())[0].items).toEqual([
      { type: 'text', text: 'We are closed now; we answer tomorrow from 9:00.' },
    ]);

    // A new conversation (the last one closed) gets it again.
    const livechatId = first?.follower.last_livechat?.livechat_id;
    const closed = await h.api('POST', '/api/chat/close', {
      liveChatId: livechatId,
      userId: h.owner.user._id,
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    await receiveCustomerMessage(h.server.app.ctx, {
      channel,
      externalId: 'night-visitor',
      items: [{ type: 'text', text: 'Back again' }],
    });
    await eventually(async () => expect(await botRows()).toHaveLength(2));
    const [follower] = await db.select().from(followers).where(eq(followers.id, followerId));
    expect(follower.lcIsBusiness).toBe(true);
    await db.delete(accountSettings).where(eq(accountSettings.accountId, accountId));
    forgetChatSettings(accountId);
  });
});

describe('locations', () => {
  it('validates the spec 3 form by field and sends a LINE location message', async () => {
    const bad = await h.api('POST', '/api/location/create', {
      name: '',
      open_time: '9:00',
      telephone: '02-123',
      latitude: '95.1',
      longitude: 'east',
    });
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries(bad.body.errors.map((e: Payload) => [e.field, e.message]));
    expect(fields).toMatchObject({
      name: 'This field is required.',
      open_time: 'time is invalid format',
      telephone: 'tel is invalid format',
      latitude: 'latitude is invalid format',
      longitude: 'longitude is invalid format',
    });
    const made = await h.api('POST', '/api/location/create', {
      name: 'สาขาสยาม',
      open_time: '10:00',
      close_time: '21:00',
      telephone: '021234567',
      address: '991 ถนนพระราม 1',
      sub_district: 'ปทุมวัน',
      district: 'ปทุมวัน',
      province: 'กรุงเทพมหานคร',
      postcode: '10330',
      latitude: '13.7462',
      longitude: '100.5347',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);

    await say('U-place', 'hello');
    const { follower } = await eventually(async () => {
      const c = await conversation(h, channelId, 'U-place');
      expect(c.follower).not.toBeNull();
      return c;
    });
    const sent = await h.api('POST', `/api/location/${made.body.location._id}/send`, {
      followerId: follower?.id,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const delivered = await eventually(async () => {
      const hit = h.line.sent.find((s) => JSON.stringify(s.body).includes('"type":"location"'));
      expect(hit).toBeDefined();
      return hit as (typeof h.line.sent)[number];
    });
    expect((delivered.body.messages as Payload[])[0]).toEqual({
      type: 'location',
      title: 'สาขาสยาม',
      address: '991 ถนนพระราม 1 ปทุมวัน ปทุมวัน กรุงเทพมหานคร 10330',
      latitude: 13.7462,
      longitude: 100.5347,
    });
  });
});

describe('greeting', () => {
  it('a new LINE friend gets the greeting reply', async () => {
    const reply = await createReply('Welcome', [{ type: 'text', text: 'ยินดีต้อนรับค่ะ Welcome!' }]);
    const saved = await h.api('PUT', '/api/automation/settings', {
      greeting: { enabled: true, reply_message_id: reply._id },
      outside_hours: { enabled: false, reply_message_id: null },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await webhook([eventFrom('U-new-friend', { type: 'follow', follow: { isUnblocked: false } })]);
    await eventually(async () => {
      expect(h.line.sent.some((s) => JSON.stringify(s.body).includes('ยินดีต้อนรับค่ะ'))).toBe(true);
    });
    expect(sentTo('U-new-friend').length).toBeGreaterThan(0);
  });
});
