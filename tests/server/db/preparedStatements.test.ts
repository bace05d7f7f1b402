// Database.run: hand-written statements run as named prepared statements on both databases
// (server/db/pglitePrepared.ts on PGlite). What they return, what a failure leaves behind, and that
// a statement never lands inside another caller's open transaction.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, statement, statementFor } from '../../../server/db/client';
import { preparedRunner } from '../../../server/db/pglitePrepared';
import { createTestDatabase, postgresAvailable } from '../../helpers/postgres';

const pgUp = await postgresAvailable();

const SETUP = `create table prepared_probe (id text primary key, n int not null, at timestamptz, doc jsonb)`;
const INSERT = statement(
  'test_prepared_insert',
  'insert into prepared_probe (id, n, at, doc) values ($1, $2, $3, $4) returning *',
);
const COUNT = statement('test_prepared_count', 'select count(*)::int as n from prepared_probe');
const BROKEN = statement('test_prepared_broken', 'select from where');

describe.each([['pglite'], ['postgres']] as const)('prepared statements on %s', (kind) => {
  const skip = kind === 'postgres' && !pgUp;
  let database: Database;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    if (skip) return;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-prepared-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const pg = kind === 'postgres' ? await createTestDatabase() : null;
    if (pg) cleanups.push(pg.drop);
    database = await openDatabase({ databaseUrl: pg?.url ?? null, dataDir });
    cleanups.push(() => database.close());
    await database.rawTransaction((tx) => tx.exec(SETUP));
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it.skipIf(skip)('returns rows typed as the driver gives them, call after call', async () => {
    const at = new Date('2026-12-06T10:00:00.000Z');
    for (const [i, id] of ['a', 'b', 'c'].entries()) {
      const [row] = await database.run(INSERT, [id, i, at, JSON.stringify({ i, text: 'สวัสดี' })]);
      expect(row).toEqual({ id, n: i, at, doc: { i, text: 'สวัสดี' } });
    }
    const [nullRow] = await database.run(INSERT, ['d', 9, null, null]);
    expect(nullRow).toEqual({ id: 'd', n: 9, at: null, doc: null });
    expect(await database.run(COUNT, [])).toEqual([{ n: 4 }]);
  });

  it.skipIf(skip)('a failed call throws its error and leaves the next call working', async () => {
    const before = (await database.run<{ n: number }>(COUNT, []))[0].n;
    const repeat = await database.run(INSERT, ['a', 1, null, null]).catch((err: unknown) => err);
    expect((repeat as { code?: string }).code).toBe('23505');
    const broken = await database.run(BROKEN, []).catch((err: unknown) => err);
    expect((broken as { code?: string }).code).toBe('42601');
    // Nothing was left pending: the next calls answer themselves, not a leftover of the failed one.
    expect(await database.run(COUNT, [])).toEqual([{ n: before }]);
    const [row] = await database.run(INSERT, ['after-failure', 5, null, null]);
    expect(row).toMatchObject({ id: 'after-failure', n: 5 });
  });

  it.skipIf(skip)('a call made while a transaction is open is not part of it', async () => {
    let during: Promise<unknown> = Promise.resolve();
    const rolledBack = database
      .rawTransaction(async (tx) => {
        await tx.query(`insert into prepared_probe (id, n) values ('in-transaction', 1)`);
        during = database.run(INSERT, ['beside-transaction', 2, null, null]);
        // Let the other call go as far as it can while the transaction is still open.
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      })
      .catch((err: Error) => err.message);
    expect(await rolledBack).toBe('roll back');
    await during;
    const ids = await database.rawTransaction((tx) =>
      tx.query<{ id: string }>(
        `select id from prepared_probe where id in ('in-transaction', 'beside-transaction') order by id`,
      ),
    );
    expect(ids.map((r) => r.id)).toEqual(['beside-transaction']);
  });

  it.skipIf(skip)('a query builder’s text is prepared under a name of its own', async () => {
    const text = 'select n from prepared_probe where id = $1';
    expect(statementFor(text)).toBe(statementFor(text));
    expect(statementFor(text).name).not.toBe(statementFor(`${text} and n > 0`).name);
    expect(statementFor(text).name).toBe(statementFor(` ${text}`.slice(1)).name);
    expect(await database.run(statementFor(text), ['b'])).toEqual([{ n: 1 }]);
    expect(await database.run(statementFor(text), ['c'])).toEqual([{ n: 2 }]);
  });
});

describe('prepared statements on PGlite, past the most it keeps', () => {
  it('runs further statements unnamed, with the same answers', async () => {
    const client = await PGlite.create('memory://');
    try {
      const run = preparedRunner(client, 2);
      const names = async () =>
        (
          await client.query<{ name: string }>('select name from pg_prepared_statements order by name')
        ).rows.map((r) => r.name);
      for (const n of [1, 2, 3, 4])
        expect(await run(statementFor(`select $1::int + ${n} as n`), [10])).toEqual([{ n: 10 + n }]);
      // The first two stay prepared and keep answering; the others were never kept.
      expect(await names()).toEqual(
        [statementFor('select $1::int + 1 as n').name, statementFor('select $1::int + 2 as n').name].sort(),
      );
      expect(await run(statementFor('select $1::int + 1 as n'), [1])).toEqual([{ n: 2 }]);
      expect(await run(statementFor('select $1::int + 4 as n'), [1])).toEqual([{ n: 5 }]);
    } finally {
      await client.close();
    }
  });
});
