// Slows down password guessing: after too many failures in a window, per e-mail or per
// address, sign-in answers 429 until the window has passed. Kept in the database so the
// limit holds across processes.
import { and, count, eq, gt, lt, min, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { TooManyRequests } from '../http/errors';
import { loginFailures } from './schema';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

const emailKey = (email: string) => `email:${email.toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;

async function failuresSince(db: Db, key: string, since: Date) {
  const [row] = await db
    .select({ n: count(), first: min(loginFailures.at) })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)));
  return { n: Number(row?.n ?? 0), first: row?.first ? new Date(row.first) : null };
}

export async function assertLoginAllowed(db: Db, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  const checks: [string, number][] = [
    [emailKey(email), MAX_FAILURES_PER_EMAIL],
    [addressKey(ip), MAX_FAILURES_PER_ADDRESS],
  ];
  for (const [key, limit] of checks) {
    const { n, first } = await failuresSince(db, key, since);
    if (n >= limit) {
      const retryAfter = Math.max(
        1,
        Math.ceil(((first?.getTime() ?? Date.now()) + LOGIN_WINDOW_MS - Date.now()) / 1000),
      );
      throw new TooManyRequests(
        `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
        retryAfter,
      );
    }
  }
}

export async function recordLoginFailure(db: Db, email: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values([{ key: emailKey(email) }, { key: addressKey(ip) }]);
  if (Math.random() < 0.02)
    await db.delete(loginFailures).where(lt(loginFailures.at, new Date(Date.now() - LOGIN_WINDOW_MS)));
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(or(eq(loginFailures.key, emailKey(email))));
}
