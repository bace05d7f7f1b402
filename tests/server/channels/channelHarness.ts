// What the channel tests share: the three fake platforms on loopback, a real server pointed at
// them, a signed-in owner, channels connected through the settings API, and webhook senders that
// sign exactly as the platforms do (computed here with node:crypto, not with the server's code).
import { createHash, createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { followers, messages } from '../../../server/chat/schema';
import { type FakeLine, startFakeLine } from '../../helpers/fakePlatforms/line';
import { type FakeMeta, startFakeMeta } from '../../helpers/fakePlatforms/meta';
import { type FakeWeChat, startFakeWeChat } from '../../helpers/fakePlatforms/wechat';
import { login, startServer, type TestServer } from '../../helpers/server';

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

/** Waits until `check` passes (processing runs after the webhook's 200). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const start = Date.now();
  let last: unknown;
  while (Date.now() - start < timeoutMs) {
    try {
      return await check();
    } catch (err) {
      last = err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw last;
}
