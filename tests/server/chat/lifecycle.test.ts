// The live chat lifecycle (spec 4, 7, 8): take, accept, close, assign, switch mode, business
// hours, and the timed sweeps (missed, expired) run directly with a moved clock. Runs on PGlite
// and, where it is reachable, on PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canCloseChat } from '../../../core/chat/closePermission';
import { AGENT_EVENTS } from '../../../core/realtime/events';
import { SERVER_MESSAGES } from '../../../core/text/serverMessages';
import { accountSettings, followers, livechats } from '../../../server/chat/schema';
import { forgetChatSettings } from '../../../server/chat/settings';
import { sweepLifecycle } from '../../../server/chat/sweeps';
import { type Harness, type Session, startChatHarness, testDatabases } from './chatHarness';

const minutes = (n: number) => new Date(Date.now() + n * 60_000);

describe.each(await testDatabases())('chat lifecycle on %s', (_name, postgres) => {
  let h: Harness;
  let agent: Session;
  let other: Session;
  let visitor = 0;

  /** A new customer chat; answers its follower id and live chat id. */
  const newChat = async () => {
    const r = await h.customerSays('I need help', {
      visitor: `life-${++visitor}`,
      name: `Customer ${visitor}`,
    });
    return { followerId: r!.follower._id, liveChatId: r!.follower.last_livechat!.livechat_id };
  };
  const stateOf = async (followerId: string) => {
    const db = h.server.app.ctx.db;
    const [f] = await db.select().from(followers).where(eq(followers.id, followerId));
    const [l] = await db.select().from(livechats).where(eq(livechats.id, f.livechatId!));
    return { f, l };
  };
  /** The follower's lc_* copy always equals its live chat. */
  const expectConsistent = async (followerId: string) => {
    const { f, l } = await stateOf(followerId);
    expect({
      user: f.lcUserId,
      queue: f.lcQueueId,
      accepted: f.lcIsAccepted,
      missed: f.lcIsMissed,
      expired: f.lcIsExpired,
      done: f.lcIsDone,
      business: f.lcIsBusiness,
    }).toEqual({
      user: l.userId,
      queue: l.queueId,
      accepted: l.isAccepted,
      missed: l.isMissed,
      expired: l.isExpired,
      done: l.isDone,
      business: l.isBusiness,
    });
    return { f, l };
  };

  beforeAll(async () => {
    h = await startChatHarness({ postgres });
    agent = await h.addAgent(4, 'Agent A');
    other = await h.addAgent(4, 'Agent B');
  });
  afterAll(() => h?.close());

  it('take assigns and accepts, starts the countdown, and tells the list', async () => {
    const sock = await h.agentSocket(other);
    const { followerId, liveChatId } = await newChat();
    const res = await h.api(
      'POST',
      '/api/chat/take',
      { followerId, userId: agent.user._id, liveChatId },
      agent,
    );
    expect(res.status).toBe(200);
    expect(res.body.count_down_second).toBeGreaterThan(55);
    expect(res.body.count_down_second).toBeLessThanOrEqual(60);
    expect(res.body.follower.last_livechat).toMatchObject({
      livechat_id: liveChatId,
      user_id: agent.user._id,
      is_accepted: true,
    });
    expect(res.body.follower.user_info).toEqual({ _id: agent.user._id, display_name: 'Agent A' });
    const heard = await sock.next(AGENT_EVENTS.FOLLOWER_PROFILE_UPDATE, (p) => p.follower._id === followerId);
    expect(heard.follower.last_livechat.user_id).toBe(agent.user._id);
    await expectConsistent(followerId);
    // Someone else cannot take an accepted chat; the taker taking again is fine.
    const clash = await h.api('POST', '/api/chat/take', { followerId }, other);
    expect(clash.status).toBe(409);
    expect((await h.api('POST', '/api/chat/take', { followerId }, agent)).status).toBe(200);
  });

  it('take needs followerId', async () => {
    const res = await h.api('POST', '/api/chat/take', {});
    expect(res.body).toEqual({ message: 'This field is required.', code: 'invalid', field: 'followerId' });
  });

  it('assign to an agent, who accepts; assign to a queue unassigns', async () => {
    const { followerId, liveChatId } = await newChat();
    const assigned = await h.api('POST', '/api/chat/assign/agent', {
      followerId,
      liveChatId,
      userId: agent.user._id,
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.follower.last_livechat).toMatchObject({
      user_id: agent.user._id,
      is_accepted: false,
    });
    expect((await h.api('POST', '/api/chat/accept', { liveChatId }, other)).status).toBe(403);
    const accepted = await h.api('POST', '/api/chat/accept', { liveChatId, userId: agent.user._id }, agent);
    expect(accepted.status).toBe(200);
    expect(accepted.body.follower.last_livechat.is_accepted).toBe(true);
    await expectConsistent(followerId);

    const queueId = await h.createQueue('VIP', 'everyone');
    const moved = await h.api('POST', '/api/chat/assign/agent', { followerId, queueId });
    expect(moved.body.follower.last_livechat).toMatchObject({
      queue_id: queueId,
      user_id: null,
      is_accepted: false,
    });
    expect(moved.body.follower.last_livechat.queue_info).toEqual({
      _id: queueId,
      name: 'VIP',
      setting: { visibility: 'everyone' },
    });
    await expectConsistent(followerId);

    const both = await h.api('POST', '/api/chat/assign/agent', {
      followerId,
      userId: agent.user._id,
      queueId,
    });
    expect(both.status).toBe(400);
    const neither = await h.api('POST', '/api/chat/assign/agent', { followerId });
    expect(neither.body.field).toBe('userId');
    const stranger = await h.api('POST', '/api/chat/assign/agent', { followerId, userId: 'nobody' });
    expect(stranger.body.field).toBe('userId');
  });

  it('close marks done (CLOSE_CHAT); take on a done chat starts a new live chat (START_CHAT)', async () => {
    const sock = await h.agentSocket(h.owner);
    const { followerId, liveChatId } = await newChat();
    await h.api('POST', '/api/chat/take', { followerId }, agent);
    expect((await h.api('POST', '/api/chat/close', { liveChatId }, other)).status).toBe(403);
    const closed = await h.api('POST', '/api/chat/close', { liveChatId, userId: agent.user._id }, agent);
    expect(closed.status).toBe(200);
    expect(closed.body.follower.last_livechat).toMatchObject({ livechat_id: liveChatId, is_done: true });
    await sock.next(AGENT_EVENTS.CLOSE_CHAT, (p) => p.follower._id === followerId);
    // Closing again changes nothing.
    expect(
      (await h.api('POST', '/api/chat/close', { liveChatId }, agent)).body.follower.last_livechat.is_done,
    ).toBe(true);
    expect((await h.api('POST', '/api/chat/accept', { liveChatId }, agent)).status).toBe(409);
    const { l: doneChat } = await stateOf(followerId);
    expect(doneChat.closedAt).not.toBeNull();

    const taken = await h.api('POST', '/api/chat/take', { followerId }, other);
    expect(taken.status).toBe(200);
    const next = taken.body.follower.last_livechat;
    expect(next.livechat_id).not.toBe(liveChatId);
    expect(next).toMatchObject({ user_id: other.user._id, is_accepted: true, is_done: false });
    await sock.next(AGENT_EVENTS.START_CHAT, (p) => p.follower._id === followerId);
    await expectConsistent(followerId);
    // A customer writing after close opens a fresh chat too (inbound rule).
    const again = await newChat();
    await h.api('POST', '/api/chat/close', { liveChatId: again.liveChatId });
    const r = await h.customerSays('back again', { visitor: `life-${visitor}` });
    expect(r!.newChat).toBe(true);
    expect(r!.follower.last_livechat!.livechat_id).not.toBe(again.liveChatId);
  });

  it('close follows the rule the console offers the button by (core/chat/closePermission.ts)', async () => {
    const supervisor = await h.addAgent(3, 'Supervisor C');
    const admin = await h.addAgent(2, 'Admin D');
    const closeAs = async (who: Session, level: number, chat: { followerId: string; liveChatId: string }) => {
      const { l } = await stateOf(chat.followerId);
      const offered = canCloseChat(
        {
          user_id: l.userId,
          is_accepted: l.isAccepted,
          is_missed: l.isMissed,
          is_expired: l.isExpired,
          is_done: l.isDone,
        },
        who.user._id,
        level,
      );
      const res = await h.api('POST', '/api/chat/close', { liveChatId: chat.liveChatId }, who);
      // The server allows exactly what the console offers.
      expect(res.status === 200).toBe(offered);
      return res;
    };
    // A chat nobody has: any agent who may answer chats may end it.
    const unassigned = await newChat();
    expect((await closeAs(agent, 4, unassigned)).body.follower.last_livechat.is_done).toBe(true);
    // Assigned to Agent A (not accepted yet): not another agent's, nor a level-3 supervisor's to close.
    const given = await newChat();
    await h.api('POST', '/api/chat/assign/agent', { followerId: given.followerId, userId: agent.user._id });
    const refused = await closeAs(other, 4, given);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SERVER_MESSAGES.closeNotAllowed);
    expect((await closeAs(supervisor, 3, given)).status).toBe(403);
    // An admin (level 2) may close anyone's chat.
    expect((await closeAs(admin, 2, given)).status).toBe(200);
  });

  it('switch mode: get, set, extend (adds 2 minutes), clear, with EXTEND_CHAT_TIME', async () => {
    const sock = await h.agentSocket(agent);
    const { followerId, liveChatId } = await newChat();
    // Unassigned and never counted: switch mode is on (0).
    expect((await h.api('GET', `/api/chat/switchmode/${liveChatId}`, undefined, agent)).body).toEqual({
      count_down_second: 0,
    });
    await h.api('POST', '/api/chat/take', { followerId }, agent);
    const got = await h.api('GET', `/api/chat/switchmode/${liveChatId}`, undefined, agent);
    expect(got.body.count_down_second).toBeGreaterThan(55);
    // Another agent's chat has no countdown for others, and they may not change it.
    expect(
      (await h.api('GET', `/api/chat/switchmode/${liveChatId}`, undefined, other)).body.count_down_second,
    ).toBe(0);
    expect((await h.api('POST', '/api/chat/switchmode/extend', { liveChatId }, other)).status).toBe(403);
    const extended = await h.api('POST', '/api/chat/switchmode/extend', { liveChatId }, agent);
    expect(extended.body.count_down_second).toBeGreaterThan(got.body.count_down_second + 115);
    expect(extended.body.count_down_second).toBeLessThanOrEqual(180);
    const event = await sock.next(AGENT_EVENTS.EXTEND_CHAT_TIME, (p) => p.livechat_id === liveChatId);
    expect(event).toEqual({
      follower_id: followerId,
      livechat_id: liveChatId,
      count_down_second: expect.any(Number),
    });
    const set = await h.api('POST', '/api/chat/switchmode/set', { liveChatId }, agent);
    expect(set.body.count_down_second).toBeLessThanOrEqual(60);
    const cleared = await h.api('POST', '/api/chat/switchmode/clear', { liveChatId }, agent);
    expect(cleared.body).toEqual({ count_down_second: 0 });
    expect((await h.api('POST', '/api/chat/switchmode/set', {}, agent)).body.field).toBe('liveChatId');
    expect((await h.api('GET', '/api/chat/switchmode/unknown', undefined, agent)).status).toBe(404);
  });

  it('outside business hours take and accept answer 400 with business_hour', async () => {
    const db = h.server.app.ctx.db;
    const closedAllWeek = {
      timezone: 'Asia/Bangkok',
      days: [{ day: 9, open: '09:00', close: '18:00' }],
    };
    const { followerId, liveChatId } = await newChat();
    await db
      .insert(accountSettings)
      .values({ accountId: h.owner.accountId, settings: { business_hours: closedAllWeek } })
      .onConflictDoUpdate({
        target: accountSettings.accountId,
        set: { settings: { business_hours: closedAllWeek } },
      });
    forgetChatSettings(h.owner.accountId);
    try {
      const take = await h.api('POST', '/api/chat/take', { followerId }, agent);
      expect(take.status).toBe(400);
      expect(take.body).toMatchObject({ code: 'business_hour', business_hour: closedAllWeek });
      expect((await h.api('POST', '/api/chat/accept', { liveChatId }, agent)).body.code).toBe(
        'business_hour',
      );
      const messages = await h.api('GET', '/api/chat/messages', { follower_id: followerId });
      expect(messages.body.message.is_business_time).toBe(false);
      // A chat that comes in now is marked is_business and is never missed while it waits.
      const late = await h.customerSays('are you open?', { visitor: 'after-hours' });
      expect(late!.follower.last_livechat!.is_business).toBe(true);
      const swept = await sweepLifecycle(h.server.app.ctx, minutes(30));
      expect(swept.missed).not.toContain(late!.follower._id);
    } finally {
      await db.delete(accountSettings).where(eq(accountSettings.accountId, h.owner.accountId));
      forgetChatSettings(h.owner.accountId);
    }
  });

  it('not accepted in time → missed (MISSED_CHAT); accepted chats are not missed', async () => {
    const sock = await h.agentSocket(other);
    const waiting = await newChat();
    const accepted = await newChat();
    await h.api('POST', '/api/chat/take', { followerId: accepted.followerId }, agent);
    const early = await sweepLifecycle(h.server.app.ctx, minutes(5));
    expect(early.missed).not.toContain(waiting.followerId);
    const late = await sweepLifecycle(h.server.app.ctx, minutes(11));
    expect(late.ran).toBe(true);
    expect(late.missed).toContain(waiting.followerId);
    expect(late.missed).not.toContain(accepted.followerId);
    const event = await sock.next(AGENT_EVENTS.MISSED_CHAT, (p) => p.follower._id === waiting.followerId);
    expect(event.follower.last_livechat.is_missed).toBe(true);
    const { l } = await expectConsistent(waiting.followerId);
    expect(l.isMissed).toBe(true);
    // Missed chats stay in the inbox and under 'missed'.
    const missedList = await h.api('GET', '/api/chat/followers', { chat_type: 'missed' });
    expect(missedList.body.chat.data.map((f: { _id: string }) => f._id)).toContain(waiting.followerId);
    // Taking a missed chat starts a new live chat for the taker.
    const taken = await h.api('POST', '/api/chat/take', { followerId: waiting.followerId }, agent);
    expect(taken.body.follower.last_livechat.livechat_id).not.toBe(waiting.liveChatId);
    expect(taken.body.follower.last_livechat.is_missed).toBe(false);
  });

  it('idle past expire_after_seconds → expired; a new sweep changes nothing more', async () => {
    const sock = await h.agentSocket(h.owner);
    const { followerId } = await newChat();
    await h.api('POST', '/api/chat/take', { followerId }, agent);
    const swept = await sweepLifecycle(h.server.app.ctx, minutes(24 * 60 + 1));
    expect(swept.expired).toContain(followerId);
    const heard = await sock.next(
      AGENT_EVENTS.FOLLOWER_PROFILE_UPDATE,
      (p) => p.follower._id === followerId && p.follower.last_livechat.is_expired,
    );
    expect(heard.follower.last_livechat.is_expired).toBe(true);
    await expectConsistent(followerId);
    const again = await sweepLifecycle(h.server.app.ctx, minutes(24 * 60 + 2));
    expect(again.expired).not.toContain(followerId);
  });

  it('sweeps in several processes at once: only one does the work', async () => {
    const { followerId } = await newChat();
    const results = await Promise.all([
      sweepLifecycle(h.server.app.ctx, minutes(11)),
      sweepLifecycle(h.server.app.ctx, minutes(11)),
      sweepLifecycle(h.server.app.ctx, minutes(11)),
    ]);
    const missedBy = results.filter((r) => r.missed.includes(followerId));
    expect(missedBy).toHaveLength(1);
  });
});
