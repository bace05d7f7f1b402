// The inbox's state (spec 3 "Chat state") as signals. Lists keep follower objects whose identity
// only changes when that follower changes, so memoised rows re-render one at a time; nothing here
// counts over the whole list on a live update.
import { computed, signal } from '@preact/signals-react';
import { type ChatType, DEFAULT_CHAT_TYPE, type InboxViewer } from '../../core/chat/chatTypes';
import type { ListFilters } from '../../core/chat/listFilters';
import type { ChatLists } from '../../core/chat/liveUpdate';
import type { UploadItem } from '../../core/upload/progress';
import { profile } from '../session/state';
import type { LiveFollower, LiveMessage, MasterData, MediaEntry, WireNote } from './calls';

export type LoadState = 'idle' | 'loading' | 'ready' | 'error';

// Filters (spec 4: inbox by default).
export const chatType = signal<ChatType>(DEFAULT_CHAT_TYPE);
export const channelFilter = signal('');
export const assigneeFilter = signal('');
export const listFilters = computed<ListFilters>(() => ({
  channelType: channelFilter.value,
  assigneeId: assigneeFilter.value,
}));
/** Which filter the loaded list belongs to; a cached list is reused only for the same key. */
export const filterKey = computed(() => `${chatType.value}|${channelFilter.value}|${assigneeFilter.value}`);

// The list.
export const lists = signal<ChatLists<LiveFollower>>({ followers: [], pinned: [] });
export const loadedKey = signal<string | null>(null);
export const totalCount = signal(0);
/** The chats the list's header counts: total_count leaves the pinned chats out (they come apart,
 *  in chat_pin). A computed, so a chat that only moves re-renders the list, not the header. */
export const shownCount = computed(() => totalCount.value + lists.value.pinned.length);
export const listState = signal<LoadState>('idle');
export const listExhausted = signal(false);
export const loadingMore = signal(false);

export const master = signal<MasterData | null>(null);
export const viewer = computed<InboxViewer>(() => ({
  userId: profile.value?._id ?? '',
  allowedQueueIds: master.value?.queue_permission ?? [],
}));
export const myUserId = computed(() => profile.value?._id ?? '');

// Search by name or by message.
export type SearchMode = 'name' | 'message';
export const searchText = signal('');
export const searchMode = signal<SearchMode>('name');
export interface SearchResults {
  text: string;
  mode: SearchMode;
  names: LiveFollower[];
  messages: { follower: LiveFollower; message: LiveMessage }[];
  total: number;
}
export const searchResults = signal<SearchResults | null>(null);
export const searchState = signal<LoadState>('idle');

// The open chat.
export const selected = signal<LiveFollower | null>(null);
export const messages = signal<LiveMessage[]>([]);
export const messagesState = signal<LoadState>('idle');
/** How many stored messages are loaded, for the skip of the next older page. */
export const loadedFromServer = signal(0);
export const olderExhausted = signal(false);
export const loadingOlder = signal(false);
export const isBusinessTime = signal(true);
export const media = signal<MediaEntry[]>([]);
export const draft = signal('');
export const notes = signal<WireNote[]>([]);
/** Bumped when another console changes the open chat's contact (its tags among it): Tags reads them again. */
export const contactRevision = signal(0);

/**
 * Sends from this console not yet confirmed, per chat (pending or failed). They stay when another
 * chat is opened, and come back with their chat, so a failed message is never dropped silently.
 */
export const outbox = signal<Record<string, LiveMessage[]>>({});

/** livechat id → epoch ms when its switch-mode countdown reaches 0. */
export const countdownEnds = signal<Record<string, number>>({});

// Composer side: files being sent (spec 4 upload states) keyed by temp id.
export interface UploadEntry extends UploadItem {
  name: string;
  size: number;
  followerId: string;
}
export const uploads = signal<UploadEntry[]>([]);

// Panels.
/** Open by default where it fits beside the conversation (wider than 1200 px). */
export const sidebarOpen = signal(
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(min-width: 1201px)').matches
    : true,
);
export const lightbox = signal<{ sources: { url: string; name?: string | null }[]; index: number } | null>(
  null,
);
export const notice = signal<{ kind: 'error' | 'info'; text: string } | null>(null);

/** Seconds left of a live chat's countdown at `now`, or null when none is known. */
export function countdownSeconds(livechatId: string | null | undefined, now = Date.now()): number | null {
  if (!livechatId) return null;
  const end = countdownEnds.value[livechatId];
  return typeof end === 'number' ? Math.max(0, Math.ceil((end - now) / 1000)) : null;
}

export function setCountdown(livechatId: string, seconds: number, now = Date.now()) {
  countdownEnds.value = { ...countdownEnds.value, [livechatId]: now + Math.max(0, seconds) * 1000 };
}

/**
 * Countdowns the server sent with followers (last_livechat.countdown_until), so the list shows them.
 * A null there means the server has none (cleared, e.g. by an assignment): a running one known here
 * stops, so no console keeps counting a countdown the server no longer has.
 */
export function noteCountdowns(followers: readonly LiveFollower[], now = Date.now()) {
  let next: Record<string, number> | null = null;
  for (const f of followers) {
    const lc = f.last_livechat;
    const until = lc?.countdown_until;
    if (!lc) continue;
    if (until === null) {
      const known = (next ?? countdownEnds.value)[lc.livechat_id];
      if (typeof known !== 'number' || known <= now) continue;
      next ??= { ...countdownEnds.value };
      next[lc.livechat_id] = now;
      continue;
    }
    if (typeof until !== 'number') continue;
    const end = until * 1000;
    const known = (next ?? countdownEnds.value)[lc.livechat_id];
    if (known === end) continue;
    next ??= { ...countdownEnds.value };
    next[lc.livechat_id] = end;
  }
  if (next) countdownEnds.value = next;
}
