import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../core/api/client';
import * as chat from '../../../../core/api/endpoints/chatActions';
import { fakeFetch } from '../fakeFetch';

type Api = ReturnType<typeof createApiClient>;
const ref = { liveChatId: 'lc1', userId: 'u1' };

describe('spec 7: chat POST, PATCH and DELETE endpoints', () => {
  const cases: [string, (api: Api) => Promise<unknown>, string, string, unknown][] = [
    [
      'send message',
      (api) => chat.sendMessage(api, { ...ref, followerId: 'f1', message: 'hi', tempId: 't1' }),
      'POST',
      '/api/chat/send/message',
      { ...ref, followerId: 'f1', message: 'hi', tempId: 't1' },
    ],
    [
      'send sticker',
      (api) =>
        chat.sendSticker(api, { ...ref, followerId: 'f1', sticker_id: 's', package_id: 'p', tempId: 't' }),
      'POST',
      '/api/chat/send/sticker',
      { ...ref, followerId: 'f1', sticker_id: 's', package_id: 'p', tempId: 't' },
    ],
    [
      'send template',
      (api) => chat.sendTemplate(api, { reply_message_id: 'r1' }),
      'POST',
      '/api/chat/send/template',
      { reply_message_id: 'r1' },
    ],
    [
      'chat status',
      (api) => chat.setChatStatus(api, 'online'),
      'POST',
      '/api/chat/chatstatus',
      { chat_status: 'online' },
    ],
    [
      'all chat status',
      (api) => chat.setAllChatStatus(api, 'away'),
      'POST',
      '/api/chat/allchatstatus',
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
      'switch mode set',
      (api) => chat.setSwitchMode(api, { liveChatId: 'lc1' }),
      'POST',
      '/api/chat/switchmode/set',
      { liveChatId: 'lc1' },
    ],
    [
      'switch mode extend',
      (api) => chat.extendSwitchMode(api, { liveChatId: 'lc1' }),
      'POST',
      '/api/chat/switchmode/extend',
      { liveChatId: 'lc1' },
    ],
    [
      'switch mode clear',
      (api) => chat.clearSwitchMode(api, { liveChatId: 'lc1' }),
      'POST',
      '/api/chat/switchmode/clear',
      { liveChatId: 'lc1' },
    ],
    [
      'search name',
      (api) => chat.searchChats(api, 'name', { keyword: 'a' }),
      'POST',
      '/api/chat/search/name',
      { keyword: 'a' },
    ],
    [
      'search message',
      (api) => chat.searchChats(api, 'message', { keyword: 'a' }),
      'POST',
      '/api/chat/search/message',
      { keyword: 'a' },
    ],
    [
      'search all',
      (api) => chat.searchChats(api, 'all', { keyword: 'a' }),
      'POST',
      '/api/chat/search/all',
      { keyword: 'a' },
    ],
    [
      'export excel',
      (api) =>
        chat.exportChat(api, {
          follower_id: 'f',
          type: 'excel',
          start_date: '2024-03-01',
          end_date: '2024-05-31',
        }),
      'POST',
      '/api/chat/export',
      { follower_id: 'f', type: 'excel', start_date: '2024-03-01', end_date: '2024-05-31' },
    ],
    [
      'export zip',
      (api) =>
        chat.exportChat(api, {
          follower_id: 'f',
          type: 'zip',
          start_date: '2024-03-01',
          end_date: '2024-05-31',
        }),
      'POST',
      '/api/chat/export-zip',
      { follower_id: 'f', type: 'zip', start_date: '2024-03-01', end_date: '2024-05-31' },
    ],
    [
      'leave group',
      (api) => chat.leaveGroup(api, 'f1'),
      'POST',
      '/api/chat/leave/group',
      { follower_id: 'f1' },
    ],
    ['leave room', (api) => chat.leaveRoom(api, 'f1'), 'POST', '/api/chat/leave/room', { follower_id: 'f1' }],
    [
      'follow',
      (api) => chat.followChat(api, { follower_id: 'f1' }),
      'POST',
      '/api/chat/follow',
      { follower_id: 'f1' },
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
      'tag delete',
      (api) => chat.deleteFollowerTag(api, { id: 't', followerId: 'f1' }),
      'POST',
      '/api/tag/delete',
      { id: 't', followerId: 'f1' },
    ],
    ['contact create', (api) => chat.createContact(api, { a: 1 }), 'POST', '/api/contact/create', { a: 1 }],
    ['contact update', (api) => chat.updateContact(api, { a: 1 }), 'POST', '/api/contact/update', { a: 1 }],
    [
      'contact field',
      (api) => chat.updateContactField(api, { a: 1 }),
      'POST',
      '/api/contact_field/update/follower',
      { a: 1 },
    ],
    [
      'nickname',
      (api) => chat.setNickname(api, { follower_id: 'f', line_nickname: 'n' }),
      'POST',
      '/api/chat/nickname',
      { follower_id: 'f', line_nickname: 'n' },
    ],
    [
      'spam',
      (api) => chat.markSpam(api, { follower_id: 'f', is_spam: true }),
      'POST',
      '/api/chat/spam',
      { follower_id: 'f', is_spam: true },
    ],
    ['merge', (api) => chat.mergeUnknown(api, { a: 1 }), 'POST', '/api/chat/unknow/merge', { a: 1 }],
    ['unmerge', (api) => chat.unmergeUnknown(api, { a: 1 }), 'POST', '/api/chat/unknow/unmerge', { a: 1 }],
    ['assign agent', (api) => chat.assignAgent(api, { a: 1 }), 'POST', '/api/chat/assign/agent', { a: 1 }],
  ];
  it.each(cases)('%s → %s %s', async (_n, call, method, path, body) => {
    const net = fakeFetch([{ status: 200, body: {} }]);
    await call(createApiClient({ baseURL: 'http://h', channelId: () => 'c', fetch: net.fetch }));
    expect(net.calls[0].method).toBe(method);
    expect(net.calls[0].url.pathname).toBe(path);
    expect(net.calls[0].body).toEqual(body);
  });

  it.each([
    ['send file', chat.sendFile, '/api/chat/send/file'],
    ['send image', chat.sendImage, '/api/chat/send/image'],
    ['upload in chat', chat.uploadFileInChat, '/api/chat/uploadFileInChat'],
  ])('%s posts multipart form data to %s', async (_n, call, path) => {
    const net = fakeFetch([{ status: 200, body: {} }]);
    const form = new FormData();
    form.append('tempId', 't1');
    await call(createApiClient({ baseURL: 'http://h', channelId: () => 'c', fetch: net.fetch }), form);
    expect(net.calls[0].url.pathname).toBe(path);
    expect(net.calls[0].body).toBe(form);
  });
});
