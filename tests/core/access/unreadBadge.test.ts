import { describe, expect, it } from 'vitest';
import { unreadBadgeCount } from '../../../core/access/unreadBadge';

describe("spec 6: at level 3 the unread badge adds other agents' unread count", () => {
  const counts = { me: 4, not_replied: 7, other: 5 };
  it.each([
    [3, 9],
    [1, 4],
    [2, 4],
    [4, 4],
  ])('level %i → %i', (level, badge) => expect(unreadBadgeCount(counts, level)).toBe(badge));
  it('odd counts are zero', () => {
    expect(unreadBadgeCount(null, 3)).toBe(0);
    expect(unreadBadgeCount({ me: -1, other: Number.NaN }, 3)).toBe(0);
  });
});
