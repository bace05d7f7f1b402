// Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both are driven through Drizzle's Postgres dialect, so the rest of the server sees one type.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { schema } from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Plain SQL inside one transaction: several statements per call are allowed (migrations). */
export interface RawTransaction {
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  rawTransaction<T>(fn: (tx: RawTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openDatabase(options: {
  databaseUrl?: string | null;
  dataDir: string;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20 });
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
      close: () => pool.end(),
    };
  }
  const dir = path.join(options.dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
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
    close: () => client.close(),
  };
}

/** The rows of a raw `execute` result; both drivers answer with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
