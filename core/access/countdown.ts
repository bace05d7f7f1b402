// Who gets a switch-mode countdown (spec 4, 6): only the assignee, or anyone for an unassigned chat.
// A missed, expired or done chat gets none: switch mode is simply on.
import type { LiveChat } from '../models/chat';

type ChatFlags = Pick<LiveChat, 'is_missed' | 'is_expired' | 'is_done' | 'is_accepted' | 'user_id'>;

export function isClosedChat(livechat: Partial<ChatFlags> | null | undefined): boolean {
  return Boolean(livechat?.is_missed || livechat?.is_expired || livechat?.is_done);
}

/** Not accepted and no user set (spec 4). */
export function isUnassigned(livechat: Partial<ChatFlags> | null | undefined): boolean {
  return !livechat?.is_accepted && !livechat?.user_id;
}

export function getsCountdown(
  livechat: Partial<ChatFlags> | null | undefined,
  userId: string | null | undefined,
): boolean {
  if (!livechat || isClosedChat(livechat)) return false;
  return isUnassigned(livechat) || (Boolean(userId) && livechat.user_id === userId);
}
