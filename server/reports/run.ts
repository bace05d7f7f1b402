// Report queries run read-only, without JIT (its compile time costs more than it saves on these
// one-pass aggregates, on PostgreSQL where it is on by default) and with room to hash in memory.
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../context';

export function runReport(ctx: AppContext, query: SQL): Promise<unknown> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    return tx.execute(query);
  });
}
