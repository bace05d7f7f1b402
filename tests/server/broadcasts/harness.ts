// What the broadcast tests share: a real server pointed at the fake LINE API, a connected LINE
// channel, LINE friends seeded straight into the database (as thousands of follow events would
// leave them), and small HTTP and waiting helpers.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { followers, followerTags, tags } from '../../../server/chat/schema';
import type { Db } from '../../../server/db/client';
import { eventually as poll } from '../../helpers/eventually';
import { type FakeLine, startFakeLine } from '../../helpers/fakePlatforms/line';
import { login, startServer, type TestServer } from '../../helpers/server';

// biome-ignore lint/suspicious/noExplicitAny: wire payloads; each test's expectations check their shape.
export type Payload = any;

export const LINE_SECRET = '0123456789abcdef0123456789abcdef';

export type Session = Awaited<ReturnType<typeof login>>;

export function apiOf(url: string, session: Session) {
  return async (method: string, path: string, body?: unknown): Promise<{ status: number; body: Payload }> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers:
        body === undefined
          ? { authorization: session.headers.authorization, channel_id: session.accountId }
          : session.headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) };
    } catch {
      return { status: res.status, body: text };
    }
  };
}

export async function connectLine(url: string, session: Session, token: string): Promise<string> {
  const res = await apiOf(url, session)('POST', '/api/channels', {
    type: 'line',
    name: 'LINE Shop',
    settings: { channel_id: '1650000000', channel_secret: LINE_SECRET, access_token: token },
  });
  if (res.status !== 200) throw new Error(`connect line: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.channel._id;
}

/** A LINE user id (U + 32 hex) that is the same for the same seed. */
export const lineUserId = (seed: string) => `U${createHash('md5').update(seed).digest('hex')}`;

/** `n` LINE friends of the channel, in chunks (a single insert of 100,000 rows is too big a statement). */
export async function seedLineFriends(
  db: Db,
  accountId: string,
  channelId: string,
  n: number,
  prefix = 'friend',
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < n; start += 2_000) {
    const rows = [];
    for (let i = start; i < Math.min(n, start + 2_000); i++) {
      const externalId = lineUserId(`${prefix}-${i}`);
      ids.push(externalId);
      rows.push({
        id: `f${createHash('md5').update(`${channelId}:${externalId}`).digest('hex').slice(0, 19)}`,
        accountId,
        channelId,
        channelType: 'line',
        externalId,
        lineName: `${prefix} ${i}`,
      });
    }
    await db.insert(followers).values(rows);
  }
  return ids;
}

/** A tag on the friends with these LINE ids; returns the tag's id. */
export async function tagFriends(
  db: Db,
  accountId: string,
  name: string,
  externalIds: string[],
): Promise<string> {
  const id = `t${createHash('md5').update(`${accountId}:${name}`).digest('hex').slice(0, 19)}`;
  await db.insert(tags).values({ id, accountId, name });
  const rows = await db
    .select({ id: followers.id, externalId: followers.externalId })
    .from(followers)
    .where(eq(followers.accountId, accountId));
  const wanted = new Set(externalIds);
  const picked = rows.filter((r) => wanted.has(r.externalId));
  for (let i = 0; i < picked.length; i += 1_000)
    await db
      .insert(followerTags)
      .values(picked.slice(i, i + 1_000).map((r) => ({ followerId: r.id, tagId: id })));
  return id;
}

export const eventually = <T>(check: () => Promise<T>, timeoutMs = 15_000) => poll(check, timeoutMs, 100);

export const textMessage = (text: string) => ({ type: 'text', text });

export interface BroadcastHarness {
  server: TestServer;
  line: FakeLine;
  session: Session;
  channelId: string;
  api: ReturnType<typeof apiOf>;
  close(): Promise<void>;
}

export async function startBroadcastHarness(
  options: { env?: Record<string, string>; line?: FakeLine; databaseUrl?: string; dataDir?: string } = {},
): Promise<BroadcastHarness> {
  const line = options.line ?? (await startFakeLine());
  const server = await startServer({
    env: { LINE_API_BASE: line.url, ...options.env },
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
  });
  const session = await login(server.url);
  const channelId = await connectLine(server.url, session, line.token);
  return {
    server,
    line,
    session,
    channelId,
    api: apiOf(server.url, session),
    async close() {
      await server.close();
      if (!options.line) await line.close();
    },
  };
}
