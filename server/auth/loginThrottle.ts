// Slows down password guessing without letting a stranger lock the owner out (issue 2):
// - per (e-mail, address): the strict limit, so guessing one login from one place stops quickly;
// - per address across e-mails: a higher limit against one machine trying many logins;
// - per e-mail across all addresses: a high limit, then a wait that doubles with every failure,
//   against guessing spread over many machines.
// An attempt reserves its place before the password is checked (check-and-count is one atomic step
// in the counter store), so parallel guesses cannot get past a limit; a correct password gives
// the place back. Counters live in memory, or in Redis with REDIS_URL so every process shares them.
import { isIP } from 'node:net';
import { plainAddress } from '../http/clientAddress';
import { TooManyRequests } from '../http/errors';
import type { CounterRule, CounterStore } from '../limits/counters';

const MINUTE = 60_000;

export const LOGIN_RULES = {
  pair: { limit: 5, windowMs: 15 * MINUTE },
  address: { limit: 50, windowMs: 15 * MINUTE },
  email: { limit: 100, windowMs: 60 * MINUTE, backoff: { baseMs: 1000, maxMs: 15 * MINUTE } },
} satisfies Record<string, CounterRule>;

/** IPv6 clients usually hold a whole /64, so they are counted as one. */
export function addressGroup(remote: string): string {
  const ip = plainAddress(remote);
  if (isIP(ip) !== 6) return ip;
  const [head] = ip.split('%');
  const halves = head.split('::');
  const left = halves[0] ? halves[0].split(':') : [];
  const right = halves.length > 1 && halves[1] ? halves[1].split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  if (groups.length > 8 || groups.some((g) => g.includes('.'))) return head.toLowerCase();
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

function tooMany(waitMs: number): TooManyRequests {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new TooManyRequests(
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    seconds,
  );
}

export interface LoginAttempt {
  /** The password was right: the attempt does not count as a failure. */
  succeeded(): Promise<void>;
}

/** Reserves a place for one sign-in attempt or throws 429 with Retry-After. */
export async function reserveLoginAttempt(
  store: CounterStore,
  email: string,
  ip: string,
): Promise<LoginAttempt> {
  const login = email.trim().toLowerCase();
  const address = addressGroup(ip);
  const checks: [string, CounterRule][] = [
    [`login:pair:${address}:${login}`, LOGIN_RULES.pair],
    [`login:ip:${address}`, LOGIN_RULES.address],
    [`login:email:${login}`, LOGIN_RULES.email],
  ];
  const taken: string[] = [];
  for (const [key, rule] of checks) {
    const wait = await store.hit(key, rule);
    if (wait > 0) {
      for (const k of taken) await store.undo(k);
      throw tooMany(wait);
    }
    taken.push(key);
  }
  const [pair, byAddress, byEmail] = taken;
  return {
    async succeeded() {
      await store.reset(pair);
      await store.undo(byAddress);
      await store.undo(byEmail);
    },
  };
}
