// What decides correctness across processes, piece by piece: named caches drop an entry everywhere
// when it changes (and never keep a value read before the change), and the widget's send limits
// live in Redis when REDIS_URL is set, falling back to this process's memory when Redis is away.
// The end-to-end view (two real processes) is twoProcesses.test.ts.
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { REDIS_URL, redisReachable } from '../../../bench/scale/servers';
import { applyCacheDrop, onCacheDrop, TtlCache } from '../../../server/chat/ttlCache';
import type { AppContext } from '../../../server/context';
import type { HttpError } from '../../../server/http/errors';
import { SESSION_SEND_RULE, sharedLimiter } from '../../../server/widget/rateLimit';

const redis = await redisReachable();

describe('named caches (server/chat/ttlCache.ts)', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  it('announce a drop of a named cache (for the other processes), not of an unnamed one', () => {
    const heard: [string, string | null][] = [];
    stops.push(onCacheDrop((name, key) => heard.push([name, key])));
    const named = new TtlCache<number>(60_000, { name: 'test-announce' });
    const plain = new TtlCache<number>(60_000);
    named.set('a', 1);
    plain.set('a', 1);
    named.delete('a');
    plain.delete('a');
    named.clear();
    expect(heard).toEqual([
      ['test-announce', 'a'],
      ['test-announce', null],
    ]);
  });

  it('apply a drop heard from another process to every cache of that name, without announcing it again', () => {
    const heard: unknown[] = [];
    stops.push(onCacheDrop((...args) => heard.push(args)));
    const one = new TtlCache<string>(60_000, { name: 'test-apply' });
    const two = new TtlCache<string>(60_000, { name: 'test-apply' });
    one.set('role', 'write');
    two.set('role', 'write');
    two.set('other', 'read');
    applyCacheDrop('test-apply', 'role');
    expect([one.get('role'), two.get('role'), two.get('other')]).toEqual([undefined, undefined, 'read']);
    applyCacheDrop('test-apply', null);
    expect(two.get('other')).toBeUndefined();
    expect(heard).toEqual([]);
  });

  it('do not keep a value that was read before a drop (it may be the old row)', async () => {
    const cache = new TtlCache<string>(60_000, { name: 'test-stale' });
    const since = cache.version;
    // A read of the old row is under way when the change is announced.
    applyCacheDrop('test-stale', 'queue');
    cache.set('queue', 'everyone', since);
    expect(cache.get('queue')).toBeUndefined();
    const loaded = await cache.getMany(['queue'], async () => {
      applyCacheDrop('test-stale', 'queue');
      return new Map([['queue', 'everyone']]);
    });
    expect(loaded.get('queue')).toBe('everyone');
    expect(cache.get('queue')).toBeUndefined();
    cache.set('queue', 'selected');
    expect(cache.get('queue')).toBe('selected');
  });
});

function appWith(redisUrl: string) {
  const app = Fastify({ logger: false });
  const ctx = { config: { redisUrl }, log: app.log } as unknown as AppContext;
  return { app, limiter: sharedLimiter(app, ctx) };
}

async function sends(limiter: ReturnType<typeof appWith>['limiter'], key: string, n: number) {
  const outcomes: (number | 'ok')[] = [];
  for (let i = 0; i < n; i++) {
    try {
      await limiter.check([[key, SESSION_SEND_RULE]]);
      outcomes.push('ok');
    } catch (err) {
      outcomes.push((err as HttpError).status);
    }
  }
  return outcomes;
}

describe('widget send limits (server/widget/rateLimit.ts sharedLimiter)', () => {
  it.skipIf(!redis)('are one bucket for every process on the same Redis', async () => {
    const one = appWith(REDIS_URL);
    const two = appWith(REDIS_URL);
    const key = `test-session-${Date.now()}-${Math.random()}`;
    try {
      const first = await sends(one.limiter, key, SESSION_SEND_RULE.burst / 2);
      const second = await sends(two.limiter, key, SESSION_SEND_RULE.burst / 2);
      const past = await sends(one.limiter, key, 1);
      expect([...first, ...second]).toEqual(Array(SESSION_SEND_RULE.burst).fill('ok'));
      expect(past).toEqual([429]);
    } finally {
      await one.app.close();
      await two.app.close();
    }
  });

  it('still limit, in this process, when Redis cannot be reached', async () => {
    const { app, limiter } = appWith('redis://127.0.0.1:1');
    try {
      const started = Date.now();
      const outcomes = await sends(limiter, 'test-offline', SESSION_SEND_RULE.burst + 1);
      expect(outcomes.slice(0, SESSION_SEND_RULE.burst)).toEqual(Array(SESSION_SEND_RULE.burst).fill('ok'));
      expect(outcomes[SESSION_SEND_RULE.burst]).toBe(429);
      // Only the first send waits (briefly) for a connection; none fails with 5xx.
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await app.close();
    }
  });
});
