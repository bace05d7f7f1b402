import { describe, expect, it } from 'vitest';
import { getsCountdown, isClosedChat, isUnassigned } from '../../../core/access/countdown';

describe('spec 4, 6: who gets a countdown', () => {
  it.each([
    ['unassigned', { is_accepted: false, user_id: null }, true],
    ['mine', { is_accepted: true, user_id: 'me' }, true],
    ['mine, not yet accepted', { is_accepted: false, user_id: 'me' }, true],
    ["another agent's", { is_accepted: true, user_id: 'you' }, false],
    ['accepted without user (not unassigned)', { is_accepted: true, user_id: null }, false],
    ['missed', { is_missed: true, user_id: null }, false],
    ['expired', { is_expired: true, user_id: 'me' }, false],
    ['done', { is_done: true, user_id: 'me' }, false],
    ['no live chat', null, false],
  ])('%s → %s', (_n, livechat, gets) => expect(getsCountdown(livechat, 'me')).toBe(gets));
  it('spec 4: unassigned = not accepted and no user set', () => {
    expect(isUnassigned({ is_accepted: false, user_id: null })).toBe(true);
    expect(isUnassigned({ is_accepted: false, user_id: 'x' })).toBe(false);
    expect(isUnassigned({ is_accepted: true, user_id: null })).toBe(false);
  });
  it('closed = missed, expired or done', () => {
    expect(isClosedChat({ is_missed: true })).toBe(true);
    expect(isClosedChat({ is_accepted: true })).toBe(false);
  });
});
