import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../core/api/client';
import * as chat from '../../../../core/api/endpoints/chatList';
import { fakeFetch } from '../fakeFetch';

type Case = [
  string,
  (api: ReturnType<typeof createApiClient>) => Promise<unknown>,
  string,
  Record<string, string>,
];

describe('spec 7: chat GET endpoints', () => {
  const cases: Case[] = [
    ['masterdata', (api) => chat.getMasterData(api), '/api/masterdata/chat', {}],
    [
      'followers',
      (api) =>
        chat.getFollowers(api, {
          skip: 0,
          limit: 20,
          chat_type: 'inbox',
          channel_type: 'line',
          assignee_id: 'u1',
        }),
      '/api/chat/followers',
      { skip: '0', limit: '20', chat_type: 'inbox', channel_type: 'line', assignee_id: 'u1' },
    ],
    [
      'reconnect',
      (api) => chat.reconnect(api, { chat_type: 'inbox', limit: 20, follower_id: 'f1' }),
      '/api/chat/reconnect',
      { chat_type: 'inbox', limit: '20', follower_id: 'f1' },
    ],
    [
      'messages',
      (api) => chat.getMessages(api, { follower_id: 'f1', skip: 20, limit: 20, hide: true }),
      '/api/chat/messages',
      { follower_id: 'f1', skip: '20', limit: '20', hide: 'true' },
    ],
    ['media', (api) => chat.getChatMedia(api, 'f1'), '/api/chat/list/media', { follower_id: 'f1' }],
    ['assign group list', (api) => chat.getAssignGroupList(api), '/api/chat/assign/grouplist', {}],
    ['assign list', (api) => chat.getAssignList(api), '/api/chat/assign/list', {}],
    ['switch mode', (api) => chat.getSwitchMode(api, 'lc/1'), '/api/chat/switchmode/lc%2F1', {}],
    [
      'reply message',
      (api) => chat.getReplyMessage(api, 'r1'),
      '/api/reply/message/list',
      { reply_message_id: 'r1' },
    ],
    ['unread counts', (api) => chat.getUnreadCounts(api), '/api/chat/unread', {}],
    [
      'followers without empty filters',
      (api) =>
        chat.getFollowers(api, {
          skip: 0,
          limit: 20,
          chat_type: 'all',
          channel_type: '',
          assignee_id: undefined,
        }),
      '/api/chat/followers',
      { skip: '0', limit: '20', chat_type: 'all' },
    ],
    ['reply groups', (api) => chat.getReplyGroups(api), '/api/reply/group/list', {}],
    ['contact of follower', (api) => chat.getContactOfFollower(api, 'f1'), '/api/contact/follower/f1', {}],
    ['notes', (api) => chat.getNotes(api, 'f1'), '/api/note/get', { followerId: 'f1' }],
    ['system tags', (api) => chat.getFollowerSystemTags(api, 'f1'), '/api/tag/getsystemtagsuser/f1', {}],
  ];
  it.each(cases)('%s → GET %s', async (_n, call, path, query) => {
    const net = fakeFetch([{ status: 200, body: {} }]);
    await call(createApiClient({ baseURL: 'http://h', channelId: () => 'c', fetch: net.fetch }));
    expect(net.calls[0].method).toBe('GET');
    expect(net.calls[0].url.pathname).toBe(path);
    expect(Object.fromEntries(net.calls[0].url.searchParams)).toEqual(query);
    expect(net.calls[0].headers.get('channel_id')).toBe('c');
  });
});
