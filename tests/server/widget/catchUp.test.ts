// The widget's reads on both databases: what a reconnecting widget asks for (the messages after
// the newest one it heard, the latest page for an anchor it does not know) and, on the same call,
// a chat the team closed that the visitor has not rated yet.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followers, messages } from '../../../server/chat/schema';
import { createTestDatabase, postgresAvailable } from '../../helpers/postgres';
import { login, startServer, type TestServer } from '../../helpers/server';

const hasPostgres = await postgresAvailable();

describe.each([
  ['PGlite', false],
  ['PostgreSQL', true],
] as const)('widget catch-up on %s', (_name, onPostgres) => {
  let server: TestServer;
  let auth: Awaited<ReturnType<typeof login>>;
  let drop: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    if (onPostgres && !hasPostgres) return;
    const database = onPostgres ? await createTestDatabase('widget_catchup') : null;
    drop = database?.drop ?? null;
    server = await startServer({ databaseUrl: database?.url });
    auth = await login(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await drop?.();
  });

  async function call(
    path: string,
    init: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ) {
    const res = await fetch(`${server.url}${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { 'x-widget-session': init.token } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: res.status, body: await res.json() };
  }

  it.skipIf(onPostgres && !hasPostgres)(
    'answers what came after an anchor, the latest page for an unknown one, and a close not rated yet',
    async () => {
      const verified = await call('/service/widget/verify', { body: { widget_id: auth.widgetId } });
      const { session_id: token, visitor_id: visitor } = verified.body.data;
      const say = (id: string, text: string) =>
        call(`/service/webhook/widget/${auth.widgetId}`, {
          token,
          body: {
            events: [
              {
                id,
                source: { type: 'widget', userId: visitor },
                timestamp: Date.now(),
                type: 'message',
                message: { type: 'text', text },
              },
            ],
          },
        });
      const first = await say('cu-1', 'first');
      await say('cu-2', 'second');
      const [follower] = (await server.app.ctx.db.select().from(followers)).filter(
        (f) => f.externalId === visitor,
      );
      const reply = await call('/api/chat/send/message', {
        headers: auth.headers,
        body: { followerId: follower.id, message: 'from the team', tempId: 'cu-reply' },
      });
      expect(reply.status).toBe(200);

      // The first message is a minute old; the others came just now.
      const firstId = first.body.results[0].message.id as string;
      await server.app.ctx.db
        .update(messages)
        .set({ createdAt: new Date(Date.now() - 60_000) })
        .where(eq(messages.id, firstId));

      const page = `/service/widget/messages?widget_id=${auth.widgetId}`;
      const texts = (body: { chat: { message: string }[] }) => body.chat.map((m) => m.message);
      const after = await call(`${page}&after=${firstId}`, { token });
      expect(after.status).toBe(200);
      expect(texts(after.body)).toEqual(['second', 'from the team']);
      expect(after.body.chat[1]).toMatchObject({ from: 'agent', name: 'Owner' });
      expect(after.body.closed_chat).toBeUndefined();
      // A catch-up also brings the few seconds before its anchor (a message another process stored
      // may reach the socket after a newer one), never the anchor itself nor older messages.
      const replyId = after.body.chat[1].id as string;
      expect(texts((await call(`${page}&after=${replyId}`, { token })).body)).toEqual(['second']);

      const unknown = await call(`${page}&after=not-a-message-of-mine`, { token });
      expect(unknown.body.total_count).toBe(3);
      expect(unknown.body.chat.map((m: { message: string }) => m.message)).toEqual([
        'first',
        'second',
        'from the team',
      ]);

      const closed = await call('/api/chat/close', {
        headers: auth.headers,
        body: { liveChatId: follower.livechatId, userId: auth.user._id },
      });
      expect(closed.status).toBe(200);
      const newest = unknown.body.chat[2].id;
      expect((await call(`${page}&after=${newest}`, { token })).body).toMatchObject({
        closed_chat: { livechat_id: follower.livechatId },
      });
      const rated = await call('/service/widget/rating', {
        token,
        body: { widget_id: auth.widgetId, score: 4 },
      });
      expect(rated.status).toBe(200);
      expect((await call(`${page}&after=${newest}`, { token })).body.closed_chat).toBeUndefined();
      // An older page never asks about the rating.
      expect((await call(`${page}&skip=1&limit=2`, { token })).body.closed_chat).toBeUndefined();
    },
  );
});
