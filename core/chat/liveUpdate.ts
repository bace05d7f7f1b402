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
 * every customer message comes through here: one search and one block copy (copyWithin), not a
 * filter per condition or a copy element by element.
 */
function moved<F extends Pick<Follower, '_id'>>(list: F[], f: F, first: boolean): F[] {
  const at = indexOfId(list, f._id);
  if (!first) return at < 0 ? list : list.slice(0, at).concat(list.slice(at + 1));
  if (at < 0) return [f].concat(list);
  const next = list.slice();
  next.copyWithin(1, 0, at);
  next[0] = f;
  return next;
}

function indexOfId(list: readonly Pick<Follower, '_id'>[], id: string): number {
  for (let i = 0; i < list.length; i++) if (list[i]._id === id) return i;
  return -1;
}

/** A follower that left (closed, removed): gone from both lists. */
export function removeFollower<F extends Pick<Follower, '_id'>>(
  lists: ChatLists<F>,
  followerId: string,
): ChatLists<F> {
  const gone = { _id: followerId } as F;
  return same(lists, moved(lists.followers, gone, false), moved(lists.pinned, gone, false));
}
