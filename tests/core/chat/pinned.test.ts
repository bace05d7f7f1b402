import { describe, expect, it } from 'vitest';
import { isPinned } from '../../../core/chat/pinned';
import { follower, viewer } from './followerFixture';

describe("spec 4: pinned = assigned to me (any agent under 'all') and still active", () => {
  it.each([
    ['mine, active, inbox', { user_id: 'me', is_accepted: true }, 'inbox', true],
    ["another agent's, inbox", { user_id: 'you', is_accepted: true }, 'inbox', false],
    ["another agent's, all", { user_id: 'you', is_accepted: true }, 'all', true],
    ['unassigned, all', { user_id: null }, 'all', false],
    ['mine but done', { user_id: 'me', is_done: true }, 'inbox', false],
    ['mine but missed', { user_id: 'me', is_missed: true }, 'inbox', false],
    ['mine but expired', { user_id: 'me', is_expired: true }, 'all', false],
  ] as const)('%s → %s', (_n, livechat, chatType, pinned) => {
    expect(isPinned(follower('f', {}, livechat), viewer, chatType)).toBe(pinned);
  });
  it('no live chat is never pinned', () =>
    expect(isPinned(follower('f', {}, null), viewer, 'all')).toBe(false));
});
