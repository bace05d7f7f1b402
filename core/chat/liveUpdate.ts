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
  const toTop = matchesChatType(updated, chatType, viewer)
    ? isPinned(updated, viewer, chatType)
      ? 'pinned'
      : 'followers'
    : null;
  return same(
    lists,
    moved(lists.followers, updated, toTop === 'followers'),
    moved(lists.pinned, updated, toTop === 'pinned'),
  );
}

/** The lists as they were when neither changed, so a chat that is in neither re-renders nothing. */
function same<F>(lists: ChatLists<F>, followers: F[], pinned: F[]): ChatLists<F> {
  return followers === lists.followers && pinned === lists.pinned ? lists : { followers, pinned };
}

/**
 * `list` without `f` (by id), with `f` first when `first`. A console holds up to 10,000 chats and
 * every customer message comes through here: one search and one copy, not a filter per condition.
 */
function moved<F extends Pick<Follower, '_id'>>(list: F[], f: F, first: boolean): F[] {
  const at = list.findIndex((x) => x._id === f._id);
  if (!first) return at < 0 ? list : list.slice(0, at).concat(list.slice(at + 1));
  const next = new Array<F>(at < 0 ? list.length + 1 : list.length);
  next[0] = f;
  for (let i = 0, j = 1; i < list.length; i++) if (i !== at) next[j++] = list[i];
  return next;
}

/** A follower that left (closed, removed): gone from both lists. */
export function removeFollower<F extends Pick<Follower, '_id'>>(
  lists: ChatLists<F>,
  followerId: string,
): ChatLists<F> {
  const gone = { _id: followerId } as F;
  return same(lists, moved(lists.followers, gone, false), moved(lists.pinned, gone, false));
}
