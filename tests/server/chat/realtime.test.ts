// Live channel events (spec 7) over real sockets: a customer's message reaches every agent who
// may see it and nobody else (queue visibility, spec 4, 6); JOIN_CHAT only for visible chats;
// redelivered webhook events change nothing; presence; a dropped console gets what it missed.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_CLIENT_EVENTS, AGENT_EVENTS } from '../../../core/realtime/events';
import { sessions } from '../../../server/auth/schema';
import { deliverMessage } from '../../../server/chat/delivery';
import { messages } from '../../../server/chat/schema';
import { login } from '../../helpers/server';
import {
  AGENT_PASSWORD,
  type Harness,
  otherAccount,
  type RecordingSocket,
  type Session,
  settle,
  startChatHarness,
  testDatabases,
} from './chatHarness';

describe.each(await testDatabases())('agent sockets on %s', (_name, postgres) => {
  let h: Harness;
  let inside: Session;
  let outside: Session;
  let secretQueue: string;
  let owner: RecordingSocket;
  let insideSock: RecordingSocket;
  let outsideSock: RecordingSocket;

  beforeAll(async () => {
    h = await startChatHarness({ postgres });
    inside = await h.addAgent(4, 'Inside Agent');
    outside = await h.addAgent(4, 'Outside Agent');
    secretQueue = await h.createQueue('Secret', 'selected', [inside.user._id]);
    owner = await h.agentSocket(h.owner);
    insideSock = await h.agentSocket(inside);
    outsideSock = await h.agentSocket(outside);
  });
  afterAll(() => h?.close());

  const heardAbout = (sock: RecordingSocket, followerId: string) =>
    sock.heard.filter(
      (e) => e.payload?.follower?._id === followerId || e.payload?.follower_id === followerId,
    );

  it('a customer message in an open queue reaches every agent: ADD_CHAT then GET_CHAT', async () => {
    const r = await h.customerSays('hello everyone', { visitor: 'rt-open', name: 'Open Customer' });
    const followerId = r!.follower._id;
    for (const sock of [owner, insideSock, outsideSock]) {
      const added = await sock.next(AGENT_EVENTS.ADD_CHAT, (p) => p.follower._id === followerId);
      expect(added.follower.line_name).toBe('Open Customer');
      const got = await sock.next(AGENT_EVENTS.GET_CHAT, (p) => p.follower._id === followerId);
      expect(got.message.messages_sent).toEqual([{ type: 'text', text: 'hello everyone' }]);
    }
    // The next message of the same chat is GET_CHAT only, once per socket.
    await h.customerSays('second', { visitor: 'rt-open' });
    await owner.next(AGENT_EVENTS.GET_CHAT, (p) => p.message.messages_sent[0].text === 'second');
    await settle(100);
    expect(
      owner.heard.filter((e) => e.event === AGENT_EVENTS.ADD_CHAT && e.payload.follower._id === followerId),
    ).toHaveLength(1);
    expect(
      owner.heard.filter(
        (e) => e.event === AGENT_EVENTS.GET_CHAT && e.payload.message.messages_sent[0].text === 'second',
      ),
    ).toHaveLength(1);
  });

  it("a chat in a 'selected' queue reaches its members and level 1 only", async () => {
    const r = await h.customerSays('first', { visitor: 'rt-secret', name: 'Secret Customer' });
    const followerId = r!.follower._id;
    const moved = await h.api('POST', '/api/chat/assign/agent', { followerId, queueId: secretQueue });
    expect(moved.status).toBe(200);
    // Agents who saw it in the open queue hear that it left their list.
    await outsideSock.next(AGENT_EVENTS.FOLLOWER_PROFILE_UPDATE, (p) => p.follower._id === followerId);
    const before = heardAbout(outsideSock, followerId).length;

    await h.customerSays('for VIP eyes only', { visitor: 'rt-secret' });
    const match = (p: { message: { messages_sent: { text: string }[] } }) =>
      p.message.messages_sent[0].text === 'for VIP eyes only';
    await owner.next(AGENT_EVENTS.GET_CHAT, match);
    await insideSock.next(AGENT_EVENTS.GET_CHAT, match);
    await settle();
    expect(heardAbout(outsideSock, followerId)).toHaveLength(before);

    // Over HTTP too: the outsider cannot list, read or send to it.
    const list = await h.api('GET', '/api/chat/followers', { chat_type: 'all' }, outside);
    expect(list.body.chat.data.map((f: { _id: string }) => f._id)).not.toContain(followerId);
    expect((await h.api('GET', '/api/chat/messages', { follower_id: followerId }, outside)).status).toBe(404);
    expect(
      (await h.api('POST', '/api/chat/send/message', { followerId, message: 'peek' }, outside)).status,
    ).toBe(404);
    const insideList = await h.api('GET', '/api/chat/followers', { chat_type: 'all' }, inside);
    expect(insideList.body.chat.data.map((f: { _id: string }) => f._id)).toContain(followerId);
    const master = await h.api('GET', '/api/masterdata/chat', undefined, outside);
    expect(master.body.queue_permission).not.toContain(secretQueue);
  });

  it('JOIN_CHAT joins only chats the agent may see; LEAVE_CHAT leaves', async () => {
    const open = await h.customerSays('join me', { visitor: 'rt-join' });
    const secret = await h.customerSays('hidden', { visitor: 'rt-join-secret' });
    await h.api('POST', '/api/chat/assign/agent', {
      followerId: secret!.follower._id,
      queueId: secretQueue,
    });
    const other = await otherAccount(h);
    expect(await outsideSock.emitAck(AGENT_CLIENT_EVENTS.JOIN_CHAT, open!.follower._id)).toEqual({
      ok: true,
    });
    expect(await outsideSock.emitAck(AGENT_CLIENT_EVENTS.JOIN_CHAT, secret!.follower._id)).toEqual({
      ok: false,
      message: 'Not found',
    });
    expect(await outsideSock.emitAck(AGENT_CLIENT_EVENTS.JOIN_CHAT, other.follower._id)).toMatchObject({
      ok: false,
    });
    expect(await insideSock.emitAck(AGENT_CLIENT_EVENTS.JOIN_CHAT, secret!.follower._id)).toEqual({
      ok: true,
    });

    // A refused JOIN_CHAT gives nothing: notes on the secret chat do not reach the outsider.
    const before = heardAbout(outsideSock, secret!.follower._id).length;
    await h.api('POST', '/api/note/create', { followerId: secret!.follower._id, text: 'VIP note' });
    await insideSock.next(AGENT_EVENTS.NOTES, (p) => p.follower_id === secret!.follower._id);
    await settle();
    expect(heardAbout(outsideSock, secret!.follower._id)).toHaveLength(before);

    // Moving an open chat into the secret queue takes the outsider out of its room.
    await h.api('POST', '/api/chat/assign/agent', { followerId: open!.follower._id, queueId: secretQueue });
    await outsideSock.next(
      AGENT_EVENTS.FOLLOWER_PROFILE_UPDATE,
      (p) => p.follower._id === open!.follower._id,
    );
    const afterMove = heardAbout(outsideSock, open!.follower._id).length;
    await h.customerSays('after the move', { visitor: 'rt-join' });
    await insideSock.next(AGENT_EVENTS.GET_CHAT, (p) => p.message.messages_sent[0].text === 'after the move');
    await settle();
    expect(heardAbout(outsideSock, open!.follower._id)).toHaveLength(afterMove);

    expect(await insideSock.emitAck(AGENT_CLIENT_EVENTS.LEAVE_CHAT, secret!.follower._id)).toEqual({
      ok: true,
    });
  });

  it('a redelivered inbound event is stored once; a client retry (same temp id) is announced again', async () => {
    const first = await h.customerSays('only once', { visitor: 'rt-dup', eventId: 'evt-1' });
    const again = await h.customerSays('only once', { visitor: 'rt-dup', eventId: 'evt-1' });
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    const byTemp1 = await h.customerSays('temp', { visitor: 'rt-dup', tempId: 'w-1' });
    const byTemp2 = await h.customerSays('temp', { visitor: 'rt-dup', tempId: 'w-1' });
    expect(byTemp2!.created).toBe(false);
    expect(byTemp2!.message._id).toBe(byTemp1!.message._id);
    const [{ n }] = await h.server.app.ctx.db
      .select({ n: count() })
      .from(messages)
      .where(eq(messages.followerId, first!.follower._id));
    expect(Number(n)).toBe(2);
    await owner.next(AGENT_EVENTS.GET_CHAT, (p) => p.message._id === byTemp1!.message._id);
    await settle(100);
    const heard = owner.heard.filter(
      (e) => e.event === AGENT_EVENTS.GET_CHAT && e.payload.follower._id === first!.follower._id,
    );
    // The platform's redelivery is not announced again; the client's retry is (its first answer
    // may have been lost with a process that died before telling the agents), with the same id.
    expect(heard.map((e) => e.payload.message._id)).toEqual([
      first!.message._id,
      byTemp1!.message._id,
      byTemp1!.message._id,
    ]);
  });

  it("a delivery status names the sending agent, as the send did (the console's copy is replaced by it)", async () => {
    const r = await h.customerSays('who answers?', { visitor: 'rt-status', name: 'Status Customer' });
    const followerId = r!.follower._id;
    const sent = await h.api('POST', '/api/chat/send/message', {
      followerId,
      message: 'I do',
      tempId: 'rt-status-1',
    });
    expect(sent.status).toBe(200);
    const name = (h.owner.user as { display_name?: string }).display_name;
    expect(name).toBeTruthy();
    const fresh = await owner.next(AGENT_EVENTS.MESSAGE_STATUS, (p) => p.message.temp_id === 'rt-status-1');
    expect(fresh.message.user_info?.display_name).toBe(name);
    // A delivery the sweeper (or a resend) picks up again reads the message back: still named.
    const ctx = h.server.app.ctx;
    await ctx.db
      .update(messages)
      .set({ delivery: 'pending', deliveryClaimedUntil: null })
      .where(eq(messages.id, sent.body.message._id));
    const before = owner.heard.length;
    await deliverMessage(ctx, sent.body.message._id);
    await expect
      .poll(
        () =>
          owner.heard
            .slice(before)
            .find(
              (e) => e.event === AGENT_EVENTS.MESSAGE_STATUS && e.payload.message.temp_id === 'rt-status-1',
            )?.payload.message.user_info?.display_name,
      )
      .toBe(name);
  });

  it('AGENT_PRESENCE on connect, chat status change and disconnect', async () => {
    const late = await h.addAgent(4, 'Late Agent');
    const sock = await h.agentSocket(late);
    await owner.next(AGENT_EVENTS.AGENT_PRESENCE, (p) => p.user_id === late.user._id && p.online);
    const away = await h.api('POST', '/api/chat/chatstatus', { chat_status: 'away' }, late);
    expect(away.body).toEqual({ chat_status: 'away' });
    await owner.next(
      AGENT_EVENTS.AGENT_PRESENCE,
      (p) => p.user_id === late.user._id && p.chat_status === 'away',
    );
    const master = await h.api('GET', '/api/masterdata/chat');
    expect(master.body.agents.find((a: { value: string }) => a.value === late.user._id)).toMatchObject({
      chat_status: 'away',
      online: true,
    });
    expect((await h.api('POST', '/api/chat/chatstatus', { chat_status: 'busy' }, late)).body.field).toBe(
      'chat_status',
    );
    expect((await h.api('POST', '/api/chat/allchatstatus', { chat_status: 'available' }, late)).status).toBe(
      200,
    );
    sock.socket.close();
    await owner.next(AGENT_EVENTS.AGENT_PRESENCE, (p) => p.user_id === late.user._id && !p.online);
  });

  it('a console whose connection drops gets the events it missed (state recovery)', async () => {
    const sock = await h.agentSocket(inside);
    const r = await h.customerSays('before drop', { visitor: 'rt-recover' });
    await sock.next(AGENT_EVENTS.GET_CHAT, (p) => p.follower._id === r!.follower._id);
    const reconnected = new Promise<void>((resolve) => sock.socket.io.once('reconnect', () => resolve()));
    sock.socket.io.engine.close();
    await h.customerSays('while away', { visitor: 'rt-recover' });
    await reconnected;
    const missed = await sock.next(
      AGENT_EVENTS.GET_CHAT,
      (p) => p.message.messages_sent[0].text === 'while away',
      5000,
    );
    expect(missed.follower._id).toBe(r!.follower._id);
    expect(sock.socket.recovered).toBe(true);
  });

  describe('connections end with their sign-in', () => {
    const disconnected = (sock: RecordingSocket) =>
      new Promise<string>((resolve) => sock.socket.once('disconnect', (reason) => resolve(reason)));

    it('logout cuts the consoles of that sign-in, not the same user elsewhere', async () => {
      const agent = await h.addAgent(4, 'Leaving Agent');
      const other = await login(h.server.url, agent.user.email, AGENT_PASSWORD);
      const here = await h.agentSocket(agent);
      const there = await h.agentSocket(other);
      const cut = disconnected(here);
      const res = await h.api('POST', '/api/auth/logout', {}, agent);
      expect(res.status).toBe(200);
      expect(await cut).toBe('io server disconnect');
      // No events reach it any more; the other sign-in still hears them.
      const r = await h.customerSays('after logout', { visitor: 'rt-logout' });
      await there.next(AGENT_EVENTS.GET_CHAT, (p) => p.follower._id === r!.follower._id);
      expect(here.socket.connected).toBe(false);
      expect(heardAbout(here, r!.follower._id)).toEqual([]);
    });

    it('a connection is cut when its token expires', async () => {
      const agent = await h.addAgent(4, 'Expiring Agent');
      const [session] = await h.server.app.ctx.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + 1500) })
        .where(eq(sessions.userId, agent.user._id))
        .returning();
      expect(session).toBeDefined();
      const sock = await h.agentSocket(agent);
      expect(await disconnected(sock)).toBe('io server disconnect');
      const me = await h.api('GET', '/api/auth/me', undefined, agent);
      expect(me.body).toMatchObject({ message: 'Token_Expired' });
    });

    it('deactivating a user cuts all their consoles', async () => {
      const agent = await h.addAgent(4, 'Deactivated Agent');
      const sock = await h.agentSocket(agent);
      const cut = disconnected(sock);
      const res = await h.api('POST', `/api/settings/users/${agent.user._id}/deactivate`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await cut).toBe('io server disconnect');
    });
  });
});
