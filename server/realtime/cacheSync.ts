// With REDIS_URL, a named cache entry dropped in one process (server/chat/ttlCache.ts: a role
// saved, a queue made 'selected', settings or names changed) is dropped in every process at once,
// through the adapter's server-side events (Redis pub/sub). Without it there is one process and
// nothing to tell.
import type { Server } from 'socket.io';
import { applyCacheDrop, onCacheDrop } from '../chat/ttlCache';

export const CACHE_DROP_EVENT = 'chatdesk:cache-drop';

/** Passes this process's cache drops on and applies the others'; returns the stop. */
export function syncCaches(io: Server): () => void {
  const main = io.of('/');
  const apply = (name: unknown, key: unknown) => {
    if (typeof name === 'string' && (typeof key === 'string' || key === null)) applyCacheDrop(name, key);
  };
  main.on(CACHE_DROP_EVENT, apply);
  const stop = onCacheDrop((name, key) => main.serverSideEmit(CACHE_DROP_EVENT, name, key));
  return () => {
    stop();
    main.off(CACHE_DROP_EVENT, apply);
  };
}
