// Settings over HTTP: tags (exact usage, enable/disable, delete), chat groups (visibility feeds
// the inbox, automatic assignment), general settings (validation, chat settings at once),
// invitations and the profile card (password policy, delete account).
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_NAMESPACE } from '../../../core/realtime/events';
import { forgetChatSettings, loadChatSettings } from '../../../server/chat/settings';
import { pickAgent } from '../../../server/settings/assignment';
import { login } from '../../helpers/server';
import { type Payload, type Session, startTeamHarness, type TeamHarness } from '../contacts/teamHarness';

let h: TeamHarness;
const sockets: Socket[] = [];

beforeAll(async () => {
  h = await startTeamHarness();
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await h?.close();
});

async function online(s: Session): Promise<Socket> {
  const socket = connect(`${h.server.url}${AGENT_NAMESPACE}`, {
    auth: { token: s.token, channel_id: s.accountId },
    transports: ['websocket'],
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

describe('tags', () => {
  it('counts usage exactly, renames, disables and deletes (the tag leaves every contact)', async () => {
    const tag = (await h.api('POST', '/api/settings/tags', { name: 'Gold' })).body.tag;
    expect((await h.api('POST', '/api/settings/tags', { name: 'gold' })).status).toBe(409);
    for (const v of ['t1', 't2', 't3']) {
      const id = await h.customer('hi', v, v);
      await h.api('POST', '/api/tag/add', { followerId: id, tagId: tag._id });
    }
    let list = (await h.api('GET', '/api/settings/tags')).body.list;
    expect(list.find((t: Payload) => t._id === tag._id)).toMatchObject({
      name: 'Gold',
      number_of_usage: 3,
      status: 'active',
    });
    const renamed = await h.api('PUT', `/api/settings/tags/${tag._id}`, {
      name: 'Platinum',
      status: 'inactive',
    });
    expect(renamed.body.tag).toMatchObject({ name: 'Platinum', status: 'inactive', number_of_usage: 3 });
    expect((await h.api('PUT', `/api/settings/tags/${tag._id}`, { name: '' })).status).toBe(400);
    expect((await h.api('DELETE', `/api/settings/tags/${tag._id}`)).status).toBe(200);
    list = (await h.api('GET', '/api/settings/tags')).body.list;
    expect(list.find((t: Payload) => t._id === tag._id)).toBeUndefined();
    expect((await h.api('GET', '/api/contact/list', { tag_id: tag._id })).body.list).toEqual([]);
  });
});

describe('chat groups', () => {
  it("a 'selected' group's chats reach its members and roles that see all groups, at once", async () => {
    const member = await h.addMember(4, 'In group');
    const outsider = await h.addMember(4, 'Outside');
    const supervisor = await h.addMember(3, 'Sees all');
    // An owner makes supervisors see every queue (area all_queues; not a default).
    const supRole = await h.roleId(3);
    expect(
      (await h.api('PUT', `/api/settings/roles/${supRole}`, { permissions: { all_queues: 'read' } })).status,
    ).toBe(200);
    const queue = (
      await h.api('POST', '/api/settings/queues', {
        name: 'VIP',
        visibility: 'selected',
        members: [member.userId],
      })
    ).body.queue;
    expect(queue.members.map((m: Payload) => m._id)).toEqual([member.userId]);
    const id = await h.customer('need help', 'vip-1', 'Vic');
    await h.api('POST', '/api/chat/assign/agent', { followerId: id, queueId: queue._id });
    const sees = async (s: Session) =>
      (await h.api('GET', '/api/chat/followers', { chat_type: 'all' }, s)).body.chat.data.some(
        (f: Payload) => f._id === id,
      );
    expect(await sees(member)).toBe(true);
    expect(await sees(outsider)).toBe(false);
    expect(await sees(supervisor)).toBe(true);
    expect(
      (await h.api('GET', '/api/masterdata/chat', undefined, outsider)).body.queue_permission,
    ).not.toContain(queue._id);
    // Adding the outsider lets them in; a connected console is told to reload its list.
    const socket = await online(outsider);
    const told = new Promise((resolve) => socket.once('FETCH_FOLLOWERS', resolve));
    await h.api('PUT', `/api/settings/queues/${queue._id}`, { members: [member.userId, outsider.userId] });
    await told;
    expect(await sees(outsider)).toBe(true);
    // Taking 'all queues' away from the supervisor role hides it from them.
    await h.api('PUT', `/api/settings/roles/${supRole}`, { permissions: { all_queues: 'none' } });
    expect(await sees(supervisor)).toBe(false);
    // Deleting the group moves its chats to the default group.
    expect((await h.api('DELETE', `/api/settings/queues/${queue._id}`)).status).toBe(200);
    expect(await sees(outsider)).toBe(true);
  });

  it('round robin gives new chats to online available members in turn; least busy to the least loaded', async () => {
    expect(
      pickAgent('round_robin', [
        { userId: 'a', openChats: 0, lastAssignedAt: new Date(2000) },
        { userId: 'b', openChats: 5, lastAssignedAt: null },
      ]),
    ).toBe('b');
    expect(
      pickAgent('least_busy', [
        { userId: 'a', openChats: 1, lastAssignedAt: null },
        { userId: 'b', openChats: 0, lastAssignedAt: new Date() },
      ]),
    ).toBe('b');
    const one = await h.addMember(4, 'RR one');
    const two = await h.addMember(4, 'RR two');
    const away = await h.addMember(4, 'RR away');
    await h.api('POST', '/api/chat/chatstatus', { chat_status: 'away' }, away);
    for (const s of [one, two, away]) await online(s);
    const queues = (await h.api('GET', '/api/settings/queues')).body.list;
    const general = queues.find((q: Payload) => q.is_default);
    await h.api('PUT', `/api/settings/queues/${general._id}`, {
      assign_type: 'round_robin',
      members: [one.userId, two.userId, away.userId],
    });
    const assignees: string[] = [];
    for (const v of ['rr-1', 'rr-2', 'rr-3', 'rr-4']) {
      const id = await h.customer('hello', v, v);
      const chat = (await h.api('GET', `/api/contact/follower/${id}`)).body.follower;
      assignees.push(chat.last_livechat.user_id);
      expect(chat.last_livechat.is_accepted).toBe(false);
    }
    expect(new Set(assignees)).toEqual(new Set([one.userId, two.userId]));
    expect(assignees[0]).not.toBe(assignees[1]);
    expect(assignees[2]).toBe(assignees[0]);
    await h.api('PUT', `/api/settings/queues/${general._id}`, { assign_type: 'manual', members: [] });
    const manual = await h.customer('hello', 'rr-5', 'rr-5');
    expect(
      (await h.api('GET', `/api/contact/follower/${manual}`)).body.follower.last_livechat.user_id,
    ).toBeNull();
  });

  it('chats per agent outside 1–100 is refused saying the bounds, and nothing changes', async () => {
    const general = (await h.api('GET', '/api/settings/queues')).body.list.find((q: Payload) => q.is_default);
    expect((await h.api('PUT', `/api/settings/queues/${general._id}`, { chats_per_agent: 5 })).status).toBe(
      200,
    );
    for (const bad of [0, 101, 999]) {
      const res = await h.api('PUT', `/api/settings/queues/${general._id}`, { chats_per_agent: bad });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        field: 'chats_per_agent',
        message: 'Enter a whole number from 1 to 100.',
      });
    }
    const after = (await h.api('GET', '/api/settings/queues')).body.list.find((q: Payload) => q.is_default);
    expect(after.chats_per_agent).toBe(5);
  });
});

describe('general settings', () => {
  it('saves, validates with the spec texts, and the chat sees them at once', async () => {
    const bad = await h.api('PUT', '/api/settings/general', {
      account_name: '',
      business_hours: {
        timezone: 'Mars/Base',
        // Hours may run past midnight (18:00–09:00), but never close at the minute they open.
        days: [{ day: 1, open: '09:00', close: '09:00' }],
        holidays: [],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: Payload) => e.field)).toEqual(
      expect.arrayContaining(['account_name', 'business_hours.timezone', 'business_hours.days.0.close']),
    );
    expect(bad.body.errors.find((e: Payload) => e.field === 'account_name').message).toBe(
      'This field is required.',
    );
    const ok = await h.api('PUT', '/api/settings/general', {
      account_name: 'ร้านของเรา',
      bot_info: { name: 'Helper', image: '/media/x/bot.png' },
      greeting_message: 'สวัสดีค่ะ',
      switch_mode_time: { start: 3, extend: 5 },
      business_hours: {
        timezone: 'Asia/Bangkok',
        days: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '23:59' })),
        holidays: [{ date: '2030-01-01', name: 'New year' }],
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.settings).toMatchObject({ account_name: 'ร้านของเรา', greeting_message: 'สวัสดีค่ะ' });
    const master = (await h.api('GET', '/api/masterdata/chat')).body.setting;
    expect(master).toMatchObject({ bot_info: { name: 'Helper' }, switch_mode_time: { start: 3, extend: 5 } });
    const me = (await h.api('GET', '/api/auth/me')).body.user;
    expect(me.accounts[0].name).toBe('ร้านของเรา');
    await h.api('PUT', '/api/settings/general', { business_hours: null });
  });

  it('sets when an unaccepted chat is missed and an idle one expires (defaults 10 minutes and 24 hours)', async () => {
    const before = (await h.api('GET', '/api/settings/general')).body.settings;
    expect(before.chat_times).toEqual({ missed_after_minutes: 10, expire_after_hours: 24 });
    const bad = await h.api('PUT', '/api/settings/general', {
      chat_times: { missed_after_minutes: 0, expire_after_hours: '2' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'chat_times.missed_after_minutes', message: 'Enter whole minutes from 1 to 1440.' },
    ]);
    const ok = await h.api('PUT', '/api/settings/general', {
      chat_times: { missed_after_minutes: 5, expire_after_hours: 2 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.settings.chat_times).toEqual({ missed_after_minutes: 5, expire_after_hours: 2 });
    // The chat's sweeps read them in seconds.
    forgetChatSettings(h.owner.accountId);
    const chat = await loadChatSettings(h.server.app.ctx.db, h.owner.accountId);
    expect(chat).toMatchObject({ missed_after_seconds: 300, expire_after_seconds: 7200 });
    await h.api('PUT', '/api/settings/general', {
      chat_times: { missed_after_minutes: 10, expire_after_hours: 24 },
    });
  });
});

describe('invitations and the profile card', () => {
  it('lists the team by name as people read it, whatever the letter case', async () => {
    for (const name of ['zed lower', 'Alpha Upper', 'beta lower', 'Gamma Upper']) await h.addMember(4, name);
    const names: string[] = (await h.api('GET', '/api/settings/users')).body.list.map(
      (m: Payload) => m.display_name,
    );
    const ours = names.filter((n) => / (lower|Upper)$/.test(n));
    expect(ours).toEqual(['Alpha Upper', 'beta lower', 'Gamma Upper', 'zed lower']);
  });

  it('invites, opens once, enforces the password policy, and the link works only once', async () => {
    const invite = await h.api('POST', '/api/settings/users/invite', {
      email: 'new.agent@example.com',
      role_id: await h.roleId(4),
    });
    expect(invite.status).toBe(200);
    const token = invite.body.link.split('/invite/')[1];
    const info = await fetch(`${h.server.url}/api/auth/invitation?token=${token}`);
    expect(await info.json()).toMatchObject({ email: 'new.agent@example.com', role: 'Agent' });
    const accept = (password: string) =>
      fetch(`${h.server.url}/api/auth/invitation/accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, password, display_name: 'New Agent' }),
      });
    const weak = await accept('short');
    expect(weak.status).toBe(400);
    expect((await weak.json()).field).toBe('password');
    expect((await accept('Str0ng$Password')).status).toBe(200);
    expect((await accept('Str0ng$Password')).status).toBe(404);
    const session = await login(h.server.url, 'new.agent@example.com', 'Str0ng$Password');
    expect((session.user as { email_verified?: boolean }).email_verified).toBe(true);
    // A new link replaces the old one.
    const second = await h.api('POST', '/api/settings/users/invite', {
      email: 'late@example.com',
      role_id: await h.roleId(4),
    });
    const renewed = await h.api('POST', `/api/settings/invitations/${second.body.invitation._id}/link`);
    const oldToken = second.body.link.split('/invite/')[1];
    expect((await fetch(`${h.server.url}/api/auth/invitation?token=${oldToken}`)).status).toBe(404);
    expect(renewed.body.link).not.toBe(second.body.link);
  });

  it('changes the password with the policy and deletes the account with a password', async () => {
    const me = await h.addMember(2, 'Leaving admin');
    const wrong = await h.api(
      'POST',
      '/api/auth/password',
      { current_password: 'nope', new_password: 'N3w$Password' },
      me,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('current_password');
    const weak = await h.api(
      'POST',
      '/api/auth/password',
      { current_password: 'Memb3r$ecretPass', new_password: 'weakpassword' },
      me,
    );
    expect(weak.body.field).toBe('new_password');
    expect(
      (
        await h.api(
          'POST',
          '/api/auth/password',
          { current_password: 'Memb3r$ecretPass', new_password: 'N3w$Password' },
          me,
        )
      ).status,
    ).toBe(200);
    await login(h.server.url, me.user.email, 'N3w$Password');
    // The only owner cannot delete themselves.
    expect((await h.api('POST', '/api/auth/delete-account', { password: 'Sup3r$ecretPass' })).status).toBe(
      409,
    );
    expect((await h.api('POST', '/api/auth/delete-account', { password: 'wrong' }, me)).status).toBe(400);
    expect((await h.api('POST', '/api/auth/delete-account', { password: 'N3w$Password' }, me)).status).toBe(
      200,
    );
    expect((await h.api('GET', '/api/auth/me', undefined, me)).status).toBe(401);
  });
});
