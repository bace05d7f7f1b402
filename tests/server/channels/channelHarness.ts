// What the channel tests share: the three fake platforms on loopback, a real server pointed at
// them, a signed-in owner, channels connected through the settings API, and webhook senders that
// sign exactly as the platforms do (computed here with node:crypto, not with the server's code);
// then an agent's replies, and the delivery sweeper run by hand for the retry and refusal tests.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { sweepPending } from '../../../server/chat/delivery';
import { sendMessage } from '../../../server/chat/outbound';
import { followers, messages } from '../../../server/chat/schema';
import { eventually } from '../../helpers/eventually';
import { type FakeLine, startFakeLine } from '../../helpers/fakePlatforms/line';
import { type FakeMeta, startFakeMeta } from '../../helpers/fakePlatforms/meta';
import { PNG_1X1 } from '../../helpers/fakePlatforms/server';
import { type FakeWeChat, startFakeWeChat } from '../../helpers/fakePlatforms/wechat';
import { login, startServer, type TestServer } from '../../helpers/server';

export { eventually };

// biome-ignore lint/suspicious/noExplicitAny: wire payloads; each test's expectations check their shape.
export type Payload = any;

export const LINE_SECRET = '0123456789abcdef0123456789abcdef';
export const META_VERIFY = 'my-verify-token';
export const WECHAT_TOKEN = 'wechatToken42';

export interface ChannelHarness {
  server: TestServer;
  owner: Awaited<ReturnType<typeof login>>;
  line: FakeLine;
  meta: FakeMeta;
  wechat: FakeWeChat;
  api(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: Payload }>;
  connect(type: string, settings: Record<string, string>, name?: string): Promise<Payload>;
  close(): Promise<void>;
}

export async function startChannelHarness(env: Record<string, string> = {}): Promise<ChannelHarness> {
  const [line, meta, wechat] = await Promise.all([startFakeLine(), startFakeMeta(), startFakeWeChat()]);
  const server = await startServer({
    env: { LINE_API_BASE: line.url, GRAPH_API_BASE: meta.url, WECHAT_API_BASE: wechat.url, ...env },
  });
  const owner = await login(server.url);
  const api: ChannelHarness['api'] = async (method, path, body, headers = owner.headers) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed };
  };
  return {
    server,
    owner,
    line,
    meta,
    wechat,
    api,
    async connect(type, settings, name = `${type} channel`) {
      const res = await api('POST', '/api/channels', { type, name, settings });
      if (res.status !== 200) throw new Error(`connect ${type}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.channel;
    },
    async close() {
      await server.close();
      await Promise.all([line.close(), meta.close(), wechat.close()]);
    },
  };
}

export const lineSignature = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body, 'utf8').digest('base64');

export const metaSignature = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

export function wechatQuery(
  token: string,
  extra: Record<string, string> = {},
  timestamp = Math.floor(Date.now() / 1000),
) {
  const nonce = String(Math.floor(Math.random() * 1e9));
  const signature = createHash('sha1')
    .update([token, String(timestamp), nonce].sort().join(''))
    .digest('hex');
  return new URLSearchParams({ signature, timestamp: String(timestamp), nonce, ...extra }).toString();
}

/** Connects a LINE channel with `LINE_SECRET` and the fake's token; answers its id. */
export async function connectLine(h: ChannelHarness, lineChannelId = '1650000000'): Promise<string> {
  const channel = await h.connect('line', {
    channel_id: lineChannelId,
    channel_secret: LINE_SECRET,
    access_token: h.line.token,
  });
  return channel._id;
}

/** A LINE webhook event from `source` as LINE sends it: its own event id and a fresh reply token. */
export function lineEvent(source: Record<string, string>, extra: Record<string, unknown> = {}) {
  return {
    webhookEventId: randomUUID().replace(/-/g, '').slice(0, 26).toUpperCase(),
    deliveryContext: { isRedelivery: false },
    timestamp: Date.now(),
    source,
    replyToken: randomUUID().replace(/-/g, ''),
    mode: 'active',
    ...extra,
  };
}

/** Posts `events` to a LINE channel's webhook, signed with `LINE_SECRET` unless told otherwise. */
export function postLineWebhook(
  h: ChannelHarness,
  channelId: string,
  events: unknown[],
  options: { secret?: string; signature?: string } = {},
) {
  const body = JSON.stringify({ destination: 'Ubot0000000000000000000000000000', events });
  return postRaw(`${h.server.url}/webhook/line/${channelId}`, body, {
    'content-type': 'application/json; charset=utf-8',
    'x-line-signature': options.signature ?? lineSignature(options.secret ?? LINE_SECRET, body),
  });
}

export async function postRaw(url: string, body: string, headers: Record<string, string>) {
  const res = await fetch(url, { method: 'POST', headers, body });
  return { status: res.status, text: await res.text() };
}

/** The messages of the conversation with `externalId` on a channel, oldest first. */
export async function conversation(h: ChannelHarness, channelId: string, externalId: string) {
  const db = h.server.app.ctx.db;
  const [follower] = await db
    .select()
    .from(followers)
    .where(and(eq(followers.channelId, channelId), eq(followers.externalId, externalId)));
  if (!follower) return { follower: null, messages: [] as (typeof messages.$inferSelect)[] };
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.followerId, follower.id))
    .orderBy(messages.seq);
  return { follower, messages: rows };
}

// ---------- an agent's replies and their delivery ----------

export const messageRow = async (h: ChannelHarness, id: string) =>
  (await h.server.app.ctx.db.select().from(messages).where(eq(messages.id, id)))[0];

/** An agent's text to the conversation with `externalId`, through the send path; answers its id. */
export async function sendAsAgent(
  h: ChannelHarness,
  channelId: string,
  externalId: string,
  text: string,
  tempId: string,
) {
  const followerId = (await conversation(h, channelId, externalId)).follower!.id;
  const { message } = await sendMessage(h.server.app.ctx, {
    accountId: h.owner.accountId,
    followerId,
    userId: h.owner.user._id,
    items: [{ type: 'text', text }],
    tempId,
  });
  return message._id;
}

/** An agent's picture to `followerId` through the console's upload; answers the message id. */
export async function agentSendsPicture(h: ChannelHarness, followerId: string, tempId: string, name: string) {
  const form = new FormData();
  form.set('followerId', followerId);
  form.set('tempId', tempId);
  form.set('files', new Blob([PNG_1X1], { type: 'image/png' }), name);
  const headers = { ...h.owner.headers } as Record<string, string>;
  delete headers['content-type'];
  const upload = await fetch(`${h.server.url}/api/chat/send/file`, { method: 'POST', headers, body: form });
  expect(upload.status).toBe(200);
  return ((await upload.json()) as { message: { _id: string } }).message._id;
}

/** Waits for delivery attempt `n` of message `id` to be recorded; answers the row. */
export const attempted = (h: ChannelHarness, id: string, n: number) =>
  eventually(async () => {
    const r = await messageRow(h, id);
    expect(r.deliveryAttempts).toBe(n);
    return r;
  });

/** The sweeper's round once the wait is over (run now instead of waiting for it). */
export async function retryNow(h: ChannelHarness, id: string) {
  const ctx = h.server.app.ctx;
  await ctx.db
    .update(messages)
    .set({ createdAt: new Date(Date.now() - 60_000), deliveryClaimedUntil: null })
    .where(eq(messages.id, id));
  await sweepPending(ctx);
}

/**
 * A platform's final refusal of message `id`: failed at once with `reason` after one try, left
 * alone by the sweeper, and sent once when resent. `platform` lists what the platform took
 * (`delivered`) and refused (`refused`) of this message.
 */
export async function expectFinalRefusal(
  h: ChannelHarness,
  id: string,
  reason: string,
  platform: { delivered(): unknown[]; refused(): unknown[] },
) {
  await eventually(async () => expect((await messageRow(h, id)).delivery).toBe('failed'));
  expect(await messageRow(h, id)).toMatchObject({
    deliveryError: reason,
    deliveryAttempts: 1,
    deliveryClaimedUntil: null,
  });
  // Failed is final: the sweeper does not try it again.
  await retryNow(h, id);
  expect((await messageRow(h, id)).deliveryAttempts).toBe(1);
  expect(platform.delivered()).toEqual([]);
  expect(platform.refused()).toHaveLength(1);

  const resent = await h.api('POST', '/api/chat/resend', { messageId: id });
  expect(resent.status).toBe(200);
  await eventually(async () => expect((await messageRow(h, id)).delivery).toBe('sent'));
  expect(platform.delivered()).toHaveLength(1);
}
