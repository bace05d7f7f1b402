// Loads a screen's code on demand. A chunk that fails to load (usually after a new release)
// reloads the page, at most once per 60 s on the chat tab (spec 2) and once per 10 s elsewhere.
import { type ComponentType, useEffect, useReducer, useState } from 'react';
import { t } from './i18n';
import { withLoading } from './loadingBar';

/** What a screen shows while its code or its first data loads. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      {t('layout.loading')}
    </div>
  );
}

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

interface CodePart<P> {
  loaded: ComponentType<P> | null;
  start(): Promise<ComponentType<P>>;
}

function LazyScreen<P extends object>({ part, props }: { part: CodePart<P>; props: P }) {
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (part.loaded) return;
    let mounted = true;
    part.start().then(
      () => mounted && arrived(),
      (error: unknown) => mounted && setFailure({ error }),
    );
    return () => {
      mounted = false;
    };
  }, [part]);
  if (failure) throw failure.error;
  const Loaded = part.loaded;
  return Loaded ? <Loaded {...props} /> : <PageLoading />;
}

/**
 * A screen whose code loads on demand: the loading text (and the loading bar) until the code is
 * in, then the screen, in the same render as it arrives. Not React.lazy under Suspense: React holds
 * a boundary's content back until 300 ms after its fallback appeared, so a screen whose code came
 * in 100 ms after the click still showed 300 ms later (the inbox's first opening, at 4x CPU: about
 * 200 ms spent waiting). A load that fails is thrown to the page's error boundary; the next visit
 * to the screen tries again.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let pending: Promise<ComponentType<P>> | null = null;
  const part: CodePart<P> = {
    loaded: null,
    start() {
      pending ??= withLoading(load).then(
        (m) => {
          part.loaded = m.default;
          return m.default;
        },
        (err: unknown) => {
          pending = null;
          // Keep the page loading while the browser reloads it.
          if (isChunkError(err) && reloadAfterChunkError(isChatTab(window.location.pathname)))
            return new Promise<never>(() => {});
          throw err;
        },
      );
      return pending;
    },
  };
  return (props: P) => <LazyScreen part={part} props={props} />;
}
