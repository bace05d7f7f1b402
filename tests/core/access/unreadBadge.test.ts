import { describe, expect, it } from 'vitest';
import { unreadBadgeCount } from '../../../core/access/unreadBadge';

const role = (level: number, chat?: 'none' | 'read' | 'write') => ({
  level,
  permissions: chat ? { chat } : null,
});

describe('the Chat menu badge: own unread, unassigned chats for those who may take them, others at level 3 (spec 6)', () => {
  const counts = { me: 4, not_replied: 7, other: 5 };
  it.each([
    [3, 16],
    [1, 11],
    [2, 11],
    [4, 11],
  ])('level %i → %i', (level, badge) => expect(unreadBadgeCount(counts, role(level))).toBe(badge));

  it('a new chat nobody has taken badges every user who may answer chats', () => {
    const fresh = { me: 0, not_replied: 1, other: 0 };
    for (const level of [1, 2, 3, 4]) expect(unreadBadgeCount(fresh, role(level))).toBe(1);
  });

  it('a role that may only read chats cannot take one, so unassigned chats do not badge it', () => {
    expect(unreadBadgeCount(counts, role(4, 'read'))).toBe(4);
    expect(unreadBadgeCount(counts, role(3, 'read'))).toBe(9);
  });

  it('odd counts are zero; no role, no badge', () => {
    expect(unreadBadgeCount(null, role(3))).toBe(0);
    expect(
      unreadBadgeCount({ me: -1, other: Number.NaN, not_replied: Number.POSITIVE_INFINITY }, role(3)),
    ).toBe(0);
    expect(unreadBadgeCount(counts, null)).toBe(0);
  });
});
