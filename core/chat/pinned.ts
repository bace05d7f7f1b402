// Pinned chats (spec 4): assigned to the current user — or to any agent under the 'all' filter —
// and still active (not missed, expired or done).
import { isClosedChat } from '../access/countdown';
import type { Follower } from '../models/chat';
import type { ChatType, InboxViewer } from './chatTypes';

export function isPinned(
  f: Pick<Follower, 'last_livechat'> | null | undefined,
  viewer: Pick<InboxViewer, 'userId'>,
  chatType: ChatType,
): boolean {
  const lc = f?.last_livechat;
  if (!lc?.user_id || isClosedChat(lc)) return false;
  return chatType === 'all' || lc.user_id === viewer.userId;
}
