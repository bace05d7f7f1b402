// WeChat in and out against the fake WeChat API (issue 7): the server check with echostr, the
// signature of token, timestamp and nonce (computed here), XML text and image messages once,
// subscribe/unsubscribe, malformed XML; customer-service replies in the documented shapes, the
// access token cached and renewed when WeChat finds it stale; WeChat's temporary errcodes retried
// with backoff and delivered once, its final ones failing the message with its reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelInbound } from '../../../server/channels/schema';
import { sendMessage } from '../../../server/chat/outbound';
import {
  agentSendsPicture,
  attempted,
  type ChannelHarness,
  conversation,
  eventually,
  expectFinalRefusal,
  messageRow,
  postRaw,
  retryNow,
  sendAsAgent,
  startChannelHarness,
  WECHAT_TOKEN,
  wechatQuery,
} from './channelHarness';

let h: ChannelHarness;
let channelId: string;
const row = (id: string) => messageRow(h, id);

const xml = (fields: Record<string, string | number>) =>
  `<xml>${Object.entries(fields)
    .map(([k, v]) => (typeof v === 'number' ? `<${k}>${v}</${k}>` : `<${k}><![CDATA[${v}]]></${k}>`))
    .join('')}</xml>`;

const text = (from: string, msgId: string, content: string) =>
  xml({
    ToUserName: 'gh_shop',
    FromUserName: from,
    CreateTime: Math.floor(Date.now() / 1000),
    MsgType: 'text',
    Content: content,
    MsgId: msgId,
  });

const post = (body: string, query = wechatQuery(WECHAT_TOKEN), id = channelId) =>
  postRaw(`${h.server.url}/webhook/wechat/${id}?${query}`, body, { 'content-type': 'text/xml' });

beforeAll(async () => {
  h = await startChannelHarness({ PUBLIC_URL: 'https://chat.example.test' });
  channelId = (
    await h.connect('wechat', { app_id: h.wechat.appId, app_secret: h.wechat.appSecret, token: WECHAT_TOKEN })
  )._id;
});
afterAll(() => h?.close());

describe('WeChat webhook', () => {
  it('answers the server check with echostr when the signature holds', async () => {
    const ok = await fetch(
      `${h.server.url}/webhook/wechat/${channelId}?${wechatQuery(WECHAT_TOKEN, { echostr: 'echo-123' })}`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('echo-123');
    const bad = await fetch(
      `${h.server.url}/webhook/wechat/${channelId}?${wechatQuery('otherToken', { echostr: 'x' })}`,
    );
    expect(bad.status).toBe(401);
    const old = wechatQuery(WECHAT_TOKEN, { echostr: 'x' }, Math.floor(Date.now() / 1000) - 3600);
    expect((await fetch(`${h.server.url}/webhook/wechat/${channelId}?${old}`)).status).toBe(401);
    expect(
      (await fetch(`${h.server.url}/webhook/wechat/nosuch?${wechatQuery(WECHAT_TOKEN, { echostr: 'x' })}`))
        .status,
    ).toBe(404);
  });

  it('a signed text message reaches the inbox once (WeChat retries carry the same MsgId)', async () => {
    const body = text('oUser1', '23456789012345678', '你好，สวัสดี');
    const first = await post(body);
    expect(first).toEqual({ status: 200, text: 'success' });
    await post(body);
    const c = await eventually(async () => {
      const c = await conversation(h, channelId, 'oUser1');
      expect(c.messages).toHaveLength(1);
      return c;
    });
    expect(c.messages[0]).toMatchObject({ text: '你好，สวัสดี', externalId: '23456789012345678' });
    expect(c.follower?.lineName).toBe('Wang Wei');
  });

  it('a bad signature is 401 and stores nothing; malformed XML is 400', async () => {
    const before = (await h.server.app.ctx.db.select().from(channelInbound)).length;
    expect((await post(text('oEvil', '1', 'forged'), wechatQuery('wrongToken'))).status).toBe(401);
    expect((await post(text('oEvil', '1', 'forged'), 'timestamp=1&nonce=2')).status).toBe(401);
    expect((await h.server.app.ctx.db.select().from(channelInbound)).length).toBe(before);
    expect((await post('<xml><FromUserName>oops</xml>')).status).toBe(400);
    expect((await post('{"not":"xml"}')).status).toBe(400);
    expect(
      (
        await post(
          '<!DOCTYPE x [<!ENTITY a "b">]><xml><FromUserName>&a;</FromUserName><MsgType>text</MsgType></xml>',
        )
      ).status,
    ).toBe(400);
  });

  it('image messages are kept in the media library; subscribe and unsubscribe change the conversation', async () => {
    await post(
      xml({
        ToUserName: 'gh_shop',
        FromUserName: 'oUser2',
        CreateTime: Math.floor(Date.now() / 1000),
        MsgType: 'image',
        PicUrl: `${h.wechat.url}/pic/a.png`,
        MediaId: 'mid-1',
        MsgId: '99990001',
      }),
    );
    const c = await eventually(async () => {
      const c = await conversation(h, channelId, 'oUser2');
      expect(c.messages).toHaveLength(1);
      return c;
    });
    expect(c.messages[0].items[0]).toMatchObject({
      type: 'image',
      file_path: expect.stringMatching(/^\/media\//),
    });
    const event = (name: string) =>
      xml({
        ToUserName: 'gh_shop',
        FromUserName: 'oUser2',
        CreateTime: Math.floor(Date.now() / 1000),
        MsgType: 'event',
        Event: name,
      });
    await post(event('unsubscribe'));
    await eventually(async () =>
      expect((await conversation(h, channelId, 'oUser2')).follower?.isBlock).toBe(true),
    );
  });
});

describe('WeChat replies', () => {
  it('text and pictures go out as customer-service messages; a stale token is renewed once', async () => {
    const followerId = (await conversation(h, channelId, 'oUser1')).follower!.id;
    const reply = await h.api('POST', '/api/chat/send/message', {
      followerId,
      message: 'Hello from the shop',
      tempId: 'w-1',
    });
    expect(reply.status).toBe(200);
    await eventually(async () => expect((await row(reply.body.message._id)).delivery).toBe('sent'));
    expect(h.wechat.sent.at(-1)).toEqual({
      touser: 'oUser1',
      msgtype: 'text',
      text: { content: 'Hello from the shop' },
    });
    const issued = h.wechat.tokensIssued;

    h.wechat.expireToken();
    const picture = await agentSendsPicture(h, followerId, 'w-2', 'menu.png');
    await eventually(async () => expect((await row(picture)).delivery).toBe('sent'));
    expect(h.wechat.sent.at(-1)).toEqual({
      touser: 'oUser1',
      msgtype: 'image',
      image: { media_id: 'media-1' },
    });
    expect(h.wechat.tokensIssued).toBe(issued + 1);
    expect(h.wechat.requests.flatMap((r) => r.problems)).toEqual([]);
  });

  it('what WeChat cannot show is refused before sending; its own refusals fail with its reason', async () => {
    const followerId = (await conversation(h, channelId, 'oUser1')).follower!.id;
    const ctx = h.server.app.ctx;
    const base = { accountId: h.owner.accountId, followerId, userId: h.owner.user._id };
    const before = h.wechat.requests.length;
    const sticker = await sendMessage(ctx, {
      ...base,
      items: [{ type: 'sticker', packageId: '1', stickerId: '2' }],
      tempId: 'w-3',
    });
    await eventually(async () => expect((await row(sticker.message._id)).delivery).toBe('failed'));
    expect((await row(sticker.message._id)).deliveryError).toBe(
      'WeChat cannot take this message: items[0]: WeChat cannot show LINE stickers.',
    );
    expect(h.wechat.requests.length).toBe(before);

    h.wechat.failNext(/custom\/send$/, {
      json: { errcode: 45015, errmsg: 'response out of time limit or subscription is canceled' },
    });
    const late = await sendMessage(ctx, {
      ...base,
      items: [{ type: 'text', text: 'too late' }],
      tempId: 'w-4',
    });
    await eventually(async () => expect((await row(late.message._id)).delivery).toBe('failed'));
    expect((await row(late.message._id)).deliveryError).toBe(
      'WeChat answered 45015: response out of time limit or subscription is canceled',
    );
  });
});

describe("WeChat's answers: temporary ones are retried, final ones fail the message", () => {
  const SEND = /\/cgi-bin\/message\/custom\/send$/;
  const delivered = (content: string) =>
    h.wechat.sent.filter((s) => (s.text as { content?: string } | undefined)?.content === content);
  const refusedWith = (content: string) =>
    h.wechat.refused(SEND).filter((r) => JSON.stringify(r.body).includes(content));

  const agentSends = (text: string, tempId: string) => sendAsAgent(h, channelId, 'oUser1', text, tempId);

  it('system busy (-1), the API quotas (45009, 45011) and a 5xx wait 2, 4, 8, 16 s between tries; the message goes once', async () => {
    const steps = [
      {
        answer: { json: { errcode: -1, errmsg: 'system error' } },
        error: 'WeChat answered -1: system error',
      },
      {
        answer: { json: { errcode: 45009, errmsg: 'reach max api daily quota limit' } },
        error: 'WeChat answered 45009: reach max api daily quota limit',
      },
      {
        answer: { json: { errcode: 45011, errmsg: 'api minute-quota reach limit, retry next minute' } },
        error: 'WeChat answered 45011: api minute-quota reach limit, retry next minute',
      },
      { answer: { status: 502, body: 'Bad Gateway' }, error: 'WeChat answered 502: Bad Gateway' },
    ];
    for (const step of steps) h.wechat.failNext(SEND, step.answer);
    const text = 'Your order is on its way';
    let from = Date.now();
    const id = await agentSends(text, 'wr-busy');
    for (const [i, step] of steps.entries()) {
      if (i > 0) {
        from = Date.now();
        await retryNow(h, id);
      }
      const r = await attempted(h, id, i + 1);
      expect(r).toMatchObject({ delivery: 'pending', deliveryError: step.error });
      const wait = 2_000 * 2 ** i;
      expect(r.deliveryClaimedUntil!.getTime()).toBeGreaterThanOrEqual(from + wait);
      expect(r.deliveryClaimedUntil!.getTime()).toBeLessThanOrEqual(Date.now() + wait);
      expect(delivered(text)).toEqual([]);
    }
    await retryNow(h, id);
    expect(await row(id)).toMatchObject({ delivery: 'sent', deliveryError: null, deliveryAttempts: 5 });
    expect(delivered(text)).toHaveLength(1);
    expect(refusedWith(text)).toHaveLength(4);
    await retryNow(h, id);
    expect(delivered(text)).toHaveLength(1);
  });

  it.each([
    [42001, 'access_token expired'],
    [40001, 'invalid credential, access_token is invalid or not latest'],
    [40014, 'invalid access_token'],
  ])('a stale token (%i) is renewed once and the message goes in the same try', async (errcode, errmsg) => {
    h.wechat.failNext(SEND, { json: { errcode, errmsg } });
    const issued = h.wechat.tokensIssued;
    const text = `After renewal ${errcode}`;
    const id = await agentSends(text, `wr-stale-${errcode}`);
    await eventually(async () => expect((await row(id)).delivery).toBe('sent'));
    expect(await row(id)).toMatchObject({ deliveryAttempts: 1, deliveryError: null });
    expect(h.wechat.tokensIssued).toBe(issued + 1);
    expect(delivered(text)).toHaveLength(1);
    expect(refusedWith(text)).toHaveLength(1);
    // The renewed token is kept: the next message needs no new one.
    const next = await agentSends(`Kept token ${errcode}`, `wr-kept-${errcode}`);
    await eventually(async () => expect((await row(next)).delivery).toBe('sent'));
    expect(h.wechat.tokensIssued).toBe(issued + 1);
  });

  it('stale again right after renewal is not renewed in a loop: tried again after the backoff', async () => {
    h.wechat.failNext(SEND, { json: { errcode: 42001, errmsg: 'access_token expired' } }, 2);
    const issued = h.wechat.tokensIssued;
    const text = 'Stale twice';
    const id = await agentSends(text, 'wr-stale-twice');
    const r = await attempted(h, id, 1);
    expect(r).toMatchObject({
      delivery: 'pending',
      deliveryError: 'WeChat answered 42001: access_token expired',
    });
    expect(h.wechat.tokensIssued).toBe(issued + 1);
    await retryNow(h, id);
    expect(await row(id)).toMatchObject({ delivery: 'sent', deliveryAttempts: 2 });
    expect(h.wechat.tokensIssued).toBe(issued + 1);
    expect(delivered(text)).toHaveLength(1);
  });

  it('WeChat busy while a new token is fetched: tried again later', async () => {
    h.wechat.expireToken();
    h.wechat.failNext(/\/cgi-bin\/token$/, { json: { errcode: -1, errmsg: 'system error' } });
    const text = 'Token came late';
    const id = await agentSends(text, 'wr-token-busy');
    const r = await attempted(h, id, 1);
    expect(r).toMatchObject({ delivery: 'pending', deliveryError: 'WeChat answered -1: system error' });
    await retryNow(h, id);
    expect(await row(id)).toMatchObject({ delivery: 'sent', deliveryAttempts: 2 });
    expect(delivered(text)).toHaveLength(1);
  });

  it.each([
    [45047, 'out of response count limit'],
    [45015, 'response out of time limit or subscription is canceled'],
    [40003, 'invalid openid'],
    [43004, 'require subscribe'],
  ])("a final refusal (%i) fails at once with WeChat's reason and can be resent", async (errcode, errmsg) => {
    h.wechat.failNext(SEND, { json: { errcode, errmsg } });
    const text = `Final ${errcode}`;
    const id = await agentSends(text, `wr-final-${errcode}`);
    await expectFinalRefusal(h, id, `WeChat answered ${errcode}: ${errmsg}`, {
      delivered: () => delivered(text),
      refused: () => refusedWith(text),
    });
  });
});
