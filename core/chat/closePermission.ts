// Who may close a live chat (docs/chat-api.md POST /api/chat/close), one rule for the server and
// the console: its assignee; a user of level 1 or 2 (owner, admin) for any chat; and, for a chat
// nobody has (unassigned, spec 4), anyone who may answer chats — as with accepting it, so a spam
// or finished conversation waiting in the queue can be ended without taking it first. Another
// agent's chat is theirs to close (the server answers 403). Answering chats at all (the 'chat'
// area, write) is checked apart: by the route guard on the server, by the header in the console.
import { isClosedChat, isUnassigned } from '../access/countdown';
import type { LiveChat } from '../models/chat';

export const CLOSE_ANY_CHAT_MAX_LEVEL = 2;

export function canCloseChat(
  livechat:
    | Pick<LiveChat, 'user_id' | 'is_missed' | 'is_expired' | 'is_done' | 'is_accepted'>
    | null
    | undefined,
  userId: string,
  level: number,
): boolean {
  if (!livechat || isClosedChat(livechat)) return false;
  return (
    isUnassigned(livechat) ||
    (Boolean(userId) && livechat.user_id === userId) ||
    level <= CLOSE_ANY_CHAT_MAX_LEVEL
  );
}
