// A small in-process cache for rows that change rarely and are read on every chat request
// (channel names, queue names, agents' display names, account settings, role permissions). Entries
// live a few seconds; the cost of a stale name for that long is nothing next to a query per request.
// A cache given a `name` is shared by name across processes: dropping an entry (after a save) is
// announced, and with REDIS_URL server/realtime/cacheSync.ts drops it in every other process too,
// so a change that matters (a role's permissions, a queue made 'selected') holds everywhere at once
// instead of after the TTL.
//
// Readers that go through `load` or `getMany` never stampede: callers missing the same key at the
// same moment share one load, and an entry read in the last quarter of its life is reloaded in the
// background by one reader while every reader still gets the cached value, so a key read all the
// time never expires under load. (Without this, a shared key such as an account's settings expired
// under every request in flight at once, each sent its own query, and the queries queued for the
// database pool behind one another: a pause of a few hundred ms for every customer each TTL.)
export type CacheDropListener = (name: string, key: string | null) => void;

const named = new Map<string, Set<TtlCache<unknown>>>();
const listeners = new Set<CacheDropListener>();
/** Every cache (they are module singletons, made once each). */
const every = new Set<TtlCache<unknown>>();

/**
 * Forgets every cache's entries in this process, announcing nothing: an app that closes takes its
 * database's rows with it (server/app.ts). A process runs one app, so this matters where several
 * run one after another in one process (tests): their databases are copies of one seeded template,
 * so an account id read by one means the same id in the next, with other rows behind it.
 */
export function dropEveryCacheHere() {
  for (const cache of every) cache.dropHere(null);
}

/** Hears every drop of a named cache made in this process (to pass it on to the others). */
export function onCacheDrop(listener: CacheDropListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A drop announced by another process: applied here, not announced again. */
export function applyCacheDrop(name: string, key: string | null) {
  for (const cache of named.get(name) ?? []) cache.dropHere(key);
}

/** Past this share of its life, a read entry is reloaded in the background (refresh-ahead). */
export const REFRESH_AHEAD = 0.75;

export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: V }>();
  /** Loads under way, by key, with the `version` they started at (a drop since makes them stale). */
  private readonly loading = new Map<string, { since: number; promise: Promise<V | undefined> }>();
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
    every.add(this as TtlCache<unknown>);
    if (this.name) {
      const set = named.get(this.name) ?? new Set();
      set.add(this as TtlCache<unknown>);
      named.set(this.name, set);
    }
  }

  get(key: string): V | undefined {
    return this.live(key)?.value;
  }

  /**
   * `key`'s entry while it lives (an expired one is dropped), and whether it is old enough to be
   * reloaded in the background, no such reload being under way yet.
   */
  private live(key: string, now = Date.now()): { value: V; refresh: boolean } | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const age = now - hit.at;
    if (age >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return { value: hit.value, refresh: age >= this.ttlMs * REFRESH_AHEAD && !this.running(key) };
  }

  /** `since`: the `version` read before loading `value`; a drop since then means it may be stale. */
  set(key: string, value: V, since = this.version) {
    if (since !== this.version) return;
    // Newest last, so the first entry is the oldest. Making room drops it alone (emptying the
    // whole cache sent every reader to the database at once); it is not a change of the data,
    // so nothing is announced.
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
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
    if (key === null) {
      this.entries.clear();
      this.loading.clear();
    } else {
      this.entries.delete(key);
      this.loading.delete(key);
    }
  }

  private announce(key: string | null) {
    if (!this.name) return;
    for (const listener of listeners) listener(this.name, key);
  }

  /**
   * `key`'s value: the cached one, else loaded by `loader` once however many callers miss it at the
   * same time. A value `keep` refuses (say, a row not found) is returned but not cached. Use either
   * this or `getMany` on one cache, not both.
   */
  async load(key: string, loader: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.live(key);
    if (hit) {
      // A failed refresh leaves the entry to expire; the next reader then loads it itself.
      if (hit.refresh) this.start(key, loader, keep).catch(() => {});
      return hit.value;
    }
    return (this.running(key) as Promise<V> | null) ?? this.start(key, loader, keep);
  }

  /** The load of `key` under way, unless a drop since it started may have made it stale. */
  private running(key: string): Promise<V | undefined> | null {
    const load = this.loading.get(key);
    return load && load.since === this.version ? load.promise : null;
  }

  private track(key: string, since: number, promise: Promise<V | undefined>) {
    const entry = { since, promise };
    this.loading.set(key, entry);
    const done = () => {
      if (this.loading.get(key) === entry) this.loading.delete(key);
    };
    promise.then(done, done);
  }

  private start(key: string, loader: () => Promise<V>, keep: (value: V) => boolean): Promise<V> {
    const since = this.version;
    const promise = loader().then((value) => {
      if (keep(value)) this.set(key, value, since);
      return value;
    });
    this.track(key, since, promise);
    return promise;
  }

  /** Loads `keys` in one call, registered as each key's load under way. */
  private startMany(keys: string[], load: (missing: string[]) => Promise<Map<string, V>>) {
    const since = this.version;
    const batch = load(keys).then((loaded) => {
      for (const [key, value] of loaded) this.set(key, value, since);
      return loaded;
    });
    for (const key of keys) {
      const one = batch.then((loaded) => loaded.get(key));
      // Awaited by whoever joins it; a failure reaches them (and the batch's own caller).
      one.catch(() => {});
      this.track(key, since, one);
    }
    return batch;
  }

  /**
   * The cached values for `keys`, loading the missing ones in one call; keys another caller is
   * loading already are waited for, not loaded again, and entries near their end are reloaded in
   * the background (see `load`).
   */
  async getMany(keys: readonly string[], load: (missing: string[]) => Promise<Map<string, V>>) {
    const found = new Map<string, V>();
    const missing: string[] = [];
    const ageing: string[] = [];
    const joined: Promise<void>[] = [];
    const now = Date.now();
    for (const key of new Set(keys)) {
      const hit = this.live(key, now);
      if (hit) {
        found.set(key, hit.value);
        if (hit.refresh) ageing.push(key);
        continue;
      }
      const running = this.running(key);
      if (running)
        joined.push(
          running.then((value) => {
            if (value !== undefined) found.set(key, value);
          }),
        );
      else missing.push(key);
    }
    if (ageing.length > 0) this.startMany(ageing, load).catch(() => {});
    if (missing.length > 0) {
      const loaded = await this.startMany(missing, load);
      for (const key of missing) {
        const value = loaded.get(key);
        if (value !== undefined) found.set(key, value);
      }
    }
    await Promise.all(joined);
    return found;
  }
}
