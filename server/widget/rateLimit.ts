// Token buckets per visitor session and per address: a burst of sends is fine, a flood is refused
// with 429 and Retry-After. sharedLimiter() keeps them in Redis when REDIS_URL is set, so the limits
// hold across processes (a load balancer may send a visitor's requests to any of them); without
// Redis, and while Redis cannot be reached, each process keeps them in memory (RateLimiter) and
// limits its own share, which still bounds a flood.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import type { AppContext } from '../context';
import { TooManyRequests } from '../http/errors';

export interface BucketRule {
  /** How many at once. */
  burst: number;
  /** Tokens regained per second. */
  perSecond: number;
}

/** A visitor may send 10 messages at once, then one a second. */
export const SESSION_SEND_RULE: BucketRule = { burst: 10, perSecond: 1 };
/** One address (an office behind NAT) may carry many visitors. */
export const ADDRESS_SEND_RULE: BucketRule = { burst: 60, perSecond: 10 };
/** New sessions per address. */
export const ADDRESS_SESSION_RULE: BucketRule = { burst: 30, perSecond: 0.5 };

const MAX_KEYS = 50_000;

export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes `cost` tokens or returns the seconds to wait. */
  take(key: string, rule: BucketRule, cost = 1): number {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: rule.burst, at: now };
    bucket.tokens = Math.min(rule.burst, bucket.tokens + ((now - bucket.at) / 1000) * rule.perSecond);
    bucket.at = now;
    if (bucket.tokens < cost) {
      this.buckets.set(key, bucket);
      return Math.max(1, Math.ceil((cost - bucket.tokens) / rule.perSecond));
    }
    bucket.tokens -= cost;
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > MAX_KEYS) {
      // Oldest entries first (Map keeps insertion order); a forgotten bucket starts full again.
      const drop = this.buckets.size - MAX_KEYS;
      let i = 0;
      for (const k of this.buckets.keys()) {
        if (i++ >= drop) break;
        this.buckets.delete(k);
      }
    }
    return 0;
  }

  /** Throws 429 when any of the buckets is empty. */
  check(entries: [string, BucketRule][], cost = 1, message: string = SERVER_MESSAGES.tooManyMessages) {
    for (const [key, rule] of entries) {
      const wait = this.take(key, rule, cost);
      if (wait > 0) throw new TooManyRequests(message, wait);
    }
  }
}

/** What the routes call: every bucket pays `cost` at once, or 429 names the wait. */
export interface SendLimiter {
  check(entries: [string, BucketRule][], cost?: number, message?: string): Promise<void>;
}

const KEY_PREFIX = 'chatdesk:bucket:';

/**
 * All buckets or none, on Redis' own clock (processes' clocks may differ). KEYS: the buckets;
 * ARGV: cost, then burst and perSecond per key. Returns 0, or the seconds to wait.
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local cost = tonumber(ARGV[1])
local left = {}
for i = 1, #KEYS do
  local burst = tonumber(ARGV[2 * i])
  local rate = tonumber(ARGV[2 * i + 1])
  local h = redis.call('HMGET', KEYS[i], 't', 'at')
  local tokens = tonumber(h[1])
  local at = tonumber(h[2])
  if tokens == nil or at == nil then
    tokens = burst
    at = now
  end
  tokens = math.min(burst, tokens + math.max(0, now - at) / 1000 * rate)
  if tokens < cost then return math.max(1, math.ceil((cost - tokens) / rate)) end
  left[i] = tokens - cost
end
for i = 1, #KEYS do
  local burst = tonumber(ARGV[2 * i])
  local rate = tonumber(ARGV[2 * i + 1])
  redis.call('HSET', KEYS[i], 't', tostring(left[i]), 'at', now)
  redis.call('PEXPIRE', KEYS[i], math.ceil(burst / rate * 1000) + 1000)
end
return 0
`;

/** Sent by its hash (EVALSHA): Redis neither receives nor hashes the script on every send. */
const TAKE_SHA = createHash('sha1').update(TAKE).digest('hex');

const REDIS_WARN_EVERY_MS = 10_000;

function redisLimiter(url: string, log: FastifyBaseLogger) {
  // Commands fail at once while disconnected (the memory buckets stand in) instead of queueing.
  const client = createClient({ url, disableOfflineQueue: true });
  client.on('error', () => {});
  const ready = client.connect().catch(() => {});
  // The first sends after start wait a little for the connection; later ones never wait.
  let started = false;
  const firstConnection = Promise.race([ready, new Promise((r) => setTimeout(r, 1000).unref())]).then(() => {
    started = true;
  });
  const local = new RateLimiter();
  let warnedAt = 0;
  const limiter: SendLimiter = {
    async check(entries, cost = 1, message: string = SERVER_MESSAGES.tooManyMessages) {
      let wait: number;
      try {
        if (!client.isReady && !started) await firstConnection;
        const call = {
          keys: entries.map(([key]) => KEY_PREFIX + key),
          arguments: [cost, ...entries.flatMap(([, rule]) => [rule.burst, rule.perSecond])].map(String),
        };
        // A Redis that restarted has forgotten the script: EVAL teaches it again.
        const reply = await client
          .evalSha(TAKE_SHA, call)
          .catch((err: Error) =>
            /NOSCRIPT/.test(err.message) ? client.eval(TAKE, call) : Promise.reject(err),
          );
        wait = Number(reply);
      } catch (err) {
        // Redis is away: this process limits its own share until it is back.
        if (Date.now() - warnedAt > REDIS_WARN_EVERY_MS) {
          warnedAt = Date.now();
          log.warn({ err }, 'Redis (send limits) unavailable: limiting in this process only');
        }
        local.check(entries, cost, message);
        return;
      }
      if (wait > 0) throw new TooManyRequests(message, wait);
    },
  };
  const close = async () => {
    if (client.isReady) await client.quit().catch(() => {});
    else if (client.isOpen) await client.disconnect().catch(() => {});
  };
  return { limiter, close };
}

function memoryLimiter(): SendLimiter {
  const local = new RateLimiter();
  return {
    async check(entries, cost, message) {
      local.check(entries, cost, message);
    },
  };
}

const limiters = new WeakMap<AppContext, SendLimiter>();

/** The app's send limiter (shared by its routes): in Redis with REDIS_URL, in memory otherwise. */
export function sharedLimiter(app: FastifyInstance, ctx: AppContext): SendLimiter {
  let limiter = limiters.get(ctx);
  if (!limiter) {
    if (ctx.config.redisUrl) {
      const made = redisLimiter(ctx.config.redisUrl, ctx.log);
      app.addHook('onClose', made.close);
      limiter = made.limiter;
    } else limiter = memoryLimiter();
    limiters.set(ctx, limiter);
  }
  return limiter;
}
