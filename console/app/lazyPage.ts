// Loads a screen's code on demand. A chunk that fails to load (usually after a new release)
// reloads the page, at most once per 60 s on the chat tab (spec 2) and once per 10 s elsewhere.
import { type ComponentType, lazy } from 'react';
import { withLoading } from './loadingBar';

const RELOAD_KEY = 'chatdesk.chunkReloadAt';

export const CHAT_TAB_RELOAD_GAP_MS = 60_000;
export const OTHER_RELOAD_GAP_MS = 10_000;

export function isChunkError(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return /Loading chunk|dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    message,
  );
}

export function reloadAfterChunkError(
  isChatTab: boolean,
  now = Date.now(),
  reload: () => void = () => window.location.reload(),
): boolean {
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  const gap = isChatTab ? CHAT_TAB_RELOAD_GAP_MS : OTHER_RELOAD_GAP_MS;
  if (now - last < gap) return false;
  sessionStorage.setItem(RELOAD_KEY, String(now));
  reload();
  return true;
}

/** The chat tab is /live (and /th/live). */
export const isChatTab = (pathname: string) => /^(\/th)?\/live(\/|$)/.test(pathname);

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    withLoading(load).catch((err: unknown) => {
      if (isChunkError(err) && reloadAfterChunkError(isChatTab(window.location.pathname))) {
        // Keep the page pending while the browser reloads it.
        return new Promise<never>(() => {});
      }
      throw err;
    }),
  );
}
