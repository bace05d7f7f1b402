// A follower changed on the server (spec 4): drop it from the list and the pinned list, then put it
// back at the top of the right one only if it still matches the selected chat type.
import type { Follower } from '../models/chat';
import { type ChatType, type InboxViewer, matchesChatType } from './chatTypes';
import { isPinned } from './pinned';

export interface ChatLists<F> {
  followers: F[];
  pinned: F[];
}

export function applyFollowerUpdate<F extends Follower>(
  lists: ChatLists<F>,
  updated: F,
  chatType: ChatType,
  viewer: InboxViewer,
): ChatLists<F> {
  const others = (list: F[]) => list.filter((f) => f._id !== updated._id);
  const next = { followers: others(lists.followers), pinned: others(lists.pinned) };
  if (!matchesChatType(updated, chatType, viewer)) return next;
  if (isPinned(updated, viewer, chatType)) next.pinned.unshift(updated);
  else next.followers.unshift(updated);
  return next;
}

/** A follower that left (closed, removed): gone from both lists. */
export function removeFollower<F extends Pick<Follower, '_id'>>(
  lists: ChatLists<F>,
  followerId: string,
): ChatLists<F> {
  return {
    followers: lists.followers.filter((f) => f._id !== followerId),
    pinned: lists.pinned.filter((f) => f._id !== followerId),
  };
}
