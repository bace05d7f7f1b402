// Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both are driven through Drizzle's Postgres dialect, so the rest of the server sees one type.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { is, SQL } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { defaultPoolSize } from '../config';
import { schema } from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Plain SQL inside one transaction: several statements per call are allowed (migrations). */
export interface RawTransaction {
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

/**
 * A hot-path SQL statement written out once ($1, $2, … parameters): the database parses and plans
 * it once (a named prepared statement: per pooled connection on PostgreSQL, once on PGlite, see
 * pglitePrepared.ts), and no query builder runs per call.
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

const statementNames = new Set<string>();

/** Names must be unique: PostgreSQL keeps one text per name and connection. */
export function statement(name: string, text: string): Statement {
  if (statementNames.has(name)) throw new Error(`Statement ${name} is defined twice`);
  statementNames.add(name);
  return { name, text: text.replace(/\s+/g, ' ').trim() };
}

const dynamicStatements = new Map<string, Statement>();
/** Distinct texts remembered at most (a query builder makes a few per list filter). */
const DYNAMIC_STATEMENTS_MAX = 1_000;

/**
 * A statement whose text a query builder makes at run time (drizzle's sqlToQuery): named by the
 * hash of its text, so each distinct text is prepared once, and the same text always has the same
 * name on every connection.
 */
export function statementFor(text: string): Statement {
  const known = dynamicStatements.get(text);
  if (known) return known;
  const made = { name: `dyn_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, text };
  if (dynamicStatements.size < DYNAMIC_STATEMENTS_MAX) dynamicStatements.set(text, made);
  return made;
}

const dialect = new PgDialect();

/**
 * A query builder's output as a statement and its parameters, to run with Database.run (prepared
 * once per distinct text): for the list reads and the timers that run all day. Only for queries of
 * a few shapes: each distinct text stays prepared on every connection.
 */
export function built(query: SQL | { toSQL(): { sql: string; params: unknown[] } }): [Statement, unknown[]] {
  const { sql, params } = is(query, SQL) ? dialect.sqlToQuery(query) : query.toSQL();
  return [statementFor(sql), params];
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  rawTransaction<T>(fn: (tx: RawTransaction) => Promise<T>): Promise<T>;
  /**
   * Runs one prepared statement outside any transaction (a single statement is atomic). Rows come
   * as the driver gives them: snake_case columns, timestamps as Date, json parsed (server/db/rows.ts).
   */
  run<T = Record<string, unknown>>(statement: Statement, params: readonly unknown[]): Promise<T[]>;
  /** One plain statement outside any transaction: VACUUM cannot run inside one. */
  execOutside(sql: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A new embedded database is made (initdb) in a worker thread that then ends: initdb grows PGlite's
 * WebAssembly memory to some 800 MB, which a process never gives back, while an existing database
 * opens in about half of that. The server then opens it as on any later start.
 */
async function createPglite(dir: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const worker = new Worker(
    `const { workerData, parentPort } = require('node:worker_threads');
    const { PGlite } = require(workerData.entry);
    PGlite.create(workerData.dir)
      .then((db) => db.close())
      .then(() => parentPort.postMessage('ok'), (err) => parentPort.postMessage(String((err && err.stack) || err)));`,
    { eval: true, workerData: { entry, dir } },
  );
  try {
    const answer = await new Promise<unknown>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => resolve(`the worker stopped (${code})`));
    });
    if (answer !== 'ok') throw new Error(`Could not create the embedded database in ${dir}: ${answer}`);
  } finally {
    await worker.terminate();
  }
}

export async function openDatabase(options: {
  databaseUrl?: string | null;
  dataDir: string;
  /** PostgreSQL only: connections kept at most (server/config.ts defaultPoolSize). */
  poolSize?: number;
}): Promise<Database> {
  // Only the driver in use is loaded (PGlite's WebAssembly build is not needed next to PostgreSQL).
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle: drizzlePg } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? defaultPoolSize(),
    });
    // A broken idle connection must not take the process down; the next query reconnects.
    pool.on('error', () => {});
    await pool.query('select 1');
    return {
      db: drizzlePg({ client: pool, schema }) as unknown as Db,
      kind: 'postgres',
      async rawTransaction(fn) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await fn({
            exec: async (text) => {
              await client.query(text);
            },
            query: async (text, params) => (await client.query(text, params)).rows,
          });
          await client.query('commit');
          return result;
        } catch (err) {
          await client.query('rollback').catch(() => {});
          throw err;
        } finally {
          client.release();
        }
      },
      run: async <T>(st: Statement, params: readonly unknown[]) =>
        (await pool.query({ name: st.name, text: st.text, values: params as unknown[] })).rows as T[],
      execOutside: async (text) => {
        await pool.query(text);
      },
      close: () => pool.end(),
    };
  }
  const dir = path.join(options.dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await createPglite(dir);
  // 32 MB of shared buffers (PostgreSQL's default is 128 MB): the files stay in the system's page
  // cache anyway, and the embedded server then idles in ~290 MB instead of ~430 MB.
  const client = await PGlite.create(dir, { postgresqlconf: ['shared_buffers=32MB'] });
  const { preparedRunner } = await import('./pglitePrepared');
  const runPrepared = preparedRunner(client);
  return {
    db: drizzlePglite({ client, schema }) as unknown as Db,
    kind: 'pglite',
    rawTransaction: (fn) =>
      client.transaction((tx) =>
        fn({
          exec: async (text) => {
            await tx.exec(text);
          },
          query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
        }),
      ),
    run: runPrepared,
    execOutside: async (text) => {
      await client.exec(text);
    },
    close: () => client.close(),
  };
}

/** The rows of a raw `execute` result; both drivers answer with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
