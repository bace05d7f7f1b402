// A small in-process cache for rows that change rarely and are read on every chat request
// (channel names, queue names, agents' display names, account settings, role permissions). Entries
// live a few seconds; the cost of a stale name for that long is nothing next to a query per request.
// A cache given a `name` is shared by name across processes: dropping an entry (after a save) is
// announced, and with REDIS_URL server/realtime/cacheSync.ts drops it in every other process too,
// so a change that matters (a role's permissions, a queue made 'selected') holds everywhere at once
// instead of after the TTL.
export type CacheDropListener = (name: string, key: string | null) => void;

const named = new Map<string, Set<TtlCache<unknown>>>();
const listeners = new Set<CacheDropListener>();

/** Hears every drop of a named cache made in this process (to pass it on to the others). */
export function onCacheDrop(listener: CacheDropListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A drop announced by another process: applied here, not announced again. */
export function applyCacheDrop(name: string, key: string | null) {
  for (const cache of named.get(name) ?? []) cache.dropHere(key);
}

export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: V }>();
  private readonly maxEntries: number;
  readonly name: string | null;
  /** Counts drops: a value loaded before a drop is not stored after it (see `set`). */
  version = 0;

  constructor(
    private readonly ttlMs: number,
    options: { maxEntries?: number; name?: string } = {},
  ) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.name = options.name ?? null;
    if (this.name) {
      const set = named.get(this.name) ?? new Set();
      set.add(this as TtlCache<unknown>);
      named.set(this.name, set);
    }
  }

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  /** `since`: the `version` read before loading `value`; a drop since then means it may be stale. */
  set(key: string, value: V, since = this.version) {
    if (since !== this.version) return;
    // Making room is not a change of the data: nothing to announce.
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { at: Date.now(), value });
  }

  /** The row behind `key` changed: forget it here and (named caches) in every process. */
  delete(key: string) {
    this.dropHere(key);
    this.announce(key);
  }

  /** Everything may have changed: forget all here and (named caches) in every process. */
  clear() {
    this.dropHere(null);
    this.announce(null);
  }

  /** Forgets `key` (null: everything) in this process only. */
  dropHere(key: string | null) {
    this.version += 1;
    if (key === null) this.entries.clear();
    else this.entries.delete(key);
  }

  private announce(key: string | null) {
    if (!this.name) return;
    for (const listener of listeners) listener(this.name, key);
  }

  /** The cached values for `keys`, loading the missing ones in one call. */
  async getMany(keys: readonly string[], load: (missing: string[]) => Promise<Map<string, V>>) {
    const found = new Map<string, V>();
    const missing: string[] = [];
    for (const key of new Set(keys)) {
      const value = this.get(key);
      if (value === undefined) missing.push(key);
      else found.set(key, value);
    }
    if (missing.length > 0) {
      const since = this.version;
      const loaded = await load(missing);
      for (const [key, value] of loaded) {
        this.set(key, value, since);
        found.set(key, value);
      }
    }
    return found;
  }
}
