import { describe, expect, it } from 'vitest';
import { applyFollowerUpdate, removeFollower } from '../../../core/chat/liveUpdate';
import { follower, viewer } from './followerFixture';

const lists = () => ({
  followers: [follower('a'), follower('b'), follower('c')],
  pinned: [follower('p', {}, { user_id: 'me', is_accepted: true })],
});
const ids = (l: { followers: { _id: string }[]; pinned: { _id: string }[] }) => ({
  followers: l.followers.map((f) => f._id),
  pinned: l.pinned.map((f) => f._id),
});

describe('spec 4: live update of a follower', () => {
  it('is removed from the list and re-added at the top when it still matches', () => {
    expect(ids(applyFollowerUpdate(lists(), follower('c', { line_name: 'new' }), 'inbox', viewer))).toEqual({
      followers: ['c', 'a', 'b'],
      pinned: ['p'],
    });
  });
  it('takes the new copy in any place, the first and a middle one too, and keeps the others in order', () => {
    const first = applyFollowerUpdate(lists(), follower('a', { line_name: 'new' }), 'inbox', viewer);
    expect(ids(first).followers).toEqual(['a', 'b', 'c']);
    expect(first.followers[0].line_name).toBe('new');
    const before = lists();
    const middle = applyFollowerUpdate(before, follower('b', { line_name: 'new' }), 'inbox', viewer);
    expect(ids(middle).followers).toEqual(['b', 'a', 'c']);
    expect(middle.followers[0].line_name).toBe('new');
    expect(middle.followers[1]).toBe(before.followers[0]);
    expect(middle.followers[2]).toBe(before.followers[2]);
  });
  it('is dropped when it no longer matches the selected filter', () => {
    const done = follower('b', { mode: 'agent' }, { is_done: true });
    expect(ids(applyFollowerUpdate(lists(), done, 'inbox', viewer))).toEqual({
      followers: ['a', 'c'],
      pinned: ['p'],
    });
  });
  it('moves to the pinned list when it becomes mine, and back out when it closes', () => {
    const mine = follower('a', {}, { user_id: 'me', is_accepted: true });
    const afterTake = applyFollowerUpdate(lists(), mine, 'inbox', viewer);
    expect(ids(afterTake)).toEqual({ followers: ['b', 'c'], pinned: ['a', 'p'] });
    const missed = follower('a', {}, { user_id: 'me', is_missed: true });
    expect(ids(applyFollowerUpdate(afterTake, missed, 'inbox', viewer))).toEqual({
      followers: ['a', 'b', 'c'],
      pinned: ['p'],
    });
  });
  it('a new follower that matches is added; one that does not is ignored', () => {
    expect(ids(applyFollowerUpdate(lists(), follower('n'), 'inbox', viewer)).followers).toEqual([
      'n',
      'a',
      'b',
      'c',
    ]);
    expect(
      ids(applyFollowerUpdate(lists(), follower('n', { is_spam: true }), 'inbox', viewer)).followers,
    ).toEqual(['a', 'b', 'c']);
  });
  it('does not mutate the lists it was given', () => {
    const before = lists();
    applyFollowerUpdate(before, follower('z'), 'all', viewer);
    expect(ids(before)).toEqual({ followers: ['a', 'b', 'c'], pinned: ['p'] });
  });
  it('removeFollower drops it from both lists', () => {
    expect(ids(removeFollower(lists(), 'p'))).toEqual({ followers: ['a', 'b', 'c'], pinned: [] });
  });
});
