// Loading the chat list, paging on scroll, live updates (spec 4) and search.
import { batch } from '@preact/signals-react';
import { matchesListFilters } from '../../core/chat/listFilters';
import { applyFollowerUpdate, type ChatLists, removeFollower } from '../../core/chat/liveUpdate';
import { afterNextPaint } from './afterPaint';
import {
  getFollowers,
  getMasterData,
  type LiveFollower,
  type LiveMessage,
  searchMessage,
  searchName,
} from './calls';
import { FIRST_PAGE, takeEarlyPage } from './earlyPage';
import {
  assigneeFilter,
  channelFilter,
  chatType,
  filterKey,
  listExhausted,
  listFilters,
  listState,
  lists,
  loadedKey,
  loadingMore,
  master,
  myUserId,
  noteCountdowns,
  searchMode,
  searchResults,
  searchState,
  searchText,
  selected,
  totalCount,
  viewer,
} from './state';

export const NEXT_PAGE = 100;

export async function loadMasterData() {
  if (master.value) return;
  try {
    master.value = await getMasterData();
  } catch {
    // The list still works without the option lists; filters then offer only 'all'.
  }
}

function query(skip: number, limit: number) {
  return {
    skip,
    limit,
    chat_type: chatType.value,
    channel_type: channelFilter.value || undefined,
    assignee_id: assigneeFilter.value || undefined,
  };
}

/**
 * A fresh first page. With `keepLoaded`, followers already loaded below the first page stay (the
 * live events kept them current while the page was away), so returning to /live shows at once.
 */
export function mergeFirstPage(
  cached: ChatLists<LiveFollower>,
  page: { pinned: LiveFollower[]; followers: LiveFollower[] },
  keepLoaded: boolean,
): ChatLists<LiveFollower> {
  // A follower the server sends unchanged keeps its object, so its memoised row does not re-render.
  const known = new Map<string, LiveFollower>();
  for (const f of cached.pinned) known.set(f._id, f);
  for (const f of cached.followers.slice(0, page.followers.length + page.pinned.length + 20))
    known.set(f._id, f);
  const reuse = (f: LiveFollower) => {
    const old = known.get(f._id);
    return old && JSON.stringify(old) === JSON.stringify(f) ? old : f;
  };
  const pinned = page.pinned.map(reuse);
  const followers = page.followers.map(reuse);
  if (!keepLoaded) return { pinned, followers };
  const fresh = new Set([...page.pinned, ...page.followers].map((f) => f._id));
  const rest = cached.followers.filter((f) => !fresh.has(f._id));
  return { pinned, followers: [...followers, ...rest] };
}

let listRequest = 0;

/** `opening`: the inbox page is mounting; a list it already has is refreshed after it is shown. */
export async function loadFirstPage({ opening = false } = {}) {
  const request = ++listRequest;
  const key = filterKey.value;
  const loaded = loadedKey.value === key;
  const keep = loaded && lists.value.followers.length > FIRST_PAGE;
  if (!loaded) {
    batch(() => {
      lists.value = { followers: [], pinned: [] };
      listState.value = 'loading';
      listExhausted.value = false;
    });
  }
  try {
    // On opening, a list already there (kept from the last visit, or preloaded) is refreshed once
    // it is on screen: the page's effects run before the first paint, and building the request
    // there would hold that list back. One that is not there yet is asked for at once.
    if (opening && loaded) {
      await afterNextPaint();
      if (request !== listRequest) return;
    }
    const first = query(0, FIRST_PAGE);
    const page = await (takeEarlyPage(first) ?? getFollowers(first));
    if (request !== listRequest) return;
    batch(() => {
      lists.value = mergeFirstPage(
        lists.value,
        { pinned: page.chat_pin.data, followers: page.chat.data },
        keep,
      );
      totalCount.value = page.chat.total_count;
      noteCountdowns([...page.chat_pin.data, ...page.chat.data]);
      if (!keep) listExhausted.value = page.chat.data.length < FIRST_PAGE;
      loadedKey.value = key;
      listState.value = 'ready';
    });
  } catch {
    if (request === listRequest) listState.value = 'error';
  }
}

export async function loadMore() {
  if (loadingMore.value || listExhausted.value || listState.value !== 'ready') return;
  const request = listRequest;
  loadingMore.value = true;
  try {
    const page = await getFollowers(query(lists.value.followers.length, NEXT_PAGE));
    if (request !== listRequest) return;
    const known = new Set(lists.value.followers.map((f) => f._id));
    for (const f of lists.value.pinned) known.add(f._id);
    const fresh = page.chat.data.filter((f) => !known.has(f._id));
    batch(() => {
      lists.value = { ...lists.value, followers: [...lists.value.followers, ...fresh] };
      totalCount.value = page.chat.total_count;
      noteCountdowns(fresh);
      listExhausted.value = page.chat.data.length < NEXT_PAGE;
    });
  } catch {
    // The next scroll tries again.
  } finally {
    loadingMore.value = false;
  }
}

/** Spec 4 live update: out of both lists, back in only if it matches the filters. */
export function applyLiveFollower(f: LiveFollower) {
  if (!f?._id) return;
  batch(() => {
    noteCountdowns([f]);
    const before = lists.value;
    const next = matchesListFilters(f, listFilters.value, myUserId.value)
      ? applyFollowerUpdate(before, f, chatType.value, viewer.value)
      : removeFollower(before, f._id);
    lists.value = next;
    // total_count counts the list without the pinned chats: it follows a chat that moves in or out
    // (one search of the 10,000 per update, in the lists' own update, not one more here).
    const joined = next.followers.length - before.followers.length;
    if (joined !== 0) totalCount.value = Math.max(0, totalCount.value + joined);
    if (selected.value?._id === f._id) selected.value = f;
    const results = searchResults.value;
    if (results?.names.some((x) => x._id === f._id))
      searchResults.value = { ...results, names: results.names.map((x) => (x._id === f._id ? f : x)) };
  });
}

/** Patches one follower in place (contact field or integration changes do not move it). */
export function patchFollower(followerId: string, patch: Partial<LiveFollower>) {
  const swap = (list: LiveFollower[]) => {
    const i = list.findIndex((f) => f._id === followerId);
    if (i < 0) return list;
    const next = list.slice();
    next[i] = { ...list[i], ...patch };
    return next;
  };
  batch(() => {
    const { followers, pinned } = lists.value;
    const nf = swap(followers);
    const np = swap(pinned);
    if (nf !== followers || np !== pinned) lists.value = { followers: nf, pinned: np };
    if (selected.value?._id === followerId) selected.value = { ...selected.value, ...patch };
  });
}

let searchRequest = 0;

export async function runSearch() {
  const text = searchText.value.trim();
  const mode = searchMode.value;
  const request = ++searchRequest;
  if (!text) {
    batch(() => {
      searchResults.value = null;
      searchState.value = 'idle';
    });
    return;
  }
  searchState.value = 'loading';
  try {
    if (mode === 'name') {
      const r = await searchName(text);
      if (request !== searchRequest) return;
      searchResults.value = { text, mode, names: r.list, messages: [], total: r.total_count };
    } else {
      const r = await searchMessage(text);
      if (request !== searchRequest) return;
      // A hit whose chat the viewer may no longer see comes without its follower.
      const hits = r.list.filter(
        (hit): hit is { follower: LiveFollower; message: LiveMessage } => hit.follower !== null,
      );
      searchResults.value = { text, mode, names: [], messages: hits, total: r.total_count };
    }
    searchState.value = 'ready';
  } catch {
    if (request === searchRequest) searchState.value = 'error';
  }
}

export function clearSearch() {
  searchRequest++;
  batch(() => {
    searchText.value = '';
    searchResults.value = null;
    searchState.value = 'idle';
  });
}
