// Versioned migrations, applied in order at start. Each runs once, all in one transaction,
// under an advisory lock so that several processes starting together do not race.
import type { Database } from './client';
import { MIGRATIONS } from './migrations/index';

const LOCK_KEY = 7_300_241;

export async function migrate(database: Database): Promise<string[]> {
  return database.rawTransaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec(
      'create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())',
    );
    const done = await tx.query<{ id: string }>('select id from schema_migrations');
    const have = new Set(done.map((r) => r.id));
    const applied: string[] = [];
    for (const migration of MIGRATIONS) {
      if (have.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (id) values ($1)', [migration.id]);
      applied.push(migration.id);
    }
    return applied;
  });
}
