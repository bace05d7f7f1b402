// Spec 7 "Chat, POST": each write goes to its path with the body docs/chat-api.md names.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../core/api/client';
import * as chat from '../../../../core/api/endpoints/chatActions';
import { fakeFetch } from '../fakeFetch';

type Api = ReturnType<typeof createApiClient>;
const ref = { liveChatId: 'lc1', userId: 'u1' };
const send = { ...ref, followerId: 'f1', tempId: 't1' };

describe('spec 7: chat POST, PATCH and DELETE endpoints', () => {
  const cases: [string, (api: Api) => Promise<unknown>, string, string, unknown][] = [
    [
      'send message',
      (api) => chat.sendMessage(api, { ...send, message: 'hi' }),
      'POST',
      '/api/chat/send/message',
      { ...send, message: 'hi' },
    ],
    [
      'send sticker',
      (api) => chat.sendSticker(api, { ...send, sticker_id: 's', package_id: 'p' }),
      'POST',
      '/api/chat/send/sticker',
      { ...send, sticker_id: 's', package_id: 'p' },
    ],
    [
      'send template',
      (api) => chat.sendTemplate(api, { reply_message_id: 'r1', followerId: 'f1', tempId: 't1' }),
      'POST',
      '/api/chat/send/template',
      { reply_message_id: 'r1', followerId: 'f1', tempId: 't1' },
    ],
    ['resend', (api) => chat.resendMessage(api, 'm1'), 'POST', '/api/chat/resend', { messageId: 'm1' }],
    [
      'chat status',
      (api) => chat.setChatStatus(api, 'away'),
      'POST',
      '/api/chat/chatstatus',
      { chat_status: 'away' },
    ],
    [
      'take',
      (api) => chat.takeChat(api, { ...ref, followerId: 'f1' }),
      'POST',
      '/api/chat/take',
      { ...ref, followerId: 'f1' },
    ],
    ['accept', (api) => chat.acceptChat(api, ref), 'POST', '/api/chat/accept', ref],
    ['close', (api) => chat.closeChat(api, ref), 'POST', '/api/chat/close', ref],
    [
      'assign to a queue',
      (api) => chat.assignChat(api, { followerId: 'f1', liveChatId: 'lc1', queueId: 'q1' }),
      'POST',
      '/api/chat/assign/agent',
      { followerId: 'f1', liveChatId: 'lc1', queueId: 'q1' },
    ],
    [
      'follow',
      (api) => chat.followChat(api, { followerId: 'f1', follow: true }),
      'POST',
      '/api/chat/follow',
      { followerId: 'f1', follow: true },
    ],
    [
      'spam',
      (api) => chat.markSpam(api, { followerId: 'f', is_spam: true }),
      'POST',
      '/api/chat/spam',
      { followerId: 'f', is_spam: true },
    ],
    [
      'nickname',
      (api) => chat.setNickname(api, { followerId: 'f', nickname: 'n' }),
      'POST',
      '/api/chat/nickname',
      { followerId: 'f', nickname: 'n' },
    ],
    [
      'switch mode set',
      (api) => chat.changeSwitchMode(api, 'set', 'lc1'),
      'POST',
      '/api/chat/switchmode/set',
      { liveChatId: 'lc1' },
    ],
    [
      'switch mode extend',
      (api) => chat.changeSwitchMode(api, 'extend', 'lc1'),
      'POST',
      '/api/chat/switchmode/extend',
      { liveChatId: 'lc1' },
    ],
    [
      'switch mode clear',
      (api) => chat.changeSwitchMode(api, 'clear', 'lc1'),
      'POST',
      '/api/chat/switchmode/clear',
      { liveChatId: 'lc1' },
    ],
    [
      'search name',
      (api) => chat.searchByName(api, { text: 'a', skip: 0, limit: 5 }),
      'POST',
      '/api/chat/search/name',
      { text: 'a', skip: 0, limit: 5 },
    ],
    [
      'search message',
      (api) => chat.searchByMessage(api, { text: 'a', skip: 0, limit: 5 }),
      'POST',
      '/api/chat/search/message',
      { text: 'a', skip: 0, limit: 5 },
    ],
    [
      'contact field',
      (api) => chat.updateContactField(api, { followerId: 'f1', contact_detail: [] }),
      'POST',
      '/api/contact_field/update/follower',
      { followerId: 'f1', contact_detail: [] },
    ],
    [
      'note create',
      (api) => chat.createNote(api, { text: 'n', followerId: 'f1' }),
      'POST',
      '/api/note/create',
      { text: 'n', followerId: 'f1' },
    ],
    [
      'note update',
      (api) => chat.updateNote(api, { text: 'n', followerId: 'f1', no: 2 }),
      'PATCH',
      '/api/note/update',
      { text: 'n', followerId: 'f1', no: 2 },
    ],
    [
      'note delete',
      (api) => chat.deleteNote(api, { no: 2, followerId: 'f1' }),
      'DELETE',
      '/api/note/delete',
      { no: 2, followerId: 'f1' },
    ],
    [
      'tag add',
      (api) => chat.addFollowerTag(api, { followerId: 'f1', tagId: 't' }),
      'POST',
      '/api/tag/add',
      { followerId: 'f1', tagId: 't' },
    ],
    [
      'tag delete',
      (api) => chat.deleteFollowerTag(api, { id: 't', followerId: 'f1' }),
      'POST',
      '/api/tag/delete',
      { id: 't', followerId: 'f1' },
    ],
    [
      'leave group',
      (api) => chat.leaveGroup(api, 'f1'),
      'POST',
      '/api/chat/leave/group',
      { follower_id: 'f1' },
    ],
    ['leave room', (api) => chat.leaveRoom(api, 'f1'), 'POST', '/api/chat/leave/room', { follower_id: 'f1' }],
  ];
  it.each(cases)('%s → %s %s', async (_n, call, method, path, body) => {
    const net = fakeFetch([{ status: 200, body: {} }]);
    await call(createApiClient({ baseURL: 'http://h', channelId: () => 'c', fetch: net.fetch }));
    expect(net.calls[0].method).toBe(method);
    expect(net.calls[0].url.pathname).toBe(path);
    expect(net.calls[0].body).toEqual(body);
  });

  it('a send that meets a 502 is retried with the same tempId (the server keeps one message)', async () => {
    const net = fakeFetch([
      { status: 502 },
      { status: 200, body: { message: { _id: 'm1', temp_id: 't1' } } },
    ]);
    const api = createApiClient({
      baseURL: 'http://h',
      channelId: () => 'c',
      fetch: net.fetch,
      sleep: async () => {},
    });
    const sent = await chat.sendMessage(api, { ...send, message: 'hi' });
    expect(sent.message._id).toBe('m1');
    expect(net.calls.map((c) => (c.body as { tempId: string }).tempId)).toEqual(['t1', 't1']);
  });
});
