// Who may close a live chat (docs/chat-api.md POST /api/chat/close): its assignee, or a user of
// level 1 or 2 for any chat. Other agents get a 403, so the console does not offer them the button.
import { isClosedChat } from '../access/countdown';
import type { LiveChat } from '../models/chat';

export const CLOSE_ANY_CHAT_MAX_LEVEL = 2;

export function canCloseChat(
  livechat: Pick<LiveChat, 'user_id' | 'is_missed' | 'is_expired' | 'is_done'> | null | undefined,
  userId: string,
  level: number,
): boolean {
  if (!livechat || isClosedChat(livechat)) return false;
  return livechat.user_id === userId || level <= CLOSE_ANY_CHAT_MAX_LEVEL;
}
