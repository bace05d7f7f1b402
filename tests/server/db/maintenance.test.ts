// PGlite runs no autovacuum: server/db/maintenance.ts analyses the tables whose rows changed enough
// and vacuums the ones with enough dead or new rows (autovacuum's default thresholds), so the
// planner does not work from guesses and dead rows are cleared. PostgreSQL's own autovacuum does it
// there, and the server leaves it alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../../server/db/client';
import { maintainDueTables, startMaintenance } from '../../../server/db/maintenance';
import { eventually } from '../../helpers/eventually';

// One embedded database for the file, unmigrated: each test makes tables of its own, and a pass
// looks at every table in it (opening and migrating one took some 7 s on a slow machine).
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'chat-stats-')) });
});
afterAll(async () => {
  await database?.close();
});

const statsOf = async (table: string) =>
  (
    await database.rawTransaction((tx) =>
      tx.query<{ reltuples: number; analyzed: boolean }>(
        `select c.reltuples, s.last_analyze is not null as analyzed
         from pg_class c left join pg_stat_user_tables s on s.relid = c.oid where c.relname = $1`,
        [table],
      ),
    )
  )[0];

/** The tables a pass analysed, by name. */
const analysed = async () => (await maintainDueTables(database)).filter((t) => t.analyze).map((t) => t.name);

/** Rows written show in pg_stat_user_tables once the session has been idle for a second. */
async function countsFlushed(table: string, changed: number) {
  await eventually(async () => {
    const [row] = await database.rawTransaction((tx) =>
      tx.query<{ n: number }>(
        'select n_mod_since_analyze::int as n from pg_stat_user_tables where relname = $1',
        [table],
      ),
    );
    expect(row.n).toBeGreaterThanOrEqual(changed);
  }, 10_000);
}

describe('autovacuum’s work on PGlite', () => {
  it('analyses a table once enough of it changed, then not again until it changes more', async () => {
    await database.rawTransaction((tx) =>
      tx.exec(`create table stats_probe (id int primary key, v text);
        insert into stats_probe select g, md5(g::text) from generate_series(1, 2000) g;`),
    );
    await countsFlushed('stats_probe', 2000);
    expect(await statsOf('stats_probe')).toEqual({ reltuples: -1, analyzed: false });

    expect(await analysed()).toContain('stats_probe');
    expect(await statsOf('stats_probe')).toEqual({ reltuples: 2000, analyzed: true });
    expect(await analysed()).not.toContain('stats_probe');

    // 100 changed rows of 2,000 is under 50 + 10%; 300 more is over.
    await database.rawTransaction((tx) => tx.exec(`update stats_probe set v = 'x' where id <= 100`));
    await countsFlushed('stats_probe', 100);
    expect(await analysed()).not.toContain('stats_probe');
    await database.rawTransaction((tx) => tx.exec(`delete from stats_probe where id <= 300`));
    await countsFlushed('stats_probe', 400);
    expect(await analysed()).toContain('stats_probe');
    expect((await statsOf('stats_probe')).reltuples).toBe(1700);
  });

  it('a table name that needs quoting is analysed too', async () => {
    await database.rawTransaction((tx) =>
      tx.exec(
        `create table "Odd ""Name""" (id int); insert into "Odd ""Name""" select generate_series(1, 500);`,
      ),
    );
    await countsFlushed('Odd "Name"', 500);
    expect(await analysed()).toContain('"Odd ""Name"""');
    expect(await statsOf('Odd "Name"')).toEqual({ reltuples: 500, analyzed: true });
  });

  it('vacuums a table once enough of its rows are dead: they are cleared, outside a transaction', async () => {
    await database.rawTransaction((tx) =>
      tx.exec(`create table dead_probe (id int primary key, v text);
        insert into dead_probe select g, md5(g::text) from generate_series(1, 2000) g;`),
    );
    await countsFlushed('dead_probe', 2000);
    const first = (await maintainDueTables(database)).find((t) => t.name === 'dead_probe');
    expect(first).toEqual({ name: 'dead_probe', vacuum: true, analyze: true });

    await database.rawTransaction((tx) => tx.exec('delete from dead_probe where id <= 1000'));
    const dead = async () =>
      (
        await database.rawTransaction((tx) =>
          tx.query<{ dead: number; vacuumed: boolean }>(
            `select n_dead_tup::int as dead, last_vacuum is not null as vacuumed
             from pg_stat_user_tables where relname = 'dead_probe'`,
          ),
        )
      )[0];
    await eventually(async () => expect((await dead()).dead).toBeGreaterThanOrEqual(1000), 10_000);
    const second = (await maintainDueTables(database)).find((t) => t.name === 'dead_probe');
    expect(second?.vacuum).toBe(true);
    await eventually(async () => expect(await dead()).toEqual({ dead: 0, vacuumed: true }), 10_000);
  });

  it('runs by itself after the start and every interval; stopping waits for the pass under way', async () => {
    await database.rawTransaction((tx) =>
      tx.exec(`create table stats_timed (id int); insert into stats_timed select generate_series(1, 300);`),
    );
    await countsFlushed('stats_timed', 300);
    const errors: unknown[] = [];
    const stop = startMaintenance(
      database,
      { error: (e: unknown) => errors.push(e) },
      { firstAfterMs: 0, everyMs: 100 },
    );
    try {
      await eventually(async () => expect((await statsOf('stats_timed')).analyzed).toBe(true));
      // A later change is picked up by a later pass.
      await database.rawTransaction((tx) =>
        tx.exec('insert into stats_timed select generate_series(1, 600)'),
      );
      await eventually(async () => expect((await statsOf('stats_timed')).reltuples).toBe(900), 10_000);
    } finally {
      await stop();
    }
    expect(errors).toEqual([]);
  });
});

describe('autovacuum’s work on PostgreSQL', () => {
  it('are left to its autovacuum: no pass runs', async () => {
    const run = vi.fn(async () => []);
    const stop = startMaintenance(
      { kind: 'postgres', run, execOutside: vi.fn() },
      { error: () => {} },
      { firstAfterMs: 0, everyMs: 10 },
    );
    await new Promise((r) => setTimeout(r, 100));
    await stop();
    expect(run).not.toHaveBeenCalled();
  });
});
