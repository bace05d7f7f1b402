// The agents' socket follows the 'chat' area (core/access/areas.ts), as the HTTP chat API does: a
// member whose role may not read chats (an admin kept to marketing, say) still connects for
// presence and broadcast progress, but hears no customer's chat or message, cannot JOIN_CHAT,
// and starts hearing chats the moment an owner gives the role chat access (and stops when it
// is taken away), without reconnecting. Nor can a chat be given to such a member: the assign
// list leaves them out and the server refuses them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_CLIENT_EVENTS, AGENT_EVENTS } from '../../../core/realtime/events';
import { type Harness, type RecordingSocket, type Session, settle, startChatHarness } from './chatHarness';

describe('agent sockets and the chat area', () => {
  let h: Harness;
  let noChat: Session;
  let noChatSock: RecordingSocket;
  let ownerSock: RecordingSocket;
  let roleId: string;
  let secretQueue: string;

  const chatEvents = (sock: RecordingSocket, text: string) =>
    sock.heard.filter((e) => JSON.stringify(e.payload ?? null).includes(text));

  beforeAll(async () => {
    h = await startChatHarness();
    const made = await h.api('POST', '/api/settings/roles', {
      name: 'Marketing admin',
      level: 2,
      permissions: { chat: 'none' },
    });
    expect(made.status).toBe(200);
    roleId = made.body.role._id;
    noChat = await h.addAgent(2, 'Marketing');
    const put = await h.api('PUT', `/api/settings/users/${noChat.user._id}`, { role_id: roleId });
    expect(put.status).toBe(200);
    // Even as a member of a 'selected' queue: without chat access its room is not joined.
    secretQueue = await h.createQueue('Members only', 'selected', [noChat.user._id]);
    ownerSock = await h.agentSocket(h.owner);
    noChatSock = await h.agentSocket(noChat);
  });
  afterAll(() => h?.close());

  it('hears no chat of an open or a selected queue, and may not join one', async () => {
    expect((await h.api('GET', '/api/chat/followers', { chat_type: 'all' }, noChat)).status).toBe(403);
    const open = await h.customerSays('private words for the inbox', {
      visitor: 'ca-open',
      name: 'Open One',
    });
    await ownerSock.next(AGENT_EVENTS.GET_CHAT, (p) => p.follower?._id === open!.follower._id);
    const secret = await h.customerSays('first', { visitor: 'ca-secret', name: 'Queue One' });
    await h.api('POST', '/api/chat/assign/agent', { followerId: secret!.follower._id, queueId: secretQueue });
    await h.customerSays('words for the members only', { visitor: 'ca-secret' });
    await ownerSock.next(
      AGENT_EVENTS.GET_CHAT,
      (p) => p.message?.messages_sent?.[0]?.text === 'words for the members only',
    );
    await settle();
    expect(chatEvents(noChatSock, 'private words for the inbox')).toEqual([]);
    expect(chatEvents(noChatSock, 'Open One')).toEqual([]);
    expect(chatEvents(noChatSock, 'words for the members only')).toEqual([]);
    const joined = await noChatSock.emitAck(AGENT_CLIENT_EVENTS.JOIN_CHAT, open!.follower._id);
    expect(joined.ok).toBe(false);
    await h.customerSays('still private', { visitor: 'ca-open' });
    await ownerSock.next(
      AGENT_EVENTS.GET_CHAT,
      (p) => p.message?.messages_sent?.[0]?.text === 'still private',
    );
    await settle();
    expect(chatEvents(noChatSock, 'still private')).toEqual([]);
  });

  it('is not offered for, nor given, a chat', async () => {
    const r = await h.customerSays('who takes me?', { visitor: 'ca-assign', name: 'Assign Me' });
    const list = await h.api('GET', '/api/chat/assign/list');
    const ids = list.body.list.map((a: { _id: string }) => a._id);
    expect(ids).toContain(h.owner.user._id);
    expect(ids).not.toContain(noChat.user._id);
    const given = await h.api('POST', '/api/chat/assign/agent', {
      followerId: r!.follower._id,
      userId: noChat.user._id,
    });
    expect(given.status).toBe(400);
    expect(given.body).toMatchObject({
      field: 'userId',
      message: "This member's role may not answer chats.",
    });
  });

  it('follows a change of the role at once, both ways', async () => {
    expect(
      (await h.api('PUT', `/api/settings/roles/${roleId}`, { permissions: { chat: 'read' } })).status,
    ).toBe(200);
    await h.customerSays('now you may read', { visitor: 'ca-open' });
    await noChatSock.next(
      AGENT_EVENTS.GET_CHAT,
      (p) => p.message?.messages_sent?.[0]?.text === 'now you may read',
    );
    await h.customerSays('members may read too', { visitor: 'ca-secret' });
    await noChatSock.next(
      AGENT_EVENTS.GET_CHAT,
      (p) => p.message?.messages_sent?.[0]?.text === 'members may read too',
    );

    expect(
      (await h.api('PUT', `/api/settings/roles/${roleId}`, { permissions: { chat: 'none' } })).status,
    ).toBe(200);
    await h.customerSays('not any more', { visitor: 'ca-open' });
    await h.customerSays('nor here', { visitor: 'ca-secret' });
    await ownerSock.next(AGENT_EVENTS.GET_CHAT, (p) => p.message?.messages_sent?.[0]?.text === 'nor here');
    await settle();
    expect(chatEvents(noChatSock, 'not any more')).toEqual([]);
    expect(chatEvents(noChatSock, 'nor here')).toEqual([]);
  });
});
