// Monitoring (issue 17; docs/api.md "Monitoring"): the live figures of agents, queues and chats in
// progress; today's figures equal the reports' (agent performance, chat volume) for today; only
// roles with the monitoring area see it, and nobody sees queues they may not see; queue
// management moves agents between queues (settings write) and reuses the chat lifecycle.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, roles } from '../../../server/accounts/schema';
import { followers, livechats } from '../../../server/chat/schema';
import { type Harness, type Payload, type Session, settle, startChatHarness } from '../chat/chatHarness';

describe('monitoring', () => {
  let h: Harness;
  let supervisor: Session;
  let agent: Session;
  let vipAgent: Session;
  let general: string;
  let vip: string;
  const chats: Record<string, { followerId: string; livechatId: string }> = {};

  const overview = async (as?: Session) => h.api('GET', '/api/monitoring/overview', undefined, as);

  beforeAll(async () => {
    h = await startChatHarness();
    supervisor = await h.addAgent(3, 'Sue Supervisor');
    agent = await h.addAgent(4, 'Art Agent');
    vipAgent = await h.addAgent(4, 'Vee VIP');
    vip = await h.createQueue('VIP', 'selected', [vipAgent.user._id]);
    for (const [key, name] of [
      ['a', 'Anong'],
      ['b', 'Boon'],
      ['c', 'Chai'],
      ['v', 'Wichai'],
    ] as const) {
      const r = await h.customerSays(`hello from ${name}`, { visitor: `mon-${key}`, name });
      chats[key] = { followerId: r!.follower._id, livechatId: r!.follower.last_livechat!.livechat_id };
    }
    general = (await overview()).body.queues.find((q: Payload) => q.is_default)._id;
    // Boon is answered by the agent; Chai is the owner's, not answered yet; Wichai waits in VIP.
    await h.api('POST', '/api/chat/take', { followerId: chats.b.followerId }, agent);
    await h.api(
      'POST',
      '/api/chat/send/message',
      { followerId: chats.b.followerId, message: 'On it!', tempId: 'mon-1' },
      agent,
    );
    await h.api('POST', '/api/chat/take', { followerId: chats.c.followerId });
    await h.api('POST', '/api/chat/assign/agent', { followerId: chats.v.followerId, queueId: vip });
    // Anong's chat went unanswered for too long (as the lifecycle sweep marks it).
    const db = h.server.app.ctx.db;
    await db.update(livechats).set({ isMissed: true }).where(eq(livechats.id, chats.a.livechatId));
    await db.update(followers).set({ lcIsMissed: true }).where(eq(followers.id, chats.a.followerId));
  });
  afterAll(() => h?.close());

  it('shows agents, queues and chats in progress with live timers', async () => {
    await h.agentSocket(agent);
    await settle(200);
    const res = await overview();
    expect(res.status).toBe(200);
    const body = res.body;
    const byName = (name: string) => body.agents.find((a: Payload) => a.display_name === name);
    expect(byName('Art Agent')).toMatchObject({
      status: 'available',
      online: true,
      chats_in_progress: 1,
      chats_taken_today: 1,
      longest_wait: 0,
    });
    expect(byName('Owner')).toMatchObject({ status: 'offline', chats_in_progress: 1, chats_taken_today: 1 });
    // The owner has not answered Chai: Chai waits since the message, and that is the owner's longest wait.
    const chai = body.chats.find((c: Payload) => c.follower.line_name === 'Chai');
    expect(typeof chai.waiting_seconds).toBe('number');
    expect(byName('Owner').longest_wait).toBe(chai.waiting_seconds);
    expect(byName('Vee VIP').queue_ids).toEqual([vip]);

    const vipRow = body.queues.find((q: Payload) => q._id === vip);
    expect(vipRow).toMatchObject({
      name: 'VIP',
      visibility: 'selected',
      waiting: 1,
      in_progress: 0,
      member_ids: [vipAgent.user._id],
    });
    const generalRow = body.queues.find((q: Payload) => q._id === general);
    expect(generalRow).toMatchObject({ waiting: 0, in_progress: 2, missed_today: 1, incoming_today: 3 });
    // Everyone serves the default queue; only the agent is connected and available.
    expect(generalRow.agents_on_duty).toBe(1);
    expect(body.totals).toMatchObject({ waiting: 1, in_progress: 2, missed_today: 1, agents_online: 1 });

    expect(body.chats.map((c: Payload) => c.follower.line_name).sort()).toEqual(['Boon', 'Chai', 'Wichai']);
    const boon = body.chats.find((c: Payload) => c.follower.line_name === 'Boon');
    expect(boon).toMatchObject({
      is_accepted: true,
      assignee: { display_name: 'Art Agent' },
      waiting_seconds: null,
    });
    expect(boon.duration_seconds).toBeGreaterThanOrEqual(0);
    const wichai = body.chats.find((c: Payload) => c.follower.line_name === 'Wichai');
    expect(wichai).toMatchObject({ is_accepted: false, assignee: null, queue_id: vip });
    expect(wichai.waiting_seconds).toBeGreaterThanOrEqual(0);
    expect(body.permissions).toEqual({ edit_queues: true, manage_chats: true, close_any: true });
  });

  it("today's figures are the reports' figures for today", async () => {
    const [mon, perf, volume] = await Promise.all([
      overview(),
      h.api('GET', '/api/report/agent-performance', { preset: 'today' }),
      h.api('GET', '/api/report/chat-volume', { preset: 'today' }),
    ]);
    for (const row of perf.body.rows) {
      const a = mon.body.agents.find((x: Payload) => x._id === row.user_id);
      expect([a.chats_taken_today, a.avg_first_response_today], row.name).toEqual([
        row.count_total,
        row.avg_first_resp_time,
      ]);
    }
    expect(mon.body.totals.missed_today).toBe(volume.body.total.count_missed);
    expect(mon.body.totals.expired_today).toBe(volume.body.total.count_expired);
  });

  it('only roles with the monitoring area see it; nobody sees a queue they may not see', async () => {
    expect((await overview(agent)).status).toBe(403);
    // A supervisor who is not in VIP: no VIP queue, no VIP chat, and no VIP chat in any figure.
    const sup = (await overview(supervisor)).body;
    expect(sup.queues.map((q: Payload) => q._id)).toEqual([general]);
    expect(sup.chats.map((c: Payload) => c.follower.line_name).sort()).toEqual(['Boon', 'Chai']);
    expect(sup.totals.waiting).toBe(0);
    expect(sup.agents.find((a: Payload) => a.display_name === 'Vee VIP').queue_ids).toEqual([]);
    expect(sup.permissions).toEqual({ edit_queues: false, manage_chats: true, close_any: false });

    // The owner lets agents watch: an agent outside VIP still sees none of it.
    const [account] = await h.server.app.ctx.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, h.owner.accountId));
    const [agentRole] = await h.server.app.ctx.db
      .select()
      .from(roles)
      .where(and(eq(roles.workspaceId, account.workspaceId), eq(roles.level, 4)));
    const granted = await h.api('PUT', `/api/settings/roles/${agentRole.id}`, {
      permissions: { monitoring: 'read' },
    });
    expect(granted.status).toBe(200);
    const seen = await overview(agent);
    expect(seen.status).toBe(200);
    expect(seen.body.queues.map((q: Payload) => q._id)).toEqual([general]);
    expect(seen.body.chats.some((c: Payload) => c.queue_id === vip)).toBe(false);
    const vipSeen = await overview(vipAgent);
    expect(vipSeen.body.queues.map((q: Payload) => q._id).sort()).toEqual([general, vip].sort());
    expect(vipSeen.body.chats.some((c: Payload) => c.queue_id === vip)).toBe(true);
  });

  it('queue management: move an agent between queues; reassign, take over and close through the lifecycle', async () => {
    const bySupervisor = await h.api(
      'POST',
      '/api/monitoring/move-agent',
      { user_id: agent.user._id, to_queue_id: vip },
      supervisor,
    );
    expect(bySupervisor.status).toBe(403);
    const bad = await h.api('POST', '/api/monitoring/move-agent', { user_id: agent.user._id });
    expect([bad.status, bad.body.field]).toEqual([400, 'to_queue_id']);
    const unknown = await h.api('POST', '/api/monitoring/move-agent', {
      user_id: agent.user._id,
      to_queue_id: 'nope',
    });
    expect([unknown.status, unknown.body.field]).toEqual([400, 'to_queue_id']);

    const moved = await h.api('POST', '/api/monitoring/move-agent', {
      user_id: vipAgent.user._id,
      from_queue_id: vip,
      to_queue_id: general,
    });
    expect(moved.body).toEqual({ user_id: vipAgent.user._id, queue_ids: [general] });
    const afterMove = await overview();
    expect(afterMove.body.queues.find((q: Payload) => q._id === vip).member_ids).toEqual([]);
    expect(afterMove.body.queues.find((q: Payload) => q._id === general).member_ids).toEqual([
      vipAgent.user._id,
    ]);

    // Reassign Boon from the agent to the supervisor; the supervisor takes over Chai from the owner.
    const reassigned = await h.api('POST', '/api/chat/assign/agent', {
      followerId: chats.b.followerId,
      userId: supervisor.user._id,
    });
    expect(reassigned.body.follower.last_livechat.user_id).toBe(supervisor.user._id);
    const takeover = await h.api(
      'POST',
      '/api/chat/assign/agent',
      { followerId: chats.c.followerId, userId: supervisor.user._id },
      supervisor,
    );
    expect(takeover.body.follower.last_livechat).toMatchObject({
      user_id: supervisor.user._id,
      is_accepted: true,
    });
    // A supervisor may not close another agent's chat (the lifecycle's rule); the owner may.
    const notMine = await h.api('POST', '/api/chat/close', { liveChatId: chats.b.livechatId }, agent);
    expect(notMine.status).toBe(403);
    const closed = await h.api('POST', '/api/chat/close', { liveChatId: chats.b.livechatId });
    expect(closed.body.follower.last_livechat.is_done).toBe(true);
    const sup = (await overview(supervisor)).body;
    expect(sup.agents.find((a: Payload) => a._id === supervisor.user._id).chats_in_progress).toBe(1);
    expect(sup.chats.map((c: Payload) => c.follower.line_name)).toEqual(['Chai']);
  });
});
