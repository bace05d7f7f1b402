// Keeps the embedded database's planner statistics current. PostgreSQL's autovacuum analyses a
// table once enough of its rows changed; PGlite runs no autovacuum, so nothing did, and a table that
// was never analysed is planned from guesses: the inbox's first 50 of 10,000 chats took 23 ms
// instead of 6 ms after one ANALYZE. This is autovacuum's analysing half with its default
// thresholds (50 rows + 10% of the table changed since the last pass; or never analysed and past
// 8 pages, for counts a restart did not keep). ANALYZE reads a sample of at most 30,000 rows, so a
// pass stays bounded however large the table grows (about 0.5 s with 500,000 messages, holding
// PGlite's other statements back meanwhile). On PostgreSQL autovacuum does it, and this does nothing.
import type { FastifyBaseLogger } from 'fastify';
import { type Database, statement } from './client';

export const ANALYZE_EVERY_MS = 60_000;
/** The first pass, soon after the start: the tables a new or restarted server already holds. */
export const FIRST_ANALYZE_AFTER_MS = 5_000;

const DUE = statement(
  'db_tables_to_analyze',
  `select quote_ident(c.relname) as name
   from pg_class c
   join pg_namespace n on n.oid = c.relnamespace
   left join pg_stat_user_tables s on s.relid = c.oid
   where c.relkind = 'r' and n.nspname = 'public'
     and ((c.reltuples < 0 and pg_relation_size(c.oid) > 65536)
       or coalesce(s.n_mod_since_analyze, 0) > 50 + 0.1 * greatest(c.reltuples, 0))
   order by c.relname`,
);

/** Analyses every table due for it; returns their names. */
export async function analyzeDueTables(
  database: Pick<Database, 'run' | 'rawTransaction'>,
): Promise<string[]> {
  const due = await database.run<{ name: string }>(DUE, []);
  for (const { name } of due) await database.rawTransaction((tx) => tx.exec(`analyze ${name}`));
  return due.map((t) => t.name);
}

/** Starts the periodic passes on PGlite; returns a stop that waits for a pass under way. */
export function startStatistics(
  database: Pick<Database, 'kind' | 'run' | 'rawTransaction'>,
  log: Pick<FastifyBaseLogger, 'error'>,
  times = { firstAfterMs: FIRST_ANALYZE_AFTER_MS, everyMs: ANALYZE_EVERY_MS },
): () => Promise<void> {
  if (database.kind !== 'pglite') return () => Promise.resolve();
  let current: Promise<void> | null = null;
  const pass = () => {
    current ??= analyzeDueTables(database)
      .then(
        () => {},
        (err: unknown) => log.error({ err }, 'analysing the database tables failed'),
      )
      .finally(() => {
        current = null;
      });
  };
  const first = setTimeout(pass, times.firstAfterMs);
  const timer = setInterval(pass, times.everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
    return current ?? Promise.resolve();
  };
}
