// Per-account storage use, kept exact: every change happens in the same transaction as the file
// rows it accounts for, and the row lock on media_usage orders concurrent uploads.
import { eq, sql } from 'drizzle-orm';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { mediaUsage } from './schema';

/** What a new account may store: 5 GB (sizes in 1000 steps, as spec 5 counts MB). */
export const DEFAULT_STORAGE_LIMIT_BYTES = 5_000_000_000;

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;

export interface DiskInfo {
  use: number;
  limit: number;
}

export class StorageFull extends HttpError {
  constructor() {
    super(413, SERVER_MESSAGES.storageFull, 'storage_full', 'files');
  }
}

export async function ensureUsageRow(db: Runner, accountId: string) {
  await db
    .insert(mediaUsage)
    .values({ accountId, used: 0, limitBytes: DEFAULT_STORAGE_LIMIT_BYTES })
    .onConflictDoNothing();
}

export async function diskInfo(db: Runner, accountId: string): Promise<DiskInfo> {
  await ensureUsageRow(db, accountId);
  const [row] = await db.select().from(mediaUsage).where(eq(mediaUsage.accountId, accountId));
  return { use: Number(row.used), limit: Number(row.limitBytes) };
}

/** Adds `bytes` when they fit under the limit; throws StorageFull otherwise. */
export async function reserve(tx: Tx, accountId: string, bytes: number): Promise<DiskInfo> {
  await ensureUsageRow(tx, accountId);
  const [row] = await tx
    .update(mediaUsage)
    .set({ used: sql`${mediaUsage.used} + ${bytes}` })
    .where(
      sql`${mediaUsage.accountId} = ${accountId} and ${mediaUsage.used} + ${bytes} <= ${mediaUsage.limitBytes}`,
    )
    .returning();
  if (!row) throw new StorageFull();
  return { use: Number(row.used), limit: Number(row.limitBytes) };
}

export async function release(tx: Tx, accountId: string, bytes: number) {
  if (bytes <= 0) return;
  await tx
    .update(mediaUsage)
    .set({ used: sql`${mediaUsage.used} - ${bytes}` })
    .where(eq(mediaUsage.accountId, accountId));
}

export async function setStorageLimit(db: Runner, accountId: string, limitBytes: number) {
  await ensureUsageRow(db, accountId);
  await db.update(mediaUsage).set({ limitBytes }).where(eq(mediaUsage.accountId, accountId));
}
