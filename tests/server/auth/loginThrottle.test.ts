// Issue 2: repeated failed logins are slowed down per e-mail and per address, without a stranger
// locking the owner out, without parallel guesses slipping past, without a forged
// X-Forwarded-For walking around the limit, and across processes with REDIS_URL.
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../../server/app';
import { addressGroup, LOGIN_RULES, reserveLoginAttempt } from '../../../server/auth/loginThrottle';
import { readConfig } from '../../../server/config';
import { clientAddress, DEFAULT_TRUST_PROXY, parseTrustProxy } from '../../../server/http/clientAddress';
import { type CounterRule, type CounterStore, memoryCounters } from '../../../server/limits/counters';
import { redisCounters } from '../../../server/limits/redisCounters';
import { REDIS_URL, redisAvailable } from '../../helpers/redis';
import { ADMIN_EMAIL, ADMIN_PASSWORD, DIST_DIR, startServer, type TestServer } from '../../helpers/server';

const hasRedis = await redisAvailable();
if (!hasRedis)
  console.warn('Redis is not reachable at 127.0.0.1:6379: the cross-process login tests are skipped.');

/** An address of this machine that is not loopback (the server also listens there). */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

const silentLog = { warn() {}, error() {} } as unknown as Parameters<typeof redisCounters>[1];
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

describe('counter stores (server/limits)', () => {
  const stores: [string, () => CounterStore][] = [['memory', () => memoryCounters()]];
  if (hasRedis) stores.push(['redis', () => redisCounters(REDIS_URL, silentLog)]);

  it.each(stores)('%s: 40 parallel hits on a limit of 5 count exactly 5', async (_name, make) => {
    const store = make();
    const key = `test:${unique()}`;
    const rule: CounterRule = { limit: 5, windowMs: 60_000 };
    const waits = await Promise.all(Array.from({ length: 40 }, () => store.hit(key, rule)));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    for (const w of waits.filter((w) => w > 0)) expect(w).toBeLessThanOrEqual(60_000);
    await store.undo(key);
    expect(await store.hit(key, rule)).toBe(0);
    expect(await store.hit(key, rule)).toBeGreaterThan(0);
    await store.reset(key);
    expect(await store.hit(key, rule)).toBe(0);
    await store.close();
  });

  it('a fixed window holds until it ends; backoff doubles the wait past the limit', async () => {
    let now = 1_000_000;
    const store = memoryCounters(() => now);
    const fixed: CounterRule = { limit: 2, windowMs: 10_000 };
    expect(await store.hit('f', fixed)).toBe(0);
    now += 1000;
    expect(await store.hit('f', fixed)).toBe(0);
    expect(await store.hit('f', fixed)).toBe(9000);
    now += 9000;
    expect(await store.hit('f', fixed)).toBe(0);

    const growing: CounterRule = { limit: 2, windowMs: 60_000, backoff: { baseMs: 1000, maxMs: 4000 } };
    expect(await store.hit('g', growing)).toBe(0);
    expect(await store.hit('g', growing)).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const wait = await store.hit('g', growing);
      waits.push(wait);
      now += wait;
      expect(await store.hit('g', growing)).toBe(0);
    }
    expect(waits).toEqual([1000, 2000, 4000, 4000, 4000]);
    now += 60_000;
    expect(await store.hit('g', growing)).toBe(0);
  });

  it('one address trying many e-mails is held by the per-address limit; a success gives its place back', async () => {
    const store = memoryCounters();
    for (let i = 0; i < LOGIN_RULES.address.limit - 1; i++)
      await reserveLoginAttempt(store, `spray-${i}@example.com`, '203.0.113.30');
    // The owner's own successful sign-ins from the same office address do not use it up.
    for (let i = 0; i < 3; i++)
      await (await reserveLoginAttempt(store, ADMIN_EMAIL, '203.0.113.30')).succeeded();
    await reserveLoginAttempt(store, 'last@example.com', '203.0.113.30');
    await expect(reserveLoginAttempt(store, 'one-more@example.com', '203.0.113.30')).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
    });
    // Another address is unaffected.
    await reserveLoginAttempt(store, 'one-more@example.com', '203.0.113.31');
  });

  it('one e-mail guessed from many addresses waits longer and longer past the high limit', async () => {
    let now = 5_000_000;
    const store = memoryCounters(() => now);
    for (let i = 0; i < LOGIN_RULES.email.limit; i++)
      await reserveLoginAttempt(store, 'target@example.com', `198.18.${i >> 8}.${i & 255}`);
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const err = await reserveLoginAttempt(store, 'target@example.com', `198.19.0.${i}`).catch((e) => e);
      waits.push(Number(err.headers['retry-after']));
      now += waits[i] * 1000;
      await reserveLoginAttempt(store, 'target@example.com', `198.19.1.${i}`);
    }
    expect(waits).toEqual([1, 2, 4]);
  });

  it('groups an IPv6 client by its /64 and leaves IPv4 alone', () => {
    expect(addressGroup('2001:db8:1:2:aaaa::1')).toBe(addressGroup('2001:db8:1:2:ffff:1:2:3'));
    expect(addressGroup('2001:db8:1:2::1')).not.toBe(addressGroup('2001:db8:1:3::1'));
    expect(addressGroup('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('which proxies are believed (TRUST_PROXY)', () => {
  it('by default believes loopback and private networks only', () => {
    const trust = parseTrustProxy(DEFAULT_TRUST_PROXY);
    for (const a of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '192.168.0.9',
      '172.20.0.1',
      '::ffff:10.0.0.1',
      'fd00::5',
    ])
      expect(trust(a), a).toBe(true);
    for (const a of ['203.0.113.9', '192.0.2.2', '8.8.8.8', '2001:db8::1']) expect(trust(a), a).toBe(false);
  });

  it('a forged X-Forwarded-For from an untrusted peer is ignored; a proxy on loopback is believed', () => {
    const trust = parseTrustProxy(DEFAULT_TRUST_PROXY);
    expect(clientAddress('203.0.113.9', '1.2.3.4', trust)).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', '198.51.100.7', trust)).toBe('198.51.100.7');
    // A client behind our proxy cannot prepend its own choice either: only the proxy's hop counts.
    expect(clientAddress('127.0.0.1', '1.2.3.4, 198.51.100.7', trust)).toBe('198.51.100.7');
  });
});

describe('POST /api/auth/login throttling', () => {
  let app: App;
  let port: number;
  beforeAll(async () => {
    const config = readConfig({
      DATA_DIR: (await import('node:fs')).mkdtempSync(`${os.tmpdir()}/chat-throttle-`),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'error',
    });
    app = await createApp({ config, distDir: DIST_DIR, logger: false });
    // All interfaces: the test also calls from this machine's non-loopback address, a peer that
    // is not a trusted proxy.
    port = await app.listen(0, '0.0.0.0');
  });
  afterAll(() => app?.close());

  const login = (body: unknown, headers: Record<string, string> = {}, host = '127.0.0.1') =>
    fetch(`http://${host}:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('an attacker elsewhere is held after 5 failures while the owner still signs in from their address', async () => {
    const attacker = from('203.0.113.9');
    for (let i = 0; i < LOGIN_RULES.pair.limit; i++) {
      const res = await login({ email: ADMIN_EMAIL, password: `Wrong-${i}` }, attacker);
      expect(res.status).toBe(401);
    }
    const held = await login({ email: ADMIN_EMAIL, password: 'Wrong-again' }, attacker);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(800);
    const body = await held.json();
    expect(body).toEqual({
      message: expect.stringMatching(/^Too many failed sign-in attempts/),
      code: 'rate_limited',
    });
    // Even the right password does not get through from the held address…
    expect((await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, attacker)).status).toBe(429);
    // …but the owner, somewhere else, is not locked out.
    const owner = await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, from('198.51.100.7'));
    expect(owner.status).toBe(200);
  });

  it('parallel guesses cannot get past the limit', async () => {
    const email = `parallel-${unique()}@example.com`;
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => login({ email, password: `Guess-${i}` }, from('203.0.113.20'))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_RULES.pair.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16 - LOGIN_RULES.pair.limit);
  });

  it.skipIf(!outsideAddress)(
    'rotating X-Forwarded-For from a peer that is not a trusted proxy does not help',
    async () => {
      const email = `rotate-${unique()}@example.com`;
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await login({ email, password: `Wrong-${i}` }, from(`198.18.0.${i + 1}`), outsideAddress);
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    },
  );
});

describe.skipIf(!hasRedis)('with REDIS_URL the counts hold across processes', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    [a, b] = await Promise.all([startServer({ env: { REDIS_URL } }), startServer({ env: { REDIS_URL } })]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('failures on one process hold the next try on another', async () => {
    const email = `shared-${unique()}@example.com`;
    // Redis outlives the test: a fresh address each run keeps runs apart.
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const tryOn = (server: TestServer, i: number) =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email, password: `Wrong-${i}` }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await tryOn(i % 2 ? a : b, i)).status);
    statuses.push((await tryOn(a, 5)).status, (await tryOn(b, 6)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});
