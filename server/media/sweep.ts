// Files stored with a time to live (chat uploads) are deleted once it runs out, with their bytes
// given back. Every process may sweep: a row is deleted (and counted) by whichever gets it first.
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import { every } from '../every';
import { deleteFileRows, expiredFiles } from './fileRows';
import { mediaFiles } from './schema';
import { removeStoredBytes } from './store';

export const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

export async function sweepExpiredFiles(ctx: AppContext): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await expiredFiles(ctx.db);
    if (batch.length === 0) return total;
    const byAccount = new Map<string, string[]>();
    for (const f of batch) byAccount.set(f.accountId, [...(byAccount.get(f.accountId) ?? []), f.id]);
    for (const [accountId, ids] of byAccount) {
      const removed = await ctx.db.transaction((tx) =>
        deleteFileRows(tx, accountId, inArray(mediaFiles.id, ids)),
      );
      await removeStoredBytes(ctx, removed);
      total += removed.length;
    }
    if (batch.length < 200) return total;
  }
}

export function startExpirySweep(ctx: AppContext, everyMs = SWEEP_INTERVAL_MS): () => Promise<void> {
  return every(everyMs, () => sweepExpiredFiles(ctx), { what: 'media: expiry sweep', log: ctx.log });
}
