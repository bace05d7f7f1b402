// The same schema and seed on embedded PGlite and on PostgreSQL (DATABASE_URL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../../server/accounts/seed';
import { defaultPoolSize, readConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import { MIGRATIONS } from '../../../server/db/migrations/index';
import { createTestDatabase, postgresAvailable } from '../../helpers/postgres';
import { ADMIN_EMAIL, login, startServer } from '../../helpers/server';

const pgUp = await postgresAvailable();
if (!pgUp)
  console.warn(
    'PostgreSQL is not reachable on 127.0.0.1:5432: the PostgreSQL half of the database tests is skipped.',
  );

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function target(kind: 'pglite' | 'postgres') {
  if (kind === 'postgres') {
    const db = await createTestDatabase();
    cleanups.push(db.drop);
    return { databaseUrl: db.url, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'chat-db-')) };
  }
  return { databaseUrl: null, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'chat-db-')) };
}

describe.each([['pglite'], ['postgres']] as const)('database on %s', (kind) => {
  const skip = kind === 'postgres' && !pgUp;

  it.skipIf(skip)('applies every migration once, in order, and again applies none', async () => {
    const options = await target(kind);
    const database = await openDatabase(options);
    try {
      expect(await migrate(database)).toEqual(MIGRATIONS.map((m) => m.id));
      expect(await migrate(database)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it.skipIf(skip)('seeds an empty database once: workspace, account, widget channel, owner', async () => {
    const options = await target(kind);
    const database = await openDatabase(options);
    try {
      await migrate(database);
      const first = await seedIfEmpty(database.db, { email: 'boss@example.com', password: null });
      expect(first.created).toBe(true);
      expect(first.generatedPassword).toMatch(/^.{10,}$/);
      expect(first.widgetId).toMatch(/^[a-z0-9]{12}$/);
      const again = await seedIfEmpty(database.db, { email: 'other@example.com', password: null });
      expect(again).toMatchObject({ created: false, email: 'boss@example.com', widgetId: first.widgetId });
      expect(again.generatedPassword).toBeUndefined();
    } finally {
      await database.close();
    }
  });

  it.skipIf(skip)('refuses a weak ADMIN_PASSWORD with the policy of spec 5', async () => {
    const options = await target(kind);
    const database = await openDatabase(options);
    try {
      await migrate(database);
      await expect(seedIfEmpty(database.db, { email: 'a@example.com', password: 'short' })).rejects.toThrow(
        /at least 10 characters/,
      );
    } finally {
      await database.close();
    }
  });

  it.skipIf(skip)('a full server runs on it and the owner can sign in', async () => {
    const options = await target(kind);
    const server = await startServer({ databaseUrl: options.databaseUrl ?? undefined });
    try {
      const session = await login(server.url);
      expect(session.user.email).toBe(ADMIN_EMAIL);
      expect(server.app.ctx.database.kind).toBe(kind);
    } finally {
      await server.close();
    }
  });
});

describe.skipIf(!pgUp)('several processes on one PostgreSQL', () => {
  it('migrate and seed concurrently without duplicates', async () => {
    const db = await createTestDatabase();
    cleanups.push(db.drop);
    const databases = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: db.url, dataDir: os.tmpdir() })),
    );
    try {
      await Promise.all(databases.map((d) => migrate(d)));
      const seeds = await Promise.all(
        databases.map((d) => seedIfEmpty(d.db, { email: 'x@example.com', password: null })),
      );
      expect(seeds.filter((s) => s.created)).toHaveLength(1);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
    }
  });
});

describe('PostgreSQL connections per process (DATABASE_POOL_SIZE)', () => {
  it('default to three per core, at least 4, and refuse what is not a positive whole number', () => {
    expect(defaultPoolSize(1)).toBe(4);
    expect(defaultPoolSize(2)).toBe(6);
    expect(defaultPoolSize(8)).toBe(24);
    expect(readConfig({}).databasePoolSize).toBe(defaultPoolSize());
    expect(readConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
    for (const bad of ['0', '-3', '2.5', 'many'])
      expect(() => readConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it.skipIf(!pgUp)('are never more than the pool size, however many queries come at once', async () => {
    const db = await createTestDatabase();
    cleanups.push(db.drop);
    const database = await openDatabase({ databaseUrl: db.url, dataDir: os.tmpdir(), poolSize: 3 });
    try {
      const seen: number[] = [];
      await Promise.all(
        Array.from({ length: 12 }, () =>
          database.db.execute(
            sql`select pg_sleep(0.05), (select count(*) from pg_stat_activity where datname = current_database() and backend_type = 'client backend') as n`,
          ),
        ),
      ).then((results) => {
        for (const r of results) seen.push(Number((r as unknown as { rows: { n: string }[] }).rows[0].n));
      });
      expect(Math.max(...seen)).toBeLessThanOrEqual(3);
      expect(Math.max(...seen)).toBeGreaterThanOrEqual(2);
    } finally {
      await database.close();
    }
  });
});
