// LINE in and out against the fake LINE API (issue 7): signed webhooks (vectors computed here),
// every event kind, redeliveries and duplicates once, nothing stored on a bad signature, durable
// processing after the 200, content into the media library; replies by reply token or push with a
// retry key (schema-checked by the fake), LINE's refusals failing with its reason, 429/5xx retried.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepInbound } from '../../../server/channels/inboundQueue';
import { onPostback } from '../../../server/channels/postbacks';
import { channelEvents, channelInbound } from '../../../server/channels/schema';
import { sendMessage } from '../../../server/chat/outbound';
import { PNG_1X1 } from '../../helpers/fakePlatforms/server';
import {
  agentSendsPicture,
  type ChannelHarness,
  connectLine,
  conversation,
  eventually,
  LINE_SECRET,
  lineEvent,
  lineSignature,
  messageRow,
  postLineWebhook,
  postRaw,
  retryNow,
  startChannelHarness,
} from './channelHarness';

let h: ChannelHarness;
let channelId: string;
const postbacks: string[] = [];
let stopPostbacks = () => {};

const messageEvent = (
  userId: string,
  message: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) =>
  lineEvent(
    { type: 'user', userId },
    { type: 'message', message: { quoteToken: 'q', ...message }, ...extra },
  );

const send = (events: unknown[], options: { secret?: string; signature?: string; id?: string } = {}) =>
  postLineWebhook(h, options.id ?? channelId, events, options);

const inboundRows = async () => (await h.server.app.ctx.db.select({ n: count() }).from(channelInbound))[0].n;

beforeAll(async () => {
  h = await startChannelHarness({ PUBLIC_URL: 'https://chat.example.test' });
  channelId = await connectLine(h);
  h.line.profiles.set('U-mali', {
    displayName: 'Mali ใจดี',
    pictureUrl: 'https://profile.line-scdn.net/mali.png',
  });
  stopPostbacks = onPostback(async (_ctx, p) => {
    postbacks.push(p.data);
  });
});
afterAll(async () => {
  stopPostbacks();
  await h?.close();
});

describe('LINE webhook signature', () => {
  it('a correctly signed message reaches the inbox once, with the profile from LINE', async () => {
    const event = messageEvent('U-mali', { id: '1001', type: 'text', text: 'สวัสดีครับ' });
    const res = await send([event]);
    expect(res.status).toBe(200);
    const { follower, messages: rows } = await eventually(async () => {
      const c = await conversation(h, channelId, 'U-mali');
      expect(c.messages).toHaveLength(1);
      return c;
    });
    expect(follower?.lineName).toBe('Mali ใจดี');
    expect(follower?.lineImage).toBe('https://profile.line-scdn.net/mali.png');
    expect(rows[0].items).toEqual([{ type: 'text', text: 'สวัสดีครับ' }]);
    expect(rows[0].externalId).toBe('1001');
  });

  it('a bad, missing or foreign signature is 401 and stores nothing', async () => {
    const before = await inboundRows();
    const event = messageEvent('U-evil', { id: '666', type: 'text', text: 'forged' });
    expect((await send([event], { secret: 'ffffffffffffffffffffffffffffffff' })).status).toBe(401);
    expect((await send([event], { signature: '' })).status).toBe(401);
    expect((await send([event], { signature: 'not base64 at all' })).status).toBe(401);
    // Signed over other bytes than the ones sent.
    const other = lineSignature(LINE_SECRET, JSON.stringify({ events: [] }));
    expect((await send([event], { signature: other })).status).toBe(401);
    expect(await inboundRows()).toBe(before);
    expect((await conversation(h, channelId, 'U-evil')).follower).toBeNull();
  });

  it('an unknown channel is 404; a signed body that is not JSON or has no events is 400', async () => {
    expect((await send([], { id: 'nosuchchannel' })).status).toBe(404);
    const bad = '{"events": [';
    const res = await postRaw(`${h.server.url}/webhook/line/${channelId}`, bad, {
      'content-type': 'application/json',
      'x-line-signature': lineSignature(LINE_SECRET, bad),
    });
    expect(res.status).toBe(400);
    const noEvents = '{"destination":"U1"}';
    const res2 = await postRaw(`${h.server.url}/webhook/line/${channelId}`, noEvents, {
      'content-type': 'application/json',
      'x-line-signature': lineSignature(LINE_SECRET, noEvents),
    });
    expect(res2.status).toBe(400);
  });

  it("LINE's verify call (no events) is 200", async () => {
    expect((await send([])).status).toBe(200);
  });
});

describe('LINE events', () => {
  it('a redelivered event and a duplicate in the same body are one message', async () => {
    const event = messageEvent('U-dup', { id: '2001', type: 'text', text: 'once' });
    await send([event, event]);
    await send([{ ...event, deliveryContext: { isRedelivery: true } }]);
    // A new webhook event id for the same LINE message is still the same message.
    await send([{ ...event, webhookEventId: 'OTHER00000000000000000000A' }]);
    await eventually(async () =>
      expect((await conversation(h, channelId, 'U-dup')).messages).toHaveLength(1),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect((await conversation(h, channelId, 'U-dup')).messages).toHaveLength(1);
  });

  it('an event stored but not processed (a crash after the 200) is processed by the sweeper', async () => {
    const ctx = h.server.app.ctx;
    const event = messageEvent('U-crash', { id: '3001', type: 'text', text: 'after a crash' });
    await ctx.db.insert(channelInbound).values({
      id: 'crashcrashcrash00001',
      channelId,
      accountId: h.owner.accountId,
      platform: 'line',
      eventKey: event.webhookEventId,
      payload: event,
      receivedAt: new Date(Date.now() - 60_000),
    });
    await sweepInbound(ctx);
    const c = await conversation(h, channelId, 'U-crash');
    expect(c.messages.map((m) => m.text)).toEqual(['after a crash']);
    const [row] = await ctx.db
      .select()
      .from(channelInbound)
      .where(eq(channelInbound.id, 'crashcrashcrash00001'));
    expect(row.status).toBe('done');
  });

  it('image, file, sticker and location messages become items; content is kept in the media library', async () => {
    h.line.content.set('4001', { body: PNG_1X1, type: 'image/png' });
    h.line.content.set('4002', { body: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' });
    await send([
      messageEvent('U-media', { id: '4001', type: 'image', contentProvider: { type: 'line' } }),
      messageEvent('U-media', { id: '4002', type: 'file', fileName: 'quote.pdf', fileSize: 15 }),
      messageEvent('U-media', {
        id: '4003',
        type: 'sticker',
        packageId: '446',
        stickerId: '1988',
        stickerResourceType: 'STATIC',
      }),
      messageEvent('U-media', {
        id: '4004',
        type: 'location',
        title: 'Siam Paragon',
        address: 'Bangkok',
        latitude: 13.746,
        longitude: 100.535,
      }),
      messageEvent('U-media', {
        id: '4005',
        type: 'video',
        duration: 1000,
        contentProvider: { type: 'line' },
      }),
    ]);
    const { messages: rows } = await eventually(async () => {
      const c = await conversation(h, channelId, 'U-media');
      expect(c.messages).toHaveLength(5);
      return c;
    });
    const items = rows.map((m) => m.items[0] as Record<string, unknown>);
    expect(items[0]).toMatchObject({
      type: 'image',
      file_path: expect.stringMatching(/^\/media\/[a-z0-9]{20}\//),
    });
    expect(items[1]).toMatchObject({
      type: 'file',
      fileName: 'quote.pdf',
      file_path: expect.stringMatching(/^\/media\//),
    });
    expect(items[2]).toEqual({ type: 'sticker', packageId: '446', stickerId: '1988' });
    expect(String(items[3].text)).toContain('Siam Paragon');
    // LINE no longer has the video: the message stays, without the file.
    expect(items[4]).toEqual({ type: 'video' });
    const image = await fetch(`${h.server.url}${items[0].file_path}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG_1X1)).toBe(true);
  });

  it('follow, unfollow, join and leave change the conversation; each is recorded once', async () => {
    const ctx = h.server.app.ctx;
    const base = { deliveryContext: { isRedelivery: false }, mode: 'active', timestamp: Date.now() };
    const unfollow = {
      ...base,
      type: 'unfollow',
      webhookEventId: 'UNFOLLOW0000000000000000001',
      source: { type: 'user', userId: 'U-mali' },
    };
    await send([unfollow, unfollow]);
    await eventually(async () =>
      expect((await conversation(h, channelId, 'U-mali')).follower?.isBlock).toBe(true),
    );
    await send([
      {
        ...base,
        type: 'follow',
        webhookEventId: 'FOLLOW000000000000000000001',
        replyToken: 'rt-f',
        source: { type: 'user', userId: 'U-mali' },
        follow: { isUnblocked: true },
      },
    ]);
    await eventually(async () =>
      expect((await conversation(h, channelId, 'U-mali')).follower?.isBlock).toBe(false),
    );

    await send([
      {
        ...base,
        type: 'join',
        webhookEventId: 'JOIN00000000000000000000001',
        replyToken: 'rt-j',
        source: { type: 'group', groupId: 'C-group1' },
      },
    ]);
    const group = await eventually(async () => {
      const c = await conversation(h, channelId, 'C-group1');
      expect(c.follower?.followerType).toBe('group');
      return c.follower;
    });
    expect(group?.lineName).toBe('Group C-group1');
    // A member writes in the group: the message is the group's.
    await send([
      messageEvent(
        'U-member',
        { id: '5001', type: 'text', text: 'hi all' },
        { source: { type: 'group', groupId: 'C-group1', userId: 'U-member' } },
      ),
    ]);
    await eventually(async () =>
      expect((await conversation(h, channelId, 'C-group1')).messages).toHaveLength(1),
    );
    await send([
      {
        ...base,
        type: 'leave',
        webhookEventId: 'LEAVE0000000000000000000001',
        source: { type: 'room', roomId: 'R-room1' },
      },
    ]);
    await eventually(async () => {
      const c = await conversation(h, channelId, 'R-room1');
      expect(c.follower).toMatchObject({ followerType: 'room', isBlock: true });
    });
    const kinds = await ctx.db
      .select({ kind: channelEvents.kind })
      .from(channelEvents)
      .where(eq(channelEvents.channelId, channelId));
    expect(kinds.filter((k) => k.kind === 'unfollow')).toHaveLength(1);
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['follow', 'join', 'leave']));
  });

  it('a postback is recorded and handed to onPostback once, even when redelivered', async () => {
    const event = {
      type: 'postback',
      postback: { data: 'action=buy&itemid=111' },
      webhookEventId: 'POSTBACK00000000000000000001',
      deliveryContext: { isRedelivery: false },
      timestamp: Date.now(),
      source: { type: 'user', userId: 'U-mali' },
      replyToken: 'rt-p',
      mode: 'active',
    };
    await send([event]);
    await send([{ ...event, deliveryContext: { isRedelivery: true } }]);
    await eventually(async () => expect(postbacks).toEqual(['action=buy&itemid=111']));
    await new Promise((r) => setTimeout(r, 200));
    expect(postbacks).toHaveLength(1);
  });
});

describe('LINE replies', () => {
  let followerId: string;

  beforeAll(async () => {
    const event = messageEvent(
      'U-talk',
      { id: '6001', type: 'text', text: 'Can I order?' },
      { replyToken: 'reply-token-1' },
    );
    h.line.replyTokens.add('reply-token-1');
    await send([event]);
    followerId = (await eventually(async () => {
      const c = await conversation(h, channelId, 'U-talk');
      expect(c.follower).toBeTruthy();
      return c.follower;
    }))!.id;
  });

  const agentSends = async (message: string, tempId: string) => {
    const res = await h.api('POST', '/api/chat/send/message', { followerId, message, tempId });
    expect(res.status).toBe(200);
    return res.body.message._id as string;
  };
  const row = (id: string) => messageRow(h, id);

  it('the first answer uses the fresh reply token; the next goes as a push with a retry key', async () => {
    const first = await agentSends('Yes, of course!', 'r-1');
    await eventually(async () => expect((await row(first)).delivery).toBe('sent'));
    expect(h.line.sent.at(-1)).toMatchObject({
      kind: 'reply',
      body: { replyToken: 'reply-token-1', messages: [{ type: 'text', text: 'Yes, of course!' }] },
    });
    const second = await agentSends('What would you like?', 'r-2');
    await eventually(async () => expect((await row(second)).delivery).toBe('sent'));
    const push = h.line.sent.at(-1);
    expect(push).toMatchObject({
      kind: 'push',
      to: 'U-talk',
      body: { messages: [{ type: 'text', text: 'What would you like?' }] },
    });
    expect(push?.retryKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(h.line.requests.flatMap((r) => r.problems)).toEqual([]);
  });

  it('a push whose answer was lost is retried with the same key and not sent twice (409 counts as sent)', async () => {
    const pushesBefore = h.line.sent.filter((s) => s.kind === 'push').length;
    // LINE takes the push, but the answer is lost (a 500 after accepting).
    h.line.loseAnswerNext(/push$/, { status: 500, json: { message: 'Internal error' } });
    const id = await agentSends('Sending again safely', 'r-3');
    await eventually(async () => expect((await row(id)).deliveryAttempts).toBe(1));
    expect((await row(id)).delivery).toBe('pending');
    await retryNow(h, id);
    expect((await row(id)).delivery).toBe('sent');
    const pushes = h.line.sent.filter((s) => s.kind === 'push');
    expect(pushes.length).toBe(pushesBefore + 1);
    const keys = h.line
      .received(/push$/)
      .slice(-2)
      .map((r) => r.headers['x-line-retry-key']);
    expect(keys[0]).toBe(keys[1]);
  });

  it("429 waits (backoff under the claim) and is retried; a 4xx fails with LINE's reason and can be resent", async () => {
    h.line.failNext(/push$/, {
      status: 429,
      json: { message: 'Too many requests' },
      headers: { 'retry-after': '30' },
    });
    const id = await agentSends('busy moment', 'r-4');
    await eventually(async () => expect((await row(id)).deliveryAttempts).toBe(1));
    const waiting = await row(id);
    expect(waiting.delivery).toBe('pending');
    expect(waiting.deliveryError).toContain('429');
    expect(waiting.deliveryClaimedUntil!.getTime()).toBeGreaterThan(Date.now() + 20_000);

    h.line.failNext(/push$/, { status: 400, json: { message: 'The user has blocked the account' } });
    const refused = await agentSends('will be refused', 'r-5');
    await eventually(async () => expect((await row(refused)).delivery).toBe('failed'));
    expect((await row(refused)).deliveryError).toBe('LINE answered 400: The user has blocked the account');
    expect((await row(refused)).deliveryAttempts).toBe(1);
    const resent = await h.api('POST', '/api/chat/resend', { messageId: refused });
    expect(resent.status).toBe(200);
    await eventually(async () => expect((await row(refused)).delivery).toBe('sent'));
  });

  it('a message LINE would refuse is failed before anything is sent', async () => {
    const before = h.line.requests.length;
    const bubble = {
      type: 'bubble',
      body: { type: 'box', layout: 'vertical', contents: [{ type: 'text', text: 'Hi', color: 'red' }] },
    };
    const { message } = await sendMessage(h.server.app.ctx, {
      accountId: h.owner.accountId,
      followerId,
      userId: h.owner.user._id,
      items: [{ type: 'flex', altText: 'Card', contents: bubble }],
      tempId: 'r-6',
    });
    const id = message._id;
    await eventually(async () => expect((await row(id)).delivery).toBe('failed'));
    expect((await row(id)).deliveryError).toBe(
      'LINE cannot take this message: [0].contents.body.contents[0].color: code color is invalid format',
    );
    expect(h.line.requests.length).toBe(before);
  });

  it('stickers and images go out schema-valid; images at a signed, expiring address', async () => {
    const sticker = await h.api('POST', '/api/chat/send/sticker', {
      followerId,
      sticker_id: '52002734',
      package_id: '11537',
      tempId: 'r-7',
    });
    expect(sticker.status).toBe(200);
    await eventually(async () => expect((await row(sticker.body.message._id)).delivery).toBe('sent'));
    expect(h.line.sent.at(-1)?.body.messages).toEqual([
      { type: 'sticker', packageId: '11537', stickerId: '52002734' },
    ]);

    const picture = await agentSendsPicture(h, followerId, 'r-8', 'photo.png');
    await eventually(async () => expect((await row(picture)).delivery).toBe('sent'));
    const [image] = (h.line.sent.at(-1)?.body.messages ?? []) as {
      type: string;
      originalContentUrl: string;
      previewImageUrl: string;
    }[];
    expect(image.type).toBe('image');
    expect(image.originalContentUrl).toMatch(
      /^https:\/\/chat\.example\.test\/channel-files\/\d+\/[\w-]+\/[a-z0-9]{20}\/photo\.png$/,
    );
    expect(h.line.requests.flatMap((r) => r.problems)).toEqual([]);
    // The platform can fetch it (here over the test server's own origin); a changed signature cannot.
    const path = new URL(image.originalContentUrl).pathname;
    const fetched = await fetch(`${h.server.url}${path}`);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    const forged = path.replace(
      /\/channel-files\/(\d+)\/([\w-]+)\//,
      (_m, exp) => `/channel-files/${exp}/${'A'.repeat(32)}/`,
    );
    expect((await fetch(`${h.server.url}${forged}`)).status).toBe(404);
    const later = path.replace(
      /\/channel-files\/\d+\//,
      `/channel-files/${Math.floor(Date.now() / 1000) + 9e8}/`,
    );
    expect((await fetch(`${h.server.url}${later}`)).status).toBe(404);
  });
});
