// Loads a screen's code on demand. A chunk that fails to load (usually after a new release)
// reloads the page, at most once per 60 s on the chat tab (spec 2) and once per 10 s elsewhere.
import { type ComponentType, lazy } from 'react';

const RELOAD_KEY = 'chatdesk.chunkReloadAt';

function isChunkError(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return /Loading chunk|dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    message,
  );
}

export function reloadAfterChunkError(isChatTab: boolean, now = Date.now()): boolean {
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  const gap = isChatTab ? 60_000 : 10_000;
  if (now - last < gap) return false;
  sessionStorage.setItem(RELOAD_KEY, String(now));
  window.location.reload();
  return true;
}

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    load().catch((err: unknown) => {
      if (isChunkError(err) && reloadAfterChunkError(window.location.pathname.includes('/live'))) {
        // Keep the page pending while the browser reloads it.
        return new Promise<never>(() => {});
      }
      throw err;
    }),
  );
}
