// Messenger and Instagram in and out against the fake Graph API (issue 7): the subscription
// check, X-Hub-Signature-256 (vectors computed here), messages with attachments, echoes ignored,
// postbacks and quick replies recorded, read/delivery receipts, redeliveries once; replies in the
// documented Send API shapes, Meta's refusals failing with its reason; 5xx, 429 and Graph's
// temporary codes retried with backoff (or Meta's Retry-After) and delivered once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flexToMeta } from '../../../server/channels/meta/messages';
import { channelEvents, channelInbound } from '../../../server/channels/schema';
import { sweepPending } from '../../../server/chat/delivery';
import { sendMessage } from '../../../server/chat/outbound';
import { messages } from '../../../server/chat/schema';
import {
  attempted,
  type ChannelHarness,
  conversation,
  eventually,
  expectFinalRefusal,
  META_VERIFY,
  messageRow,
  metaSignature,
  postRaw,
  retryNow,
  sendAsAgent,
  startChannelHarness,
} from './channelHarness';

let h: ChannelHarness;
let messengerId: string;
let instagramId: string;

const row = (id: string) => messageRow(h, id);

const metaSettings = (pageId: string) => ({
  page_id: pageId,
  app_secret: h.meta.appSecret,
  page_token: h.meta.pageToken,
  verify_token: META_VERIFY,
});

function body(object: 'page' | 'instagram', pageId: string, messaging: unknown[]) {
  return JSON.stringify({ object, entry: [{ id: pageId, time: Date.now(), messaging }] });
}

async function send(channelId: string, raw: string, signature = metaSignature(h.meta.appSecret, raw)) {
  return postRaw(`${h.server.url}/webhook/meta/${channelId}`, raw, {
    'content-type': 'application/json',
    'x-hub-signature-256': signature,
  });
}

const textEvent = (psid: string, mid: string, text: string, extra: Record<string, unknown> = {}) => ({
  sender: { id: psid },
  recipient: { id: '1000001' },
  timestamp: Date.now(),
  message: { mid, text, ...extra },
});

beforeAll(async () => {
  h = await startChannelHarness({ PUBLIC_URL: 'https://chat.example.test' });
  messengerId = (await h.connect('messenger', metaSettings('1000001')))._id;
  instagramId = (await h.connect('instagram', metaSettings('17841400000002')))._id;
});
afterAll(() => h?.close());

describe('Meta webhook', () => {
  it('answers the subscription check with the challenge only for the right verify token', async () => {
    const q = (token: string) =>
      new URLSearchParams({
        'hub.mode': 'subscribe',
        'hub.verify_token': token,
        'hub.challenge': '1158201444',
      });
    const ok = await fetch(`${h.server.url}/webhook/meta/${messengerId}?${q(META_VERIFY)}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    expect((await fetch(`${h.server.url}/webhook/meta/${messengerId}?${q('wrong')}`)).status).toBe(403);
    expect((await fetch(`${h.server.url}/webhook/meta/nosuch?${q(META_VERIFY)}`)).status).toBe(404);
  });

  it('a signed Messenger message reaches the inbox once, with the sender profile; echoes are ignored', async () => {
    const raw = body('page', '1000001', [
      textEvent('PSID-1', 'm_1', 'Hello shop'),
      textEvent('PSID-1', 'm_1', 'Hello shop'),
      { ...textEvent('1000001', 'm_echo', 'our own answer', { is_echo: true }), recipient: { id: 'PSID-1' } },
    ]);
    expect((await send(messengerId, raw)).status).toBe(200);
    expect((await send(messengerId, raw)).status).toBe(200);
    const c = await eventually(async () => {
      const c = await conversation(h, messengerId, 'PSID-1');
      expect(c.messages).toHaveLength(1);
      return c;
    });
    expect(c.follower?.lineName).toBe('Somchai Jaidee');
    expect(c.messages[0].text).toBe('Hello shop');
    expect((await conversation(h, messengerId, '1000001')).follower).toBeNull();
  });

  it('a bad signature is 401 and stores nothing; a body that is not an event list is 400', async () => {
    const raw = body('page', '1000001', [textEvent('PSID-evil', 'm_evil', 'forged')]);
    const before = (await h.server.app.ctx.db.select().from(channelInbound)).length;
    expect((await send(messengerId, raw, metaSignature('another-secret', raw))).status).toBe(401);
    expect((await send(messengerId, raw, 'sha1=abc')).status).toBe(401);
    expect((await send(messengerId, raw, '')).status).toBe(401);
    expect((await h.server.app.ctx.db.select().from(channelInbound)).length).toBe(before);
    const odd = JSON.stringify({ object: 'whatsapp', entry: [] });
    expect((await send(messengerId, odd)).status).toBe(400);
    expect((await send(messengerId, '{oops')).status).toBe(400);
  });

  it('attachments are fetched into the media library; postbacks, quick replies and receipts are recorded', async () => {
    const raw = body('page', '1000001', [
      {
        sender: { id: 'PSID-2' },
        recipient: { id: '1000001' },
        timestamp: Date.now(),
        message: {
          mid: 'm_img',
          attachments: [{ type: 'image', payload: { url: `${h.meta.url}/cdn/photo.png` } }],
        },
      },
      textEvent('PSID-2', 'm_qr', 'Red', { quick_reply: { payload: 'COLOR_RED' } }),
      {
        sender: { id: 'PSID-2' },
        recipient: { id: '1000001' },
        timestamp: Date.now(),
        postback: { mid: 'm_pb', title: 'Buy now', payload: 'BUY_1' },
      },
      {
        sender: { id: 'PSID-2' },
        recipient: { id: '1000001' },
        timestamp: Date.now(),
        read: { watermark: 1700000000000 },
      },
      {
        sender: { id: 'PSID-2' },
        recipient: { id: '1000001' },
        timestamp: Date.now(),
        delivery: { mids: ['m_x'], watermark: 1700000000001 },
      },
    ]);
    expect((await send(messengerId, raw)).status).toBe(200);
    const c = await eventually(async () => {
      const c = await conversation(h, messengerId, 'PSID-2');
      expect(c.messages).toHaveLength(3);
      return c;
    });
    expect(c.messages[0].items[0]).toMatchObject({
      type: 'image',
      file_path: expect.stringMatching(/^\/media\//),
    });
    expect(c.messages.map((m) => m.text).slice(1)).toEqual(['Red', 'Buy now']);
    const events = await h.server.app.ctx.db
      .select()
      .from(channelEvents)
      .where(eq(channelEvents.channelId, messengerId));
    const kinds = events.map((e) => e.kind).sort();
    expect(kinds).toEqual(['delivery', 'postback', 'postback', 'read']);
    expect(
      events
        .filter((e) => e.kind === 'postback')
        .map((e) => e.data.data)
        .sort(),
    ).toEqual(['BUY_1', 'COLOR_RED']);
  });

  it('Instagram messages arrive the same way (object "instagram")', async () => {
    const raw = body('instagram', '17841400000002', [textEvent('IGSID-1', 'ig_m_1', 'สวัสดีค่ะ')]);
    expect((await send(instagramId, raw)).status).toBe(200);
    const c = await eventually(async () => {
      const c = await conversation(h, instagramId, 'IGSID-1');
      expect(c.messages).toHaveLength(1);
      return c;
    });
    expect(c.follower).toMatchObject({ channelType: 'instagram', lineName: 'somchai.ig' });
  });
});

describe('Meta replies', () => {
  const followerOf = async (channelId: string, external: string) =>
    (await conversation(h, channelId, external)).follower!.id;

  it('text, quick replies and a card go out in the documented shapes', async () => {
    const followerId = await followerOf(messengerId, 'PSID-1');
    const text = await h.api('POST', '/api/chat/send/message', {
      followerId,
      message: 'Hi! How can we help?',
      tempId: 'mt-1',
    });
    expect(text.status).toBe(200);
    await eventually(async () => expect((await row(text.body.message._id)).delivery).toBe('sent'));
    expect(h.meta.sent.at(-1)).toEqual({
      pageId: '1000001',
      recipient: 'PSID-1',
      message: { text: 'Hi! How can we help?' },
    });
    expect((await row(text.body.message._id)).externalId).toMatch(/^m_out_\d+$/);

    const card = {
      type: 'bubble',
      hero: { type: 'image', url: 'https://cdn.example.com/shoe.jpg', size: 'full' },
      body: {
        type: 'box',
        layout: 'vertical',
        contents: [
          { type: 'text', text: 'Running shoe' },
          { type: 'text', text: '1,290 THB' },
        ],
      },
      footer: {
        type: 'box',
        layout: 'vertical',
        contents: [
          { type: 'button', action: { type: 'uri', label: 'View', uri: 'https://shop.example.com/shoe' } },
        ],
      },
    };
    const { message } = await sendMessage(h.server.app.ctx, {
      accountId: h.owner.accountId,
      followerId,
      userId: h.owner.user._id,
      items: [
        { type: 'flex', altText: 'Shoe', contents: card },
        {
          type: 'quickreply',
          text: 'Pick a size',
          items: [{ label: '42', action: { type: 'message', text: '42' } }],
        },
      ],
      tempId: 'mt-2',
    });
    await eventually(async () => expect((await row(message._id)).delivery).toBe('sent'));
    const [generic, quick] = h.meta.sent.slice(-2).map((s) => s.message);
    expect(generic).toEqual({
      attachment: {
        type: 'template',
        payload: {
          template_type: 'generic',
          elements: [
            {
              title: 'Running shoe',
              subtitle: '1,290 THB',
              image_url: 'https://cdn.example.com/shoe.jpg',
              buttons: [{ type: 'web_url', url: 'https://shop.example.com/shoe', title: 'View' }],
            },
          ],
        },
      },
    });
    expect(quick).toMatchObject({
      text: 'Pick a size',
      quick_replies: [{ content_type: 'text', title: '42' }],
    });
    expect(h.meta.requests.flatMap((r) => r.problems)).toEqual([]);
  });

  it("Meta's refusal fails the message with its reason; parts already sent are not sent again on resend", async () => {
    const followerId = await followerOf(instagramId, 'IGSID-1');
    h.meta.failNext(/messages$/, {
      status: 400,
      json: { error: { message: '(#10) This message is sent outside of allowed window.', code: 10 } },
    });
    const { message } = await sendMessage(h.server.app.ctx, {
      accountId: h.owner.accountId,
      followerId,
      userId: h.owner.user._id,
      items: [{ type: 'text', text: 'late answer' }],
      tempId: 'mt-3',
    });
    await eventually(async () => expect((await row(message._id)).delivery).toBe('failed'));
    expect((await row(message._id)).deliveryError).toBe(
      'Instagram answered 400: (#10) This message is sent outside of allowed window. (code 10)',
    );
    // Throttling is temporary.
    h.meta.failNext(/messages$/, {
      status: 400,
      json: { error: { message: 'Calls to this api have exceeded the rate limit.', code: 613 } },
    });
    const busy = await sendMessage(h.server.app.ctx, {
      accountId: h.owner.accountId,
      followerId,
      userId: h.owner.user._id,
      items: [
        { type: 'text', text: 'one' },
        { type: 'text', text: 'two' },
      ],
      tempId: 'mt-4',
    });
    await eventually(async () => expect((await row(busy.message._id)).deliveryAttempts).toBe(1));
    expect((await row(busy.message._id)).delivery).toBe('pending');
  });
});

describe("Meta's answers: temporary ones are retried, final ones fail the message", () => {
  const ctx = () => h.server.app.ctx;
  const MESSAGES_PATH = /\/1000001\/messages$/;

  /** What Messenger took with `text` (refused calls are not among them). */
  const delivered = (text: string) => h.meta.sent.filter((s) => s.message.text === text);
  const refusedWith = (text: string) =>
    h.meta.refused(MESSAGES_PATH).filter((r) => JSON.stringify(r.body).includes(text));

  const agentSends = (text: string, tempId: string) => sendAsAgent(h, messengerId, 'PSID-1', text, tempId);

  it("5xx and the Send API's temporary codes wait 2 s, 4 s, 8 s between tries, then the message goes once", async () => {
    const failures = [
      {
        status: 500,
        json: {
          error: {
            message: 'An unexpected error has occurred. Please retry your request later.',
            type: 'OAuthException',
            code: 2,
            is_transient: true,
          },
        },
      },
      { status: 503, body: '<html>Service Unavailable</html>', headers: { 'content-type': 'text/html' } },
      {
        status: 400,
        json: { error: { message: 'Temporary send message failure. Please try again later.', code: 1200 } },
      },
    ];
    for (const failure of failures) h.meta.failNext(MESSAGES_PATH, failure);
    const text = 'Your parcel left the warehouse';
    let from = Date.now();
    const id = await agentSends(text, 'mr-5xx');
    const expected = [
      {
        wait: 2_000,
        error:
          'Messenger answered 500: An unexpected error has occurred. Please retry your request later. (code 2)',
      },
      { wait: 4_000, error: 'Messenger answered 503: <html>Service Unavailable</html>' },
      {
        wait: 8_000,
        error: 'Messenger answered 400: Temporary send message failure. Please try again later. (code 1200)',
      },
    ];
    for (const [i, step] of expected.entries()) {
      if (i > 0) {
        from = Date.now();
        await retryNow(h, id);
      }
      const r = await attempted(h, id, i + 1);
      expect(r.delivery).toBe('pending');
      expect(r.deliveryError).toBe(step.error);
      const until = r.deliveryClaimedUntil!.getTime();
      expect(until).toBeGreaterThanOrEqual(from + step.wait);
      expect(until).toBeLessThanOrEqual(Date.now() + step.wait);
      expect(delivered(text)).toEqual([]);
    }
    await retryNow(h, id);
    const done = await row(id);
    expect(done).toMatchObject({ delivery: 'sent', deliveryError: null, deliveryAttempts: 4 });
    expect(done.externalId).toMatch(/^m_out_\d+$/);
    expect(delivered(text)).toHaveLength(1);
    expect(refusedWith(text)).toHaveLength(3);
    // The sweeper finds nothing more to send.
    await retryNow(h, id);
    expect(delivered(text)).toHaveLength(1);
  });

  it('429 waits as long as Retry-After says, or the backoff without it; then the message goes once', async () => {
    const busy = { message: 'Calls to this api have exceeded the rate limit.', code: 4 };
    h.meta.failNext(MESSAGES_PATH, { status: 429, json: { error: busy }, headers: { 'retry-after': '120' } });
    const told = 'Told to wait two minutes';
    let from = Date.now();
    const first = await agentSends(told, 'mr-429-a');
    let r = await attempted(h, first, 1);
    expect(r.delivery).toBe('pending');
    expect(r.deliveryError).toBe(
      'Messenger answered 429: Calls to this api have exceeded the rate limit. (code 4)',
    );
    expect(r.deliveryClaimedUntil!.getTime()).toBeGreaterThanOrEqual(from + 120_000);
    expect(r.deliveryClaimedUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 120_000);
    // Nothing happens while the wait lasts, even when the sweeper comes round.
    await ctx()
      .db.update(messages)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(messages.id, first));
    await sweepPending(ctx());
    expect((await row(first)).deliveryAttempts).toBe(1);

    h.meta.failNext(MESSAGES_PATH, { status: 429, json: { error: busy } });
    const untold = 'No Retry-After given';
    from = Date.now();
    const second = await agentSends(untold, 'mr-429-b');
    r = await attempted(h, second, 1);
    expect(r.delivery).toBe('pending');
    expect(r.deliveryClaimedUntil!.getTime()).toBeGreaterThanOrEqual(from + 2_000);
    expect(r.deliveryClaimedUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 2_000);

    await retryNow(h, first);
    await retryNow(h, second);
    for (const [id, text] of [
      [first, told],
      [second, untold],
    ]) {
      expect(await row(id)).toMatchObject({ delivery: 'sent', deliveryAttempts: 2 });
      expect(delivered(text)).toHaveLength(1);
      expect(refusedWith(text)).toHaveLength(1);
    }
  });

  it.each([
    {
      name: 'outside the 24-hour window (code 10)',
      answer: {
        status: 400,
        json: {
          error: {
            message: '(#10) This message is sent outside of allowed window.',
            type: 'OAuthException',
            code: 10,
            error_subcode: 2018278,
          },
        },
      },
      reason: 'Messenger answered 400: (#10) This message is sent outside of allowed window. (code 10)',
    },
    {
      name: 'the person is not available (code 551)',
      answer: {
        status: 400,
        json: { error: { message: "(#551) This person isn't available right now.", code: 551 } },
      },
      reason: "Messenger answered 400: (#551) This person isn't available right now. (code 551)",
    },
    {
      name: 'an invalid parameter (code 100)',
      answer: {
        status: 400,
        json: {
          error: {
            message: '(#100) Param recipient[id] must be a valid ID string (e.g., "123")',
            type: 'OAuthException',
            code: 100,
          },
        },
      },
      reason:
        'Messenger answered 400: (#100) Param recipient[id] must be a valid ID string (e.g., "123") (code 100)',
    },
  ])(
    "a final refusal, $name, fails at once with Meta's reason and can be resent",
    async ({ name, answer, reason }) => {
      h.meta.failNext(MESSAGES_PATH, answer);
      const text = `Final: ${name}`;
      const id = await agentSends(text, `mr-final-${name.replace(/\W+/g, '-')}`);
      await expectFinalRefusal(h, id, reason, {
        delivered: () => delivered(text),
        refused: () => refusedWith(text),
      });
    },
  );
});

describe('hand-built cards for Meta (flexToMeta)', () => {
  const card = (text: string) => ({
    type: 'bubble',
    body: { type: 'box', layout: 'vertical', contents: [{ type: 'text', text: 'Menu' }] },
    footer: {
      type: 'box',
      layout: 'vertical',
      contents: [{ type: 'button', action: { type: 'message', label: 'Ask', text } }],
    },
  });

  it("a LINE message action posts back in the actions runtime's message form; one too long for Meta is refused", () => {
    const { message, problems } = flexToMeta('Menu', card('ราคาเท่าไร?'), 'Messenger');
    expect(problems).toEqual([]);
    expect(message).toEqual({
      attachment: {
        type: 'template',
        payload: {
          template_type: 'button',
          text: 'Menu',
          buttons: [
            {
              type: 'postback',
              title: 'Ask',
              payload: `action=message&text=${encodeURIComponent('ราคาเท่าไร?').replace(/%20/g, '+')}`,
            },
          ],
        },
      },
    });
    // 120 Thai letters are 1080 characters once URL-encoded: more than Meta's 1000 for a payload.
    expect(flexToMeta('Menu', card('ก'.repeat(120)), 'Messenger').problems).toEqual([
      'Messenger allows at most 1000 characters here.',
    ]);
  });
});
