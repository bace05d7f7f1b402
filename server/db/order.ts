// A list in name order as people read it: letter case aside ('adm' between 'Abe' and 'Bob'),
// whatever the database's collation (the embedded database sorts by byte, capitals first).
import { type AnyColumn, asc, type SQL, sql } from 'drizzle-orm';

export function byName(column: AnyColumn | SQL): SQL[] {
  return [asc(sql`lower(${column})`), asc(column)];
}
