import { describe, expect, it } from 'vitest';
import { chatBadges } from '../../../core/chat/badges';
import { follower } from './followerFixture';

describe('spec 4: chat badges', () => {
  it('lists every badge in display order', () => {
    const f = follower(
      'f',
      { is_follow: true, is_block: true, count_not_is_replied: 3, user_info: { display_name: 'Ann' } },
      { is_expired: true, is_missed: true, is_done: true, user_id: 'you', queue_info: { name: 'Sales' } },
    );
    expect(chatBadges(f, { userId: 'me', countdown: 30, contactExpired: true }).map((b) => b.kind)).toEqual([
      'expired',
      'missed',
      'done',
      'following',
      'blocked',
      'contact_expired',
      'assigned',
      'queue',
      'unread',
    ]);
  });
  it('spec 6: only the assignee or an unassigned chat shows the countdown', () => {
    expect(chatBadges(follower('f', {}, { user_id: 'me' }), { userId: 'me', countdown: 30 })).toContainEqual({
      kind: 'countdown',
      seconds: 30,
    });
    expect(chatBadges(follower('f', {}, { user_id: null }), { userId: 'me', countdown: 30 })).toEqual([
      { kind: 'countdown', seconds: 30 },
    ]);
    expect(chatBadges(follower('f', {}, { user_id: 'you' }), { userId: 'me', countdown: 30 })).toEqual([
      { kind: 'assigned', name: '' },
    ]);
    expect(chatBadges(follower('f', {}, { user_id: 'me' }), { userId: 'me', countdown: 0 })).toEqual([
      { kind: 'assigned', name: '' },
    ]);
  });
  it('unread count and nothing else on a plain chat', () => {
    expect(chatBadges(follower('f', { count_not_is_replied: 2 }), { userId: 'me' })).toEqual([
      { kind: 'unread', count: 2 },
    ]);
    expect(chatBadges(follower('f', {}, null), { userId: 'me' })).toEqual([]);
  });
});
