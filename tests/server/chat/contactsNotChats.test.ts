// Contacts that never had a conversation — added by hand on /contact-list or imported from a file —
// are followers without a live chat: the inbox, 'all' and their counts leave them out (spec 4 is
// about live chats), the name search and the contact card still reach them, and they join the
// inbox once they write or an agent takes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetCounts } from '../../../server/chat/followerQuery';
import { type Harness, type Payload, startChatHarness, testDatabases } from './chatHarness';

describe.each(await testDatabases())('contacts without a chat on %s', (_name, postgres) => {
  let h: Harness;
  let madeId: string;
  let importedId: string;
  let noIdContact: string;

  const ids = (list: Payload[]) => list.map((f: Payload) => f._id);
  const listed = async (chatType: string) => {
    forgetCounts();
    const { status, body } = await h.api('GET', '/api/chat/followers', { chat_type: chatType, limit: '100' });
    expect(status).toBe(200);
    return { ids: [...ids(body.chat_pin.data), ...ids(body.chat.data)], total: body.chat.total_count };
  };

  beforeAll(async () => {
    h = await startChatHarness({ postgres });
    await h.customerSays('a real chat', { visitor: 'v-real', name: 'Real Customer' });
    const made = await h.api('POST', '/api/contact/create', {
      line_name: 'Made By Hand',
      social_id: 'v-made',
    });
    expect(made.status).toBe(200);
    madeId = made.body.contact._id;
    const noId = await h.api('POST', '/api/contact/create', { line_name: 'No Social Id' });
    expect(noId.status).toBe(200);
    noIdContact = noId.body.contact._id;
    const form = new FormData();
    const csv = 'name,social_id\nImported One,v-imported\nImported Two,v-imported-2\n';
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
    const report = await h.api('POST', '/api/contact/import', form);
    expect(report.body).toMatchObject({ created: 2, failed: 0 });
    const one = await h.api('GET', '/api/contact/list', { search: 'Imported One' });
    importedId = one.body.list[0]._id;
  });
  afterAll(() => h?.close());

  it('are not in the inbox or under all, nor in their counts, unread or reconnect', async () => {
    for (const chatType of ['inbox', 'all']) {
      const list = await listed(chatType);
      expect(list.ids, chatType).toHaveLength(1);
      expect(list.ids, chatType).not.toContain(madeId);
      expect(list.ids, chatType).not.toContain(importedId);
      expect(list.ids, chatType).not.toContain(noIdContact);
      expect(list.total, chatType).toBe(1);
    }
    // Nor under the chat states, nor the follower filters they do not match.
    for (const chatType of ['missed', 'expired', 'done', 'following', 'group_room', 'blocked', 'spam'])
      expect((await listed(chatType)).ids, chatType).toEqual([]);
    forgetCounts();
    const reconnect = await h.api('GET', '/api/chat/reconnect', { chat_type: 'inbox', follower_id: madeId });
    expect(reconnect.status).toBe(200);
    expect(reconnect.body.chatlist.chat.total_count).toBe(1);
    expect(reconnect.body.messageList).toEqual([]);
    expect((await h.api('GET', '/api/chat/unread')).body).toEqual({ me: 0, not_replied: 1, other: 0 });
  });

  it('the name search and the contact card still reach them (to open a conversation)', async () => {
    const search = await h.api('POST', '/api/chat/search/name', { text: 'Imported' });
    expect(search.body.list).toHaveLength(2);
    expect(ids(search.body.list)).toContain(importedId);
    const card = await h.api('GET', `/api/contact/follower/${madeId}`);
    expect(card.status).toBe(200);
    expect(card.body.follower.last_livechat).toBeNull();
  });

  it('join the inbox once they write, or once an agent takes them', async () => {
    const made = await h.customerSays('hello, I was added by hand', { visitor: 'v-made' });
    expect(made!.follower._id).toBe(madeId);
    expect(made!.newChat).toBe(true);
    let inbox = await listed('inbox');
    expect(inbox.ids).toContain(madeId);
    expect(inbox.ids).not.toContain(importedId);
    expect(inbox.total).toBe(2);

    const imported = await h.customerSays('hello, I was imported', { visitor: 'v-imported' });
    expect(imported!.follower._id).toBe(importedId);
    inbox = await listed('inbox');
    expect(inbox.ids).toContain(importedId);
    expect(inbox.total).toBe(3);
    expect((await listed('all')).ids).toEqual(expect.arrayContaining([madeId, importedId]));

    // An agent may start a conversation with a contact who never wrote: taking starts a live chat.
    const take = await h.api('POST', '/api/chat/take', { followerId: noIdContact });
    expect(take.status).toBe(200);
    expect(take.body.follower.last_livechat).toMatchObject({ user_id: h.owner.user._id });
    const mine = await h.api('GET', '/api/chat/followers', { chat_type: 'inbox' });
    expect(ids(mine.body.chat_pin.data)).toEqual([noIdContact]);
  });

  it("join the sender's inbox when an agent writes to them first, without taking them", async () => {
    const two = (await h.api('GET', '/api/contact/list', { search: 'Imported Two' })).body.list[0]._id;
    const sent = await h.api('POST', '/api/chat/send/message', {
      followerId: two,
      message: 'Hello from the shop',
      tempId: 'first-word',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.follower.last_livechat).toMatchObject({ user_id: h.owner.user._id, is_accepted: true });
    const mine = await h.api('GET', '/api/chat/followers', { chat_type: 'inbox' });
    expect(ids(mine.body.chat_pin.data)).toContain(two);
    // A retry of the same send is the same message and starts nothing more.
    const again = await h.api('POST', '/api/chat/send/message', {
      followerId: two,
      message: 'Hello from the shop',
      tempId: 'first-word',
    });
    expect(again.body.message._id).toBe(sent.body.message._id);
    expect(again.body.follower.last_livechat.livechat_id).toBe(sent.body.follower.last_livechat.livechat_id);
  });
});
