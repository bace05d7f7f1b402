// The unread badge (spec 6): a level-3 user's badge adds other agents' unread count to their own.
import { SUPERVISOR_UNREAD_LEVEL } from '../models/account';

/** Unread counts as the chat state keeps them (spec 3). */
export interface UnreadCounts {
  me: number;
  not_replied: number;
  other: number;
}

const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0);

export function unreadBadgeCount(counts: Partial<UnreadCounts> | null | undefined, level: number): number {
  const own = count(counts?.me);
  return level === SUPERVISOR_UNREAD_LEVEL ? own + count(counts?.other) : own;
}
