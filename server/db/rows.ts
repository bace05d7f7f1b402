// Rows of hand-written statements (client.ts#statement) as Drizzle would give them: camelCase
// keys, timestamps as Date and bigint numbers as numbers. A row may come straight from the driver
// or as JSON (row_to_json, when one statement returns rows of several tables).
import { getTableColumns, type Table } from 'drizzle-orm';

type Kind = 'date' | 'number' | 'plain';

function kindOf(columnType: string): Kind {
  if (columnType === 'PgTimestamp' || columnType === 'PgDate') return 'date';
  if (columnType === 'PgBigInt53') return 'number';
  return 'plain';
}

/** A function from a snake_case row of `table` to its `$inferSelect` shape. */
export function rowMapper<T extends Table>(table: T): (raw: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({
    key,
    name: column.name,
    kind: kindOf(column.columnType),
  }));
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const { key, name, kind } of columns) {
      const value = raw[name];
      if (value === null || value === undefined) row[key] = null;
      else if (kind === 'date') row[key] = value instanceof Date ? value : new Date(value as string);
      else if (kind === 'number') row[key] = Number(value);
      else row[key] = value;
    }
    return row as T['$inferSelect'];
  };
}
