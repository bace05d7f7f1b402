// The Chat menu's unread badge: what waits for this user. Their own chats' unread; the unread of
// chats nobody has taken yet, when their role may answer chats (they may take one: a new customer
// badges everyone who could help, as in other inboxes); and at level 3 other agents' unread too
// (spec 6). The counts are the server's (server/chat/unread.ts), already limited to the queues the
// user may see, so a chat in a queue hidden from them never counts.
import { SUPERVISOR_UNREAD_LEVEL } from '../models/account';
import { can, type RoleAccess } from './areas';

/** Unread counts as the chat state keeps them (spec 3). */
export interface UnreadCounts {
  me: number;
  not_replied: number;
  other: number;
}

const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0);

export function unreadBadgeCount(
  counts: Partial<UnreadCounts> | null | undefined,
  role: RoleAccess | null | undefined,
): number {
  if (!role) return 0;
  const own = count(counts?.me);
  const unassigned = can(role, 'chat', 'write') ? count(counts?.not_replied) : 0;
  const others = role.level === SUPERVISOR_UNREAD_LEVEL ? count(counts?.other) : 0;
  return own + unassigned + others;
}
