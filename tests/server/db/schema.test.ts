// The Drizzle tables the code queries must match what the SQL migrations create.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import { schema } from '../../../server/db/schema';

describe('schema.ts matches the migrations', async () => {
  const database = await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'chat-schema-')) });
  await migrate(database);
  const columns = await database.rawTransaction((tx) =>
    tx.query<{ table_name: string; column_name: string; is_nullable: string }>(
      "select table_name, column_name, is_nullable from information_schema.columns where table_schema = 'public'",
    ),
  );
  await database.close();
  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

  it.each(tables.map((t) => [getTableConfig(t).name, t] as const))('table %s', (name, table) => {
    const actual = columns.filter((c) => c.table_name === name);
    expect(actual.length, `table ${name} is missing from the migrations`).toBeGreaterThan(0);
    for (const column of getTableConfig(table).columns) {
      const found = actual.find((c) => c.column_name === column.name);
      expect(found, `${name}.${column.name} is missing from the migrations`).toBeDefined();
      expect(found?.is_nullable === 'NO', `${name}.${column.name} nullability differs`).toBe(column.notNull);
    }
  });
});
