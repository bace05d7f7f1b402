// The counter store on Redis (REDIS_URL): every process sees the same counts. A hit is one Lua
// script (decideHit of counters.ts, step for step), so check-and-count is atomic across processes.
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { HttpError } from '../http/errors';
import type { CounterRule, CounterStore } from './counters';

const PREFIX = 'chatdesk:limit:';

const HIT = `
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local win = tonumber(ARGV[3])
local base = tonumber(ARGV[4])
local max = tonumber(ARGV[5])
local h = redis.call('HMGET', KEYS[1], 'n', 'start', 'last')
local n = tonumber(h[1])
local start = tonumber(h[2])
local last = tonumber(h[3])
if n == nil or (base > 0 and last + win <= now) or (base == 0 and start + win <= now) then
  n = 0
  start = now
  last = 0
end
if n >= limit then
  local wait
  if base > 0 then
    wait = last + math.min(base * 2 ^ (n - limit), max) - now
  else
    wait = start + win - now
  end
  if wait > 0 then return math.ceil(wait) end
end
n = n + 1
redis.call('HSET', KEYS[1], 'n', n, 'start', start, 'last', now)
if base > 0 then
  redis.call('PEXPIRE', KEYS[1], win)
else
  redis.call('PEXPIRE', KEYS[1], math.max(1, start + win - now))
end
return 0
`;

const UNDO = `
local n = tonumber(redis.call('HGET', KEYS[1], 'n'))
if n ~= nil and n > 0 then redis.call('HINCRBY', KEYS[1], 'n', -1) end
return 0
`;

/** Redis unreachable: refuse for now rather than let guesses through uncounted. */
const unavailable = (log: FastifyBaseLogger, err: unknown) => {
  log.warn({ err }, 'rate-limit counters unavailable');
  return new HttpError(503, SERVER_MESSAGES.unavailable, 'unavailable', undefined, {
    'retry-after': '5',
  });
};

export function redisCounters(url: string, log: FastifyBaseLogger): CounterStore {
  // Commands fail at once while disconnected instead of queueing behind a dead connection.
  const client = createClient({ url, disableOfflineQueue: true });
  client.on('error', (err) => log.warn({ err }, 'Redis (rate limits)'));
  const ready = client.connect().then(
    () => true,
    (err) => {
      log.error({ err }, 'Redis (rate limits): could not connect');
      return false;
    },
  );
  // The first requests after start wait a little for the connection, never longer.
  const connected = () =>
    client.isReady ? Promise.resolve() : Promise.race([ready, new Promise((r) => setTimeout(r, 2000))]);
  async function run(script: string, key: string, args: (string | number)[] = []): Promise<number> {
    try {
      await connected();
      const reply = await client.eval(script, { keys: [PREFIX + key], arguments: args.map(String) });
      return Number(reply);
    } catch (err) {
      throw unavailable(log, err);
    }
  }
  return {
    hit: (key: string, rule: CounterRule) =>
      run(HIT, key, [
        Date.now(),
        rule.limit,
        rule.windowMs,
        rule.backoff?.baseMs ?? 0,
        rule.backoff?.maxMs ?? 0,
      ]),
    undo: async (key) => {
      await run(UNDO, key);
    },
    reset: async (key) => {
      try {
        await connected();
        await client.del(PREFIX + key);
      } catch (err) {
        throw unavailable(log, err);
      }
    },
    async close() {
      if (client.isReady) await client.quit().catch(() => {});
      else if (client.isOpen) await client.disconnect().catch(() => {});
    },
  };
}
