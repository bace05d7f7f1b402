// Opaque bearer tokens. The database keeps only their SHA-256, with an expiry.
import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { Unauthorized } from '../http/errors';
import { sessions } from './schema';

export const DEFAULT_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export async function createSession(
  db: Db,
  userId: string,
  ttlMs: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  // Old sessions are swept now and then rather than on every request.
  if (Math.random() < 0.05)
    await db.delete(sessions).where(lt(sessions.expiresAt, new Date(Date.now() - ttlMs)));
  return { token, expiresAt };
}

export interface ResolvedSession {
  userId: string;
  tokenHash: string;
  expiresAt: Date;
}

/** What the database keys a bearer token's session by; a 401 for none or a malformed one. */
export function tokenHashOf(token: string | undefined): string {
  if (!token || token.length > 200) throw new Unauthorized('Unauthorization');
  return hashToken(token);
}

/** The session row read for a token as the caller's auth: a 401 when there is none or it has expired. */
export function liveSession(
  row: { userId: string; expiresAt: Date } | undefined,
  tokenHash: string,
): ResolvedSession {
  if (!row) throw new Unauthorized('Unauthorization');
  if (row.expiresAt.getTime() <= Date.now()) throw new Unauthorized('Token_Expired');
  return { userId: row.userId, tokenHash, expiresAt: row.expiresAt };
}

/** The user id behind a token, or a 401 with Unauthorization / Token_Expired (spec 6). */
export async function resolveSession(db: Db, token: string | undefined): Promise<ResolvedSession> {
  const tokenHash = tokenHashOf(token);
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return liveSession(row, tokenHash);
}

export async function endSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}
