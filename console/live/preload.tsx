// Keeps the inbox warm: soon after the console starts, the inbox's code loads, its socket handlers
// bind and the first page of chats is fetched, so opening /live renders at once — synchronously,
// without a loading step — from live state. Skipped on 2g or save-data connections, like link
// prefetch (spec 9). This module is small and sits in the main bundle; the inbox itself does not.
import { signal } from '@preact/signals-react';
import { type ComponentType, createContext, useContext, useState } from 'react';
import { lazyPage } from '../app/lazyPage';
import type { PageProps } from '../app/pages';
import { requestFirstPageEarly } from './earlyPage';

let loaded: ComponentType<PageProps> | null = null;
const loadInbox = () =>
  import('./LivePage').then((m) => {
    loaded = m.default;
    return m;
  });
// lazyPage calls this once, as /live first mounts before the preload finished: the list's first
// page is asked for then too, beside the code (from the inbox's own effect it would wait for it).
const LazyInbox = lazyPage<PageProps>(() => {
  requestFirstPageEarly();
  return loadInbox();
});

/**
 * The /live page: the loaded module when preloading finished, else loaded on demand, with the
 * list's first page asked for while the code comes.
 */
export function InboxPage(props: PageProps) {
  // Chosen once: switching to the loaded module later would draw the inbox again from scratch,
  // and the console keeps this one (app/App.tsx).
  const [Page] = useState(() => loaded ?? LazyInbox);
  return <Page {...props} />;
}

/**
 * The console keeps the inbox drawn, hidden while other screens show (app/App.tsx): set once its
 * code and first page are in, or once it has been opened.
 */
export const keepInbox = signal(false);

/**
 * Whether the inbox is the screen on show. The console keeps it mounted under the other screens,
 * hidden by content-visibility (app/App.tsx), so its effects go on running there: those that act
 * for the agent looking at it (loading afresh on opening, keys, the microphone, the clock) depend
 * on this too. Anywhere else (a test, a page of its own) it shows.
 */
export const InboxShown = createContext(true);

export function useInboxShown(): boolean {
  return useContext(InboxShown);
}

let started = false;

function slowConnection(): boolean {
  const c = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  return Boolean(c?.saveData) || /(^|-)2g$/.test(c?.effectiveType ?? '');
}

export function preloadInbox() {
  if (started || typeof window === 'undefined' || slowConnection()) return;
  started = true;
  const idle =
    (window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number })
      .requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 50));
  idle(
    () => {
      void loadInbox()
        .then(() => import('./warm'))
        .then((m) => m.warmInbox())
        .then(() => {
          keepInbox.value = true;
        });
    },
    { timeout: 300 },
  );
}
