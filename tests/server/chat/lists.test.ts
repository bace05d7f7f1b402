// The chat reads of docs/chat-api.md over real HTTP: master data, followers (filters, pinned,
// total_count), reconnect, messages pages of 20, media, assign lists, contact card; field-named
// 400s and 404 for another account's ids (spec 7, 9).

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TYPES } from '../../../core/chat/chatTypes';
import { newId } from '../../../server/accounts/ids';
import { channels } from '../../../server/accounts/schema';
import { receiveCustomerMessage } from '../../../server/chat/inbound';
import { livechats, messages } from '../../../server/chat/schema';
import { type Harness, otherAccount, type Session, startChatHarness, testDatabases } from './chatHarness';

describe.each(await testDatabases())('chat lists on %s', (_name, postgres) => {
  let h: Harness;
  let agent: Session;
  let followerId: string;

  beforeAll(async () => {
    h = await startChatHarness({ postgres });
    agent = await h.addAgent(4, 'Nok Agent');
    const first = await h.customerSays('hello', { visitor: 'v-list-1', name: 'Anong' });
    followerId = first!.follower._id;
    for (let i = 0; i < 24; i++) await h.customerSays(`message ${i}`, { visitor: 'v-list-1' });
    // Newest first is by the last message's time (to the millisecond): Boon's must be later.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await h.customerSays('second customer', { visitor: 'v-list-2', name: 'Boon' });
  });
  afterAll(() => h?.close());

  it('masterdata lists channel types, chat types, agents, queues, settings and queue_permission', async () => {
    const { status, body } = await h.api('GET', '/api/masterdata/chat');
    expect(status).toBe(200);
    expect(body.channel_types).toEqual([{ label: 'Web chat', value: 'widget' }]);
    expect(body.chat_types.map((t: { value: string }) => t.value)).toEqual([...CHAT_TYPES]);
    expect(body.agents.map((a: { label: string }) => a.label).sort()).toEqual(['Nok Agent', 'Owner']);
    expect(body.agents[0]).toHaveProperty('chat_status', 'available');
    expect(body.queues).toEqual([{ label: 'General', value: expect.any(String), visibility: 'everyone' }]);
    expect(body.setting).toEqual({
      switch_mode_time: { start: 1, extend: 2 },
      bot_info: { name: 'Bot', image: null },
    });
    expect(body.queue_permission).toEqual([body.queues[0].value]);
  });

  it('followers: inbox by default, newest first, with the follower shape and total_count', async () => {
    const { status, body } = await h.api('GET', '/api/chat/followers');
    expect(status).toBe(200);
    expect(body.chat_pin).toEqual({ data: [] });
    expect(body.chat.total_count).toBe(2);
    expect(body.chat.data.map((f: { line_name: string }) => f.line_name)).toEqual(['Boon', 'Anong']);
    const f = body.chat.data[1];
    expect(Object.keys(f).sort()).toEqual(
      [
        '_id',
        'line_name',
        'line_nickname',
        'line_image',
        'channel_type_info',
        'channel_type',
        'user_info',
        'mode',
        'is_block',
        'is_spam',
        'is_follow',
        'follower_type',
        'contact_detail',
        'integration',
        'count_not_is_replied',
        'last_message_text',
        'last_livechat',
        'widget_identity',
        'contact_expired',
        'contact_expires_at',
      ].sort(),
    );
    expect(f.count_not_is_replied).toBe(25);
    // The web widget has no reply window, so its contact never expires.
    expect(f).toMatchObject({ contact_expired: false, contact_expires_at: null });
    expect(f.channel_type_info).toEqual({ _id: h.owner.widgetId, name: 'Website chat', type: 'widget' });
    expect(f.last_livechat).toMatchObject({
      user_id: null,
      is_accepted: false,
      is_missed: false,
      is_expired: false,
      is_done: false,
      queue_info: { name: 'General', setting: { visibility: 'everyone' } },
      last_chat_message: { timestamp: expect.any(Number) },
    });
  });

  it('followers: skip/limit, channel_type, assignee and pinned chats', async () => {
    const page = await h.api('GET', '/api/chat/followers', { skip: '1', limit: '1' });
    expect(page.body.chat.data.map((f: { line_name: string }) => f.line_name)).toEqual(['Anong']);
    expect(page.body.chat.total_count).toBe(2);
    expect((await h.api('GET', '/api/chat/followers', { channel_type: 'line' })).body.chat.data).toEqual([]);

    const take = await h.api('POST', '/api/chat/take', { followerId }, agent);
    expect(take.status).toBe(200);
    // The agent's own active chat is pinned for the agent, not for the owner (unless 'all').
    const mine = await h.api('GET', '/api/chat/followers', {}, agent);
    expect(mine.body.chat_pin.data.map((f: { _id: string }) => f._id)).toEqual([followerId]);
    expect(mine.body.chat.data.map((f: { _id: string }) => f._id)).not.toContain(followerId);
    expect(mine.body.chat.total_count).toBe(1);
    const owners = await h.api('GET', '/api/chat/followers');
    expect(owners.body.chat_pin.data).toEqual([]);
    const all = await h.api('GET', '/api/chat/followers', { chat_type: 'all' });
    expect(all.body.chat_pin.data.map((f: { _id: string }) => f._id)).toEqual([followerId]);
    const byMe = await h.api('GET', '/api/chat/followers', { assignee_id: 'me' }, agent);
    expect(byMe.body.chat_pin.data.map((f: { _id: string }) => f._id)).toEqual([followerId]);
    const byId = await h.api('GET', '/api/chat/followers', { assignee_id: agent.user._id });
    expect(byId.body.chat.data.map((f: { _id: string }) => f._id)).toEqual([followerId]);
    expect(byId.body.chat.data[0].user_info).toEqual({ _id: agent.user._id, display_name: 'Nok Agent' });
  });

  it('followers: bad parameters are 400 naming the field', async () => {
    for (const [query, field] of [
      [{ chat_type: 'nope' }, 'chat_type'],
      [{ limit: '101' }, 'limit'],
      [{ limit: '0' }, 'limit'],
      [{ skip: '-1' }, 'skip'],
      [{ skip: 'x' }, 'skip'],
    ] as const) {
      const res = await h.api('GET', '/api/chat/followers', query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.field).toBe(field);
    }
  });

  it('messages: pages of 20 from the newest, oldest first within a page, with is_business_time', async () => {
    const first = await h.api('GET', '/api/chat/messages', { follower_id: followerId });
    expect(first.status).toBe(200);
    expect(first.body.list).toHaveLength(20);
    expect(first.body.total_count).toBe(25);
    expect(first.body.message).toEqual({ is_business_time: true });
    expect(first.body.list[19].messages_sent).toEqual([{ type: 'text', text: 'message 23' }]);
    expect(first.body.list[0].messages_sent[0].text).toBe('message 4');
    const m = first.body.list[0];
    expect(m).toMatchObject({
      type: 'question',
      from_type: 'customer',
      follower_id: followerId,
      delivery: 'sent',
    });
    expect(typeof m.timestamp).toBe('number');
    const older = await h.api('GET', '/api/chat/messages', { follower_id: followerId, skip: '20' });
    expect(
      older.body.list.map((x: { messages_sent: { text: string }[] }) => x.messages_sent[0].text),
    ).toEqual(['hello', 'message 0', 'message 1', 'message 2', 'message 3']);
    const all = await h.api('GET', '/api/chat/all/messages', { follower_id: followerId });
    expect(all.body.list).toHaveLength(25);
    const missing = await h.api('GET', '/api/chat/messages', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      message: 'This field is required.',
      code: 'invalid',
      field: 'follower_id',
    });
  });

  it('messages: hide leaves system notes out of the page and out of total_count', async () => {
    const follower = (await h.customerSays('a question for the bot', { visitor: 'v-hide', name: 'Chai' }))!
      .follower;
    await h.server.app.ctx.db.insert(messages).values({
      id: newId(),
      accountId: h.owner.accountId,
      followerId: follower._id,
      type: 'reply',
      fromType: 'system',
      items: [{ type: 'text', text: 'The bot answered' }],
      text: '',
      delivery: 'sent',
    });
    await h.customerSays('and one more', { visitor: 'v-hide' });
    const texts = (body: { list: { messages_sent: { text: string }[] }[] }) =>
      body.list.map((m) => m.messages_sent[0].text);
    const all = await h.api('GET', '/api/chat/messages', { follower_id: follower._id });
    expect(texts(all.body)).toEqual(['a question for the bot', 'The bot answered', 'and one more']);
    expect(all.body.total_count).toBe(3);
    const said = await h.api('GET', '/api/chat/messages', { follower_id: follower._id, hide: 'true' });
    expect(texts(said.body)).toEqual(['a question for the bot', 'and one more']);
    expect(said.body.total_count).toBe(2);
    const page = await h.api('GET', '/api/chat/messages', {
      follower_id: follower._id,
      skip: '1',
      limit: '1',
    });
    expect(texts(page.body)).toEqual(['The bot answered']);
    expect(page.body.total_count).toBe(3);
    // Past the oldest message: an empty page still says how many there are (counted apart).
    for (const [hide, total] of [
      ['false', 3],
      ['true', 2],
    ] as const) {
      const past = await h.api('GET', '/api/chat/messages', { follower_id: follower._id, skip: '5', hide });
      expect(past.body.list).toEqual([]);
      expect(past.body.total_count).toBe(total);
    }
  });

  it('reconnect returns the lists and the open chat with its latest 20 messages and media', async () => {
    const { status, body } = await h.api('GET', '/api/chat/reconnect', {
      chat_type: 'inbox',
      limit: '20',
      follower_id: followerId,
    });
    expect(status).toBe(200);
    // Chai, Boon and Anong, on one page that ends the list: its count is exact.
    expect(body.chatlist.chat.data).toHaveLength(3);
    expect(body.chatlist.chat.total_count).toBe(3);
    expect(body.messageList).toHaveLength(20);
    expect(body.filelist).toEqual([]);
    const noChat = await h.api('GET', '/api/chat/reconnect', { chat_type: 'inbox' });
    expect(noChat.body.messageList).toEqual([]);
  });

  it('media list, assign lists and the contact card', async () => {
    expect((await h.api('GET', '/api/chat/list/media', { follower_id: followerId })).body).toEqual({
      list: [],
    });
    const groups = await h.api('GET', '/api/chat/assign/grouplist');
    expect(groups.body.list).toEqual([{ _id: expect.any(String), name: 'General', visibility: 'everyone' }]);
    const agents = await h.api('GET', '/api/chat/assign/list');
    expect(agents.body.list).toContainEqual({
      _id: agent.user._id,
      display_name: 'Nok Agent',
      online: false,
      chat_status: 'available',
    });
    const card = await h.api('GET', `/api/contact/follower/${followerId}`);
    expect(card.status).toBe(200);
    expect(card.body.follower._id).toBe(followerId);
    expect(card.body.contact).toMatchObject({ contact_detail: [], tags: [] });
  });

  it("another account's follower is a 404; another account's channel_id is a 403", async () => {
    const other = await otherAccount(h);
    for (const [method, path, body] of [
      ['GET', '/api/chat/messages', { follower_id: other.follower._id }],
      ['GET', '/api/chat/list/media', { follower_id: other.follower._id }],
      ['GET', `/api/contact/follower/${other.follower._id}`, undefined],
      ['GET', '/api/chat/reimage', { messageId: other.message._id }],
      ['POST', '/api/chat/send/message', { followerId: other.follower._id, message: 'hi', tempId: 't' }],
      ['POST', '/api/chat/take', { followerId: other.follower._id }],
      ['POST', '/api/chat/close', { liveChatId: other.follower.last_livechat!.livechat_id }],
      ['GET', `/api/chat/switchmode/${other.follower.last_livechat!.livechat_id}`, undefined],
      ['POST', '/api/note/create', { followerId: other.follower._id, text: 'x' }],
    ] as const) {
      const res = await h.api(method, path, body);
      expect(res.status, path).toBe(404);
    }
    const foreign = await fetch(`${h.server.url}/api/chat/followers`, {
      headers: { ...h.owner.headers, channel_id: other.accountId },
    });
    expect(foreign.status).toBe(403);
    const list = await h.api('GET', '/api/chat/followers', { chat_type: 'all' });
    expect(list.body.chat.data.map((f: { _id: string }) => f._id)).not.toContain(other.follower._id);
  });

  it('unread counts (spec 3: me, not_replied, other) follow taking, replying and queue visibility', async () => {
    const level3 = await h.addAgent(3, 'Supervisor');
    const counts = async (as?: Session) => (await h.api('GET', '/api/chat/unread', undefined, as)).body;
    const before = { owner: await counts(), agent: await counts(agent) };
    const delta = async (as: Session | undefined, was: Record<string, number>) => {
      const now = await counts(as);
      return {
        me: now.me - was.me,
        not_replied: now.not_replied - was.not_replied,
        other: now.other - was.other,
      };
    };

    // Three unanswered customer messages in a chat nobody has.
    for (const text of ['one', 'two', 'three']) await h.customerSays(text, { visitor: 'v-unread' });
    const follower = (await h.customerSays('four', { visitor: 'v-unread' }))!.follower;
    expect(await delta(undefined, before.owner)).toEqual({ me: 0, not_replied: 4, other: 0 });
    expect(await delta(agent, before.agent)).toEqual({ me: 0, not_replied: 4, other: 0 });

    // The agent takes it: their own now, another agent's for the owner.
    const liveChatId = follower.last_livechat!.livechat_id;
    const took = await h.api('POST', '/api/chat/take', { followerId: follower._id, liveChatId }, agent);
    expect(took.status).toBe(200);
    expect(await delta(agent, before.agent)).toEqual({ me: 4, not_replied: 0, other: 0 });
    expect(await delta(undefined, before.owner)).toEqual({ me: 0, not_replied: 0, other: 4 });

    // A reply answers them all.
    const reply = await h.api(
      'POST',
      '/api/chat/send/message',
      { followerId: follower._id, message: 'On it', tempId: 'unread-reply' },
      agent,
    );
    expect(reply.status).toBe(200);
    expect(await delta(agent, before.agent)).toEqual({ me: 0, not_replied: 0, other: 0 });

    // A chat in a queue the agent may not see counts for the owner only.
    const secret = await h.createQueue('Secret unread', 'selected');
    const hidden = (await h.customerSays('psst', { visitor: 'v-unread-secret' }))!.follower;
    await h.api('POST', '/api/chat/assign/agent', { followerId: hidden._id, queueId: secret });
    expect((await delta(agent, before.agent)).not_replied).toBe(0);
    expect((await delta(undefined, before.owner)).not_replied).toBe(1);
    // The level-3 badge rule itself is core/access/unreadBadge.ts; the counts it adds are here.
    expect(await counts(level3)).toMatchObject({ me: 0, other: expect.any(Number) });
  });

  it('followers carry the countdown end and whether the contact window has closed (spec 4 badges)', async () => {
    const follower = (await h.customerSays('countdown please', { visitor: 'v-countdown' }))!.follower;
    const took = await h.api('POST', '/api/chat/take', {
      followerId: follower._id,
      liveChatId: follower.last_livechat!.livechat_id,
    });
    expect(took.status).toBe(200);
    const list = await h.api('GET', '/api/chat/followers', { chat_type: 'all', limit: '100' });
    const mine = [...list.body.chat_pin.data, ...list.body.chat.data].find(
      (f: { _id: string }) => f._id === follower._id,
    );
    const now = Date.now() / 1000;
    expect(mine.last_livechat.countdown_until).toBeGreaterThan(now + took.body.count_down_second - 5);
    expect(mine.last_livechat.countdown_until).toBeLessThan(now + took.body.count_down_second + 5);

    // A Messenger customer who last wrote 25 hours ago can no longer be answered freely.
    const ctx = h.server.app.ctx;
    const channelId = newId(12);
    await ctx.db
      .insert(channels)
      .values({ id: channelId, accountId: h.owner.accountId, type: 'messenger', name: 'Page' });
    const inbound = await receiveCustomerMessage(ctx, {
      channel: { id: channelId, accountId: h.owner.accountId, type: 'messenger' },
      externalId: 'psid-1',
      profile: { name: 'Meta customer' },
      items: [{ type: 'text', text: 'hello from Messenger' }],
    });
    const messengerFollower = inbound!.follower;
    const fresh = await h.api('GET', `/api/contact/follower/${messengerFollower._id}`);
    expect(fresh.body.follower.contact_expired).toBe(false);
    await ctx.db
      .update(livechats)
      .set({ lastCustomerAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(livechats.id, messengerFollower.last_livechat!.livechat_id));
    const stale = await h.api('GET', `/api/contact/follower/${messengerFollower._id}`);
    expect(stale.body.follower.contact_expired).toBe(true);
    expect(stale.body.follower.contact_expires_at).toBeLessThan(Date.now() / 1000);
  });
});
