// core/chat/listFilters.ts: the channel and assignee filters of GET /api/chat/followers.
import { describe, expect, it } from 'vitest';
import { canCloseChat } from '../../../core/chat/closePermission';
import { channelTypeOf, matchesListFilters } from '../../../core/chat/listFilters';

const chat = (channel: string, userId: string | null, queueId: string | null) => ({
  channel_type: channel,
  channel_type_info: { _id: 'c', name: 'Channel' },
  last_livechat: {
    livechat_id: 'lc',
    user_id: userId,
    queue_id: queueId,
    is_accepted: false,
    is_missed: false,
    is_expired: false,
    is_done: false,
    is_business: false,
  },
});

describe('matchesListFilters', () => {
  it.each([
    ['no filters', { channelType: '', assigneeId: '' }, true],
    ['same channel', { channelType: 'line', assigneeId: '' }, true],
    ['other channel', { channelType: 'widget', assigneeId: '' }, false],
    ["'me' is the viewer", { channelType: '', assigneeId: 'me' }, true],
    ['another agent', { channelType: '', assigneeId: 'u9' }, false],
    ['the chat’s queue', { channelType: '', assigneeId: 'queue:q1' }, true],
    ['another queue', { channelType: '', assigneeId: 'queue:q2' }, false],
  ])('%s', (_name, filters, expected) => {
    expect(matchesListFilters(chat('line', 'me-id', 'q1'), filters, 'me-id')).toBe(expected);
  });

  it('reads the channel type from channel_type_info when the follower has no channel_type', () => {
    expect(channelTypeOf({ channel_type_info: { _id: 'x', name: 'n', type: 'wechat' } } as never)).toBe(
      'wechat',
    );
    expect(
      matchesListFilters({ last_livechat: null } as never, { channelType: '', assigneeId: 'me' }, 'u'),
    ).toBe(false);
  });
});

describe('canCloseChat', () => {
  const lc = { user_id: 'a', is_accepted: true, is_missed: false, is_expired: false, is_done: false };
  it.each([
    ['the assignee', 'a', 4, true],
    ['another agent', 'b', 4, false],
    ['a supervisor (level 3)', 'b', 3, false],
    ['an admin (level 2)', 'b', 2, true],
    ['the owner (level 1)', 'b', 1, true],
  ])('%s', (_name, userId, level, expected) => {
    expect(canCloseChat(lc, userId as string, level as number)).toBe(expected);
  });
  it('never for a chat already closed', () => {
    expect(canCloseChat({ ...lc, is_done: true }, 'a', 1)).toBe(false);
  });
  it('a chat nobody has (spec 4 unassigned) may be closed by any agent; one given to someone may not', () => {
    const unassigned = { ...lc, user_id: null, is_accepted: false };
    expect(canCloseChat(unassigned, 'b', 4)).toBe(true);
    expect(canCloseChat(unassigned, '', 4)).toBe(true);
    expect(canCloseChat({ ...lc, is_accepted: false }, 'b', 4)).toBe(false);
    expect(canCloseChat({ ...lc, user_id: null, is_accepted: false }, 'b', 3)).toBe(true);
  });
});
