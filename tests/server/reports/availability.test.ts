// Agent availability history (recordAgentStatus, the chat status calls, console connections) and
// the widget's post-chat rating (POST /service/widget/rating).
import { and, asc, eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_NAMESPACE } from '../../../core/realtime/events';
import { WIDGET_SESSION_HEADER } from '../../../core/widget/message';
import { newId } from '../../../server/accounts/ids';
import { memberships } from '../../../server/accounts/schema';
import { followers, livechats } from '../../../server/chat/schema';
import { agentStatusEvents, chatRatings } from '../../../server/reports/schema';
import { recordAgentStatus } from '../../../server/reports/status';
import { login, startServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let session: Awaited<ReturnType<typeof login>>;
beforeAll(async () => {
  server = await startServer();
  session = await login(server.url);
});
afterAll(() => server?.close());

const statuses = async () =>
  (
    await server.app.ctx.db
      .select({ status: agentStatusEvents.status })
      .from(agentStatusEvents)
      .where(
        and(
          eq(agentStatusEvents.accountId, session.accountId),
          eq(agentStatusEvents.userId, session.user._id),
        ),
      )
      .orderBy(asc(agentStatusEvents.id))
  ).map((r) => r.status);

describe('agent availability history', () => {
  it('records changes of state only, and ignores a chat status chosen while offline', async () => {
    const ctx = server.app.ctx;
    const who = { accountId: session.accountId, userId: session.user._id };
    await ctx.db.delete(agentStatusEvents);
    expect(await recordAgentStatus(ctx, { ...who, status: 'available' })).toBe('available');
    expect(await recordAgentStatus(ctx, { ...who, status: 'available' })).toBeNull();
    expect(await recordAgentStatus(ctx, { ...who, status: 'offline' })).toBe('offline');
    expect(await recordAgentStatus(ctx, { ...who, status: 'away' })).toBeNull();
    await ctx.db
      .update(memberships)
      .set({ chatStatus: 'away' })
      .where(eq(memberships.userId, session.user._id));
    // Connecting again: the membership's chat status applies.
    expect(await recordAgentStatus(ctx, { ...who, status: 'online' })).toBe('away');
    expect(await statuses()).toEqual(['available', 'offline', 'away']);
    await ctx.db
      .update(memberships)
      .set({ chatStatus: 'available' })
      .where(eq(memberships.userId, session.user._id));
  });

  it('the chat status call and console connections are recorded', async () => {
    await server.app.ctx.db.delete(agentStatusEvents);
    const socket = connect(`${server.url}${AGENT_NAMESPACE}`, {
      auth: { token: session.token, channel_id: session.accountId },
      transports: ['websocket'],
    });
    await expect.poll(statuses).toEqual(['available']);
    const res = await fetch(`${server.url}/api/chat/chatstatus`, {
      method: 'POST',
      headers: session.headers,
      body: JSON.stringify({ chat_status: 'away' }),
    });
    expect(res.status).toBe(200);
    expect(await statuses()).toEqual(['available', 'away']);
    socket.disconnect();
    await expect.poll(statuses).toEqual(['available', 'away', 'offline']);
  });
});

describe('POST /service/widget/rating', () => {
  it('a visitor rates their own chat once (a second rating replaces it); others are refused', async () => {
    const db = server.app.ctx.db;
    const verify = await fetch(`${server.url}/service/widget/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ widget_id: session.widgetId }),
    });
    const { data } = (await verify.json()) as { data: { session_id: string; visitor_id: string } };
    const followerId = newId();
    const livechatId = newId();
    const otherChat = newId();
    const otherFollower = newId();
    await db.insert(followers).values([
      {
        id: followerId,
        accountId: session.accountId,
        channelId: session.widgetId,
        channelType: 'widget',
        externalId: data.visitor_id,
        livechatId,
      },
      {
        id: otherFollower,
        accountId: session.accountId,
        channelId: session.widgetId,
        channelType: 'widget',
        externalId: 'someone-else',
      },
    ]);
    await db.insert(livechats).values([
      { id: livechatId, accountId: session.accountId, followerId, isDone: true, closedAt: new Date() },
      { id: otherChat, accountId: session.accountId, followerId: otherFollower },
    ]);
    const rate = (body: Record<string, unknown>, token: string | null = data.session_id) =>
      fetch(`${server.url}/service/widget/rating`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { [WIDGET_SESSION_HEADER]: token } : {}) },
        body: JSON.stringify({ widget_id: session.widgetId, ...body }),
      });

    const first = await rate({ score: 2, comment: 'slow' });
    expect(first.status).toBe(200);
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    expect(await first.json()).toMatchObject({
      status: 'ok',
      rating: { livechat_id: livechatId, score: 2, comment: 'slow' },
    });
    expect((await rate({ score: 5, livechat_id: livechatId })).status).toBe(200);
    const stored = await db.select().from(chatRatings).where(eq(chatRatings.livechatId, livechatId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ score: 5, comment: '', followerId, accountId: session.accountId });

    expect((await rate({ score: 6 })).status).toBe(400);
    expect((await rate({ score: 3.5 })).status).toBe(400);
    expect((await rate({ score: 4, comment: 'x'.repeat(301) })).status).toBe(400);
    expect((await rate({ score: 4 }, null)).status).toBe(401);
    expect((await rate({ score: 4 }, 'not-a-real-session-token-at-all')).status).toBe(401);
    expect((await rate({ score: 4, livechat_id: otherChat })).status).toBe(404);

    // It counts in today's satisfaction.
    const tiles = await fetch(`${server.url}/api/dashboard/tiles?preset=today`, { headers: session.headers });
    expect(
      ((await tiles.json()) as { tiles: { satisfaction_rate: { value: number } } }).tiles.satisfaction_rate
        .value,
    ).toBe(100);
  });
});
