// Attempt counters shared by every limit that must hold across processes: each hit is checked and
// counted in one atomic step, so parallel requests can never slip past a limit. In memory for one
// process; in Redis (server/limits/redisCounters.ts) when REDIS_URL is set. Use counterStore(ctx)
// so every feature shares one store (and one Redis connection).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { redisCounters } from './redisCounters';

export interface CounterRule {
  /** Hits allowed in the window. */
  limit: number;
  /** Without backoff: a fixed window from the first hit. With backoff: the counter is forgotten
   *  only after a quiet window (no hit for windowMs). */
  windowMs: number;
  /** Past the limit, one more hit is allowed after a wait that doubles with every hit
   *  (baseMs, 2·baseMs, …, at most maxMs) instead of holding the key until the window ends. */
  backoff?: { baseMs: number; maxMs: number };
}

export interface CounterStore {
  /** Counts a hit unless the key is held; 0 when counted, otherwise the milliseconds to wait. */
  hit(key: string, rule: CounterRule): Promise<number>;
  /** Takes one hit back (a request that had reserved a place and turned out fine). */
  undo(key: string): Promise<void>;
  /** Forgets the key. */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface CounterState {
  n: number;
  /** First hit of the window (ms). */
  start: number;
  /** Latest counted hit (ms). */
  last: number;
}

/** The decision both stores make (the Redis store runs the same steps in Lua). */
export function decideHit(
  state: CounterState | null,
  rule: CounterRule,
  now: number,
): { wait: number; next: CounterState | null; ttlMs: number } {
  let s = state;
  if (s && (rule.backoff ? s.last + rule.windowMs <= now : s.start + rule.windowMs <= now)) s = null;
  const current = s ?? { n: 0, start: now, last: 0 };
  if (current.n >= rule.limit) {
    const wait = rule.backoff
      ? current.last + Math.min(rule.backoff.baseMs * 2 ** (current.n - rule.limit), rule.backoff.maxMs) - now
      : current.start + rule.windowMs - now;
    if (wait > 0) return { wait: Math.ceil(wait), next: null, ttlMs: 0 };
  }
  const next = { n: current.n + 1, start: current.start, last: now };
  const ttlMs = rule.backoff ? rule.windowMs : Math.max(1, next.start + rule.windowMs - now);
  return { wait: 0, next, ttlMs };
}

const MAX_KEYS = 100_000;

export function memoryCounters(now: () => number = Date.now): CounterStore {
  const entries = new Map<string, { state: CounterState; expires: number }>();
  const read = (key: string) => {
    const e = entries.get(key);
    if (e && e.expires <= now()) {
      entries.delete(key);
      return null;
    }
    return e ?? null;
  };
  return {
    async hit(key, rule) {
      const at = now();
      const { wait, next, ttlMs } = decideHit(read(key)?.state ?? null, rule, at);
      if (!next) return wait;
      entries.delete(key);
      entries.set(key, { state: next, expires: at + ttlMs });
      if (entries.size > MAX_KEYS) {
        // Oldest writes first (Map keeps insertion order); a forgotten key starts from zero.
        const drop = entries.size - MAX_KEYS;
        let i = 0;
        for (const k of entries.keys()) {
          if (i++ >= drop) break;
          entries.delete(k);
        }
      }
      return 0;
    },
    async undo(key) {
      const e = read(key);
      if (e && e.state.n > 0) e.state.n -= 1;
    },
    async reset(key) {
      entries.delete(key);
    },
    async close() {
      entries.clear();
    },
  };
}

const stores = new WeakMap<AppContext, CounterStore>();

/** The app's counter store: Redis when REDIS_URL is set, memory otherwise; closed with the app. */
export function counterStore(app: FastifyInstance, ctx: AppContext): CounterStore {
  let store = stores.get(ctx);
  if (!store) {
    const created = ctx.config.redisUrl ? redisCounters(ctx.config.redisUrl, ctx.log) : memoryCounters();
    stores.set(ctx, created);
    app.addHook('onClose', () => created.close());
    store = created;
  }
  return store;
}
