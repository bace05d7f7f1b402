// Chat-type filters and the inbox definition (spec 4). A follower matches a filter only when its
// queue is visible to the viewer too.
import { isChatQueueVisible } from '../access/queues';
import type { Follower } from '../models/chat';

export const CHAT_TYPE_GROUPS = [
  ['all', 'inbox', 'missed', 'expired', 'done'],
  ['following', 'group_room', 'blocked', 'spam'],
] as const;
export const CHAT_TYPES = [...CHAT_TYPE_GROUPS[0], ...CHAT_TYPE_GROUPS[1]] as const;
export type ChatType = (typeof CHAT_TYPES)[number];
export const DEFAULT_CHAT_TYPE: ChatType = 'inbox';

export function isChatType(value: unknown): value is ChatType {
  return typeof value === 'string' && (CHAT_TYPES as readonly string[]).includes(value);
}

/** Who is looking: needed for pinned chats and queue visibility. */
export interface InboxViewer {
  userId: string;
  /** queue_permission from the chat master data. */
  allowedQueueIds: readonly string[];
}

type FollowerFlags = Pick<
  Follower,
  'mode' | 'is_block' | 'is_spam' | 'is_follow' | 'follower_type' | 'last_livechat'
>;

/**
 * Whether the follower has ever had a live chat. One that never had (a contact added by hand or
 * imported, a new friend or group that has not written yet) is not a chat an agent must work: the
 * group 1 filters leave it out; the contact list and the name search still reach it.
 */
export function hasLiveChat(f: Pick<Follower, 'last_livechat'>): boolean {
  return Boolean(f.last_livechat?.livechat_id);
}

/**
 * Inbox: not done, or done and missed, or business hours; never blocked or spam. A bot-mode chat
 * that is done without being missed or expired is dropped. Only followers that had a live chat.
 */
export function isInInbox(f: FollowerFlags): boolean {
  if (f.is_block || f.is_spam || !hasLiveChat(f)) return false;
  const lc = f.last_livechat;
  const done = Boolean(lc?.is_done);
  const missed = Boolean(lc?.is_missed);
  const expired = Boolean(lc?.is_expired);
  if (f.mode === 'bot' && done && !missed && !expired) return false;
  return !done || missed || Boolean(lc?.is_business);
}

function matchesType(f: FollowerFlags, chatType: ChatType): boolean {
  const lc = f.last_livechat;
  switch (chatType) {
    case 'all':
      return hasLiveChat(f);
    case 'inbox':
      return isInInbox(f);
    case 'missed':
      return Boolean(lc?.is_missed);
    case 'expired':
      return Boolean(lc?.is_expired);
    case 'done':
      return Boolean(lc?.is_done);
    case 'following':
      return Boolean(f.is_follow);
    case 'group_room':
      return f.follower_type === 'group' || f.follower_type === 'room';
    case 'blocked':
      return Boolean(f.is_block);
    case 'spam':
      return Boolean(f.is_spam);
  }
}

export function matchesChatType(
  f: FollowerFlags | null | undefined,
  chatType: ChatType,
  viewer: InboxViewer,
): boolean {
  if (!f) return false;
  return (
    matchesType(f, isChatType(chatType) ? chatType : DEFAULT_CHAT_TYPE) &&
    isChatQueueVisible(f.last_livechat, viewer.allowedQueueIds)
  );
}
