// The hot-path caches never stampede (server/chat/ttlCache.ts): callers that miss one key at the
// same moment share one load, an entry read near its end is reloaded in the background while
// readers keep the cached value, and a drop during a load is never undone by that load.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropEveryCacheHere, onCacheDrop, REFRESH_AHEAD, TtlCache } from '../../../server/chat/ttlCache';

const TTL = 10_000;

/** A loader whose calls are counted and which answers when told. */
function gatedLoader<V>() {
  const calls: { resolve: (value: V) => void; reject: (err: Error) => void }[] = [];
  const loader = () =>
    new Promise<V>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { loader, calls };
}

// Only the clock is faked: promises and setImmediate run as usual.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A cache holding 1 under 'k', loaded through a gated loader just now. */
async function cachedOne() {
  const cache = new TtlCache<number>(TTL);
  const { loader, calls } = gatedLoader<number>();
  const first = cache.load('k', loader);
  calls[0].resolve(1);
  await first;
  return { cache, loader, calls };
}

describe('TtlCache.load', () => {
  it('loads a key missed by many callers at once a single time, and gives them all its value', async () => {
    const cache = new TtlCache<string>(TTL);
    const { loader, calls } = gatedLoader<string>();
    const readers = Array.from({ length: 50 }, () => cache.load('account', loader));
    expect(calls).toHaveLength(1);
    calls[0].resolve('settings');
    expect(await Promise.all(readers)).toEqual(Array(50).fill('settings'));
    // Cached now: no more loads.
    expect(await cache.load('account', loader)).toBe('settings');
    expect(calls).toHaveLength(1);
  });

  it('gives every waiting caller the failure of the shared load, and loads again on the next call', async () => {
    const cache = new TtlCache<string>(TTL);
    const { loader, calls } = gatedLoader<string>();
    const readers = [cache.load('k', loader), cache.load('k', loader)];
    calls[0].reject(new Error('database unavailable'));
    for (const r of readers) await expect(r).rejects.toThrow('database unavailable');
    const again = cache.load('k', loader);
    expect(calls).toHaveLength(2);
    calls[1].resolve('v');
    expect(await again).toBe('v');
  });

  it('reloads an entry read near its end in the background, once, while readers keep the cached value', async () => {
    const { cache, loader, calls } = await cachedOne();
    vi.setSystemTime(Date.now() + TTL * REFRESH_AHEAD - 1);
    expect(await cache.load('k', loader)).toBe(1);
    expect(calls).toHaveLength(1);
    vi.setSystemTime(Date.now() + 2);
    // Near its end: every reader still gets the cached value at once; one reload starts.
    const near = await Promise.all(Array.from({ length: 20 }, () => cache.load('k', loader)));
    expect(near).toEqual(Array(20).fill(1));
    expect(calls).toHaveLength(2);
    calls[1].resolve(2);
    await vi.waitFor(() => expect(cache.get('k')).toBe(2));
  });

  it('keeps serving the reloaded value after the first one would have expired', async () => {
    const { cache, loader, calls } = await cachedOne();
    vi.setSystemTime(Date.now() + TTL * 0.9);
    expect(await cache.load('k', loader)).toBe(1);
    calls[1].resolve(2);
    await vi.waitFor(() => expect(cache.get('k')).toBe(2));
    vi.setSystemTime(Date.now() + TTL * 0.5);
    expect(await cache.load('k', loader)).toBe(2);
    expect(calls).toHaveLength(2);
  });

  it('leaves an entry whose background reload failed to expire as before', async () => {
    const { cache, loader, calls } = await cachedOne();
    vi.setSystemTime(Date.now() + TTL * 0.9);
    expect(await cache.load('k', loader)).toBe(1);
    calls[1].reject(new Error('down'));
    await new Promise((resolve) => setImmediate(resolve));
    vi.setSystemTime(Date.now() + TTL * 0.2);
    const after = cache.load('k', loader);
    expect(calls).toHaveLength(3);
    calls[2].resolve(3);
    expect(await after).toBe(3);
  });

  it('never stores a value loaded before a drop, and callers after the drop load afresh', async () => {
    const cache = new TtlCache<string>(TTL);
    const { loader, calls } = gatedLoader<string>();
    const before = cache.load('role', loader);
    cache.delete('role');
    const after = cache.load('role', loader);
    expect(calls).toHaveLength(2);
    calls[0].resolve('old permissions');
    calls[1].resolve('new permissions');
    expect(await before).toBe('old permissions');
    expect(await after).toBe('new permissions');
    expect(cache.get('role')).toBe('new permissions');
  });

  it('returns a value `keep` refuses without caching it', async () => {
    const cache = new TtlCache<string | null>(TTL);
    let loads = 0;
    const loader = async () => {
      loads += 1;
      return null;
    };
    expect(await cache.load('missing', loader, (v) => v !== null)).toBeNull();
    expect(await cache.load('missing', loader, (v) => v !== null)).toBeNull();
    expect(loads).toBe(2);
  });
});

describe('TtlCache.getMany', () => {
  it('waits for keys another caller is loading instead of loading them again', async () => {
    const cache = new TtlCache<string | null>(TTL);
    const asked: string[][] = [];
    const answers: ((m: Map<string, string | null>) => void)[] = [];
    const load = (missing: string[]) =>
      new Promise<Map<string, string | null>>((resolve) => {
        asked.push(missing);
        answers.push(resolve);
      });
    const one = cache.getMany(['a', 'b'], load);
    const two = cache.getMany(['b', 'c'], load);
    const three = cache.getMany(['a', 'b', 'c'], load);
    expect(asked).toEqual([['a', 'b'], ['c']]);
    answers[0](
      new Map([
        ['a', 'A'],
        ['b', null],
      ]),
    );
    answers[1](new Map([['c', 'C']]));
    expect([...(await one)]).toEqual([
      ['a', 'A'],
      ['b', null],
    ]);
    expect(new Map(await two)).toEqual(
      new Map([
        ['b', null],
        ['c', 'C'],
      ]),
    );
    expect((await three).size).toBe(3);
    expect(asked).toHaveLength(2);
  });

  it('reloads entries near their end in the background and answers from the cache meanwhile', async () => {
    const cache = new TtlCache<string>(TTL);
    const asked: string[][] = [];
    const load = async (missing: string[]) => {
      asked.push(missing);
      return new Map(missing.map((k) => [k, `${k}${asked.length}`]));
    };
    expect([...(await cache.getMany(['a'], load))]).toEqual([['a', 'a1']]);
    vi.setSystemTime(Date.now() + TTL * 0.9);
    expect([...(await cache.getMany(['a', 'b'], load))]).toEqual([
      ['a', 'a1'],
      ['b', 'b3'],
    ]);
    // One background reload of 'a', one load of the missing 'b'.
    expect(asked).toEqual([['a'], ['a'], ['b']]);
    await vi.waitFor(() => expect(cache.get('a')).toBe('a2'));
  });
});

describe('TtlCache when full', () => {
  it('makes room by dropping the oldest entry only (emptying it sent every reader to the database)', () => {
    const cache = new TtlCache<number>(TTL, { maxEntries: 3 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    cache.set('a', 10); // set again: now the newest
    cache.set('d', 4);
    expect(['a', 'b', 'c', 'd'].map((k) => cache.get(k))).toEqual([10, undefined, 3, 4]);
  });
});

describe('an app that closes', () => {
  it('leaves no entry in any cache, named or not, and announces nothing', async () => {
    const named = new TtlCache<number>(TTL, { name: 'test-every-cache' });
    const plain = new TtlCache<number>(TTL);
    named.set('account', 1);
    plain.set('account', 2);
    const heard: unknown[] = [];
    const stop = onCacheDrop((...drop) => heard.push(drop));
    try {
      dropEveryCacheHere();
    } finally {
      stop();
    }
    expect([named.get('account'), plain.get('account')]).toEqual([undefined, undefined]);
    expect(heard).toEqual([]);
    // A load started before the close cannot bring its (old database's) row back after it.
    let answer: (value: number) => void = () => {};
    const loading = plain.load('late', () => new Promise<number>((resolve) => (answer = resolve)));
    dropEveryCacheHere();
    answer(3);
    expect(await loading).toBe(3);
    expect(plain.get('late')).toBeUndefined();
  });
});
