// The virtualised chat list: pinned chats first, then the rest; only the rows on screen exist, and
// each row is memoised on its follower object, so a live update re-renders the one row it changes.
import { useSignals } from '@preact/signals-react/runtime';
import { elementScroll, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { locale, t } from '../app/i18n';
import { afterNextPaint } from './afterPaint';
import { ChatListItem } from './ChatListItem';
import type { LiveFollower } from './calls';
import { selectChat } from './chatActions';
import { loadFirstPage, loadMore } from './listActions';
import { markListShown } from './perf';
import { useInboxShown } from './preload';
import { chatType, listExhausted, listState, lists, loadingMore, selected } from './state';

export const ROW_HEIGHT = 76;
const HEADER_HEIGHT = 28;
/** Rows kept ready beyond each edge of the view, for scrolling; none in the list's first frame. */
export const OVERSCAN = 4;

type Row =
  | { kind: 'header'; key: string; label: string }
  | { kind: 'chat'; key: string; follower: LiveFollower };

/** Row i of the list without building an array of 10,000 rows on every update. */
function rowAt(pinned: LiveFollower[], followers: LiveFollower[], i: number): Row {
  if (pinned.length === 0) return { kind: 'chat', key: followers[i]._id, follower: followers[i] };
  if (i === 0) return { kind: 'header', key: '#pinned', label: 'live.pinned' };
  if (i <= pinned.length) return { kind: 'chat', key: pinned[i - 1]._id, follower: pinned[i - 1] };
  if (i === pinned.length + 1) return { kind: 'header', key: '#chats', label: 'live.allChats' };
  const f = followers[i - pinned.length - 2];
  return { kind: 'chat', key: f._id, follower: f };
}

/** Before the first layout the list assumes the window's height, so mounting forces no layout. */
const initialRect = {
  width: 320,
  height: typeof window === 'undefined' ? 700 : Math.max(200, window.innerHeight - 200),
};

/** The list's size from a ResizeObserver only (the library's default reads it synchronously). */
function observeSize(
  instance: { scrollElement: Element | null },
  cb: (rect: { width: number; height: number }) => void,
) {
  const el = instance.scrollElement;
  if (!el || typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver((entries) => {
    const box = entries[0]?.contentRect;
    if (box) cb({ width: box.width, height: box.height });
  });
  observer.observe(el);
  return () => observer.disconnect();
}

/**
 * Scrolls the list for the library, except its call after taking a new element: that scrolls it
 * to where the list starts, which it already is, and would only force the page's style and layout
 * in the middle of React's commit (at 4x CPU that was a third of the inbox's opening; the frame
 * does the same layout for less). The inbox kept under another screen (app/App.tsx) keeps its
 * element and its place: the library does not take it again.
 */
const listsSeen = new WeakSet<Element>();
export function scrollList(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLDivElement, Element>,
) {
  const el = instance.scrollElement;
  if (el && !listsSeen.has(el)) {
    listsSeen.add(el);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
}

function isHeader(pinnedCount: number, i: number): boolean {
  return pinnedCount > 0 && (i === 0 || i === pinnedCount + 1);
}

export function ChatList() {
  useSignals();
  const { pinned, followers } = lists.value;
  const count = pinned.length === 0 ? followers.length : pinned.length + followers.length + 2;
  const scrollRef = useRef<HTMLDivElement>(null);
  const activeId = selected.value?._id ?? null;
  const lang = locale.value;
  const pinnedCount = pinned.length;
  // The virtualiser lays out places, not chats: a place's size depends only on where the two
  // headers are, so its key does too. A chat that moves to the top (every customer message) then
  // changes no place and the layout of 10,000 places is not redone; it is redone when the count or
  // the pinned count changes. React's keys are the chats' own (rowAt, below).
  const placeKey = useCallback(
    (i: number): number | string => (isHeader(pinnedCount, i) ? `header-${i}` : i),
    [pinnedCount],
  );
  // The list's first frame holds only the rows in view, so the inbox shows sooner (a third of the
  // rows it would draw otherwise); the rows beyond the edges follow in the next frame.
  const [overscan, setOverscan] = useState(0);
  useEffect(() => {
    let live = true;
    void afterNextPaint().then(() => live && setOverscan(OVERSCAN));
    return () => {
      live = false;
    };
  }, []);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    // Called for every place when the layout is redone: plain arithmetic, no objects.
    estimateSize: (i) => (isHeader(pinnedCount, i) ? HEADER_HEIGHT : ROW_HEIGHT),
    getItemKey: placeKey,
    overscan,
    initialRect,
    observeElementRect: observeSize,
    scrollToFn: scrollList,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1]?.index ?? 0;

  // More chats are fetched as the agent scrolls near the end, not while the list lies hidden.
  const shown = useInboxShown();
  useEffect(() => {
    if (!shown) return;
    if (count > 0 && last >= count - 15 && !listExhausted.value && !loadingMore.value) void loadMore();
  }, [last, count, shown]);
  useLayoutEffect(() => {
    if (shown && (count > 0 || listState.value === 'ready')) markListShown();
  }, [count, shown]);

  const onSelect = useCallback((f: LiveFollower) => void selectChat(f), []);

  if (listState.value === 'error' && count === 0)
    return (
      <div className="list-empty" role="status">
        <p>{t('live.listFailed')}</p>
        <button type="button" className="link-button" onClick={() => void loadFirstPage()}>
          {t('live.retry')}
        </button>
      </div>
    );
  if (listState.value === 'loading' && count === 0)
    return (
      <div className="list-empty" role="status">
        {t('layout.loading')}
      </div>
    );
  if (count === 0)
    return (
      <div className="list-empty" data-testid="list-empty" role="status">
        <p className="empty-title">{t('live.empty.title')}</p>
        <p className="muted">{t(`live.empty.${chatType.value}`)}</p>
      </div>
    );

  return (
    <div className="chat-list-scroll" ref={scrollRef} data-testid="chat-list">
      <ul className="chat-list" style={{ height: virtualizer.getTotalSize() }} aria-label={t('live.chats')}>
        {items.map((item) => {
          const row = rowAt(pinned, followers, item.index);
          const style = { transform: `translateY(${item.start}px)`, height: item.size };
          if (row.kind === 'header')
            return (
              <li key={row.key} className="chat-list-header" style={style}>
                {t(row.label)}
              </li>
            );
          // The positioned <li> is cheap; the memoised content below it re-renders only when its
          // follower object or selection changes.
          return (
            <li key={row.key} className="chat-list-row" style={style}>
              <ChatListItem
                follower={row.follower}
                active={row.follower._id === activeId}
                onSelect={onSelect}
                lang={lang}
              />
            </li>
          );
        })}
      </ul>
      {loadingMore.value ? <p className="list-more muted">{t('layout.loading')}</p> : null}
    </div>
  );
}
