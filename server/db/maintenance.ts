// Autovacuum's work for the embedded database. PGlite runs no autovacuum, so nothing did it:
// - Tables were never analysed and were planned from guesses. The inbox's first 50 of 10,000 chats
//   took 23 ms, and 6 ms after one ANALYZE.
// - Dead rows were never cleared and transaction ids never frozen. Some two billion transactions
//   on, that ends with a database that refuses writes.
// The pass uses autovacuum's default thresholds:
// - analyse past 50 rows + 10% changed, or never analysed and past 8 pages (counts a restart lost);
// - vacuum past 50 + 20% dead rows, 1,000 + 20% inserted, or ids 200 million transactions old.
// PGlite runs one statement at a time, on the server's own thread, so a pass holds everything else
// back while it runs. With 500,000 messages an ANALYZE took 0.5 s and a VACUUM of 20% dead rows
// 0.4 s; with 5,000,000 freshly written, VACUUM (ANALYZE) of the three chat tables took 4–5 s
// (bench/chat.ts prints it). The thresholds make passes rare; README.md tells busy inboxes to move
// to PostgreSQL, where autovacuum does all this and this does nothing.
import type { FastifyBaseLogger } from 'fastify';
import { every } from '../every';
import { type Database, statement } from './client';

export const MAINTAIN_EVERY_MS = 60_000;
/** The first pass, soon after the start: the tables a new or restarted server already holds. */
export const FIRST_PASS_AFTER_MS = 5_000;

const DUE = statement(
  'db_tables_to_maintain',
  `select name, vacuum_due, analyze_due from (
     select quote_ident(c.relname) as name,
       coalesce(s.n_dead_tup, 0) > 50 + 0.2 * greatest(c.reltuples, 0)
         or coalesce(s.n_ins_since_vacuum, 0) > 1000 + 0.2 * greatest(c.reltuples, 0)
         or age(c.relfrozenxid) > 200000000 as vacuum_due,
       (c.reltuples < 0 and pg_relation_size(c.oid) > 65536)
         or coalesce(s.n_mod_since_analyze, 0) > 50 + 0.1 * greatest(c.reltuples, 0) as analyze_due
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     left join pg_stat_user_tables s on s.relid = c.oid
     where c.relkind = 'r' and n.nspname = 'public'
   ) t
   where vacuum_due or analyze_due
   order by name`,
);

export interface MaintainedTable {
  name: string;
  vacuum: boolean;
  analyze: boolean;
}

/** Vacuums and analyses every table due for it; returns what it did. */
export async function maintainDueTables(
  database: Pick<Database, 'run' | 'execOutside'>,
): Promise<MaintainedTable[]> {
  const rows = await database.run<{ name: string; vacuum_due: boolean; analyze_due: boolean }>(DUE, []);
  const due = rows.map((r) => ({ name: r.name, vacuum: r.vacuum_due, analyze: r.analyze_due }));
  for (const t of due) {
    const command = t.vacuum ? (t.analyze ? 'vacuum (analyze)' : 'vacuum') : 'analyze';
    await database.execOutside(`${command} ${t.name}`);
  }
  return due;
}

/** Starts the periodic passes on PGlite; returns a stop that waits for a pass under way. */
export function startMaintenance(
  database: Pick<Database, 'kind' | 'run' | 'execOutside'>,
  log: Pick<FastifyBaseLogger, 'error'>,
  times = { firstAfterMs: FIRST_PASS_AFTER_MS, everyMs: MAINTAIN_EVERY_MS },
): () => Promise<void> {
  if (database.kind !== 'pglite') return () => Promise.resolve();
  return every(times.everyMs, () => maintainDueTables(database), {
    what: 'vacuuming or analysing the database tables',
    log,
    firstAfterMs: times.firstAfterMs,
  });
}
