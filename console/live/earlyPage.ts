// The inbox's first page, asked for with the inbox's code: a click on Chat when nothing was
// preloaded (save-data, or a click before the browser was idle) fetches the code and the list side
// by side instead of one after the other. This module is small and sits in the main bundle.

import { definedQuery, type FollowersQuery, getFollowers } from '../../core/api/endpoints/chatList';
import { DEFAULT_CHAT_TYPE } from '../../core/chat/chatTypes';
import type { FollowersPage } from '../../core/models/chatWire';
import { client } from '../session/api';

export const FIRST_PAGE = 50;
/** An answer older than this is not used: the list is asked for again. */
const FRESH_MS = 10_000;

let early: { key: string; at: number; page: Promise<FollowersPage> } | null = null;

// The parameters the request sends, every one of them: a filter added to the query later can
// only make the early answer unused, never hand a list filtered otherwise.
const keyOf = (q: FollowersQuery) =>
  JSON.stringify(Object.entries(definedQuery({ ...q })).sort(([a], [b]) => a.localeCompare(b)));

/** The inbox's first page with the filters it opens with, asked for now. */
export function requestFirstPageEarly(now = Date.now()) {
  const query: FollowersQuery = { skip: 0, limit: FIRST_PAGE, chat_type: DEFAULT_CHAT_TYPE };
  const page = getFollowers(client, query);
  // Whoever takes it handles a failure; one nobody takes must not be reported as unhandled.
  page.catch(() => {});
  early = { key: keyOf(query), at: now, page };
}

/** The early answer for exactly this query, once and while fresh; null otherwise. */
export function takeEarlyPage(query: FollowersQuery, now = Date.now()): Promise<FollowersPage> | null {
  const found = early;
  early = null;
  return found && found.key === keyOf(query) && now - found.at < FRESH_MS ? found.page : null;
}
