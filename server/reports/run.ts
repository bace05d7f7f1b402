// Report queries run read-only, without JIT (its compile time costs more than it saves on these
// one-pass aggregates, on PostgreSQL where it is on by default) and with room to hash in memory.
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../context';

export interface ReportOptions {
  /**
   * false: no parallel workers. For a report that already runs its queries side by side, whose
   * longest query cannot use workers anyway (range_agg): the other queries' workers would only
   * take the cores it needs.
   */
  parallel?: boolean;
}

export function runReport(ctx: AppContext, query: SQL, options: ReportOptions = {}): Promise<unknown> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    if (options.parallel === false) await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return tx.execute(query);
  });
}
