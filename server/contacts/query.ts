// The contact list in SQL: every follower of the account across channels, filtered, sorted and
// paged with a keyset cursor so page 2,000 costs what page 1 does (indexes in 0009_contacts).
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { followers } from '../chat/schema';
import type { Db } from '../db/client';
import { Invalid } from '../http/errors';

const f = followers;
type FollowerRow = typeof followers.$inferSelect;

export const CONTACT_SORTS = ['last_active', 'name', 'created'] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

export interface ContactFilter {
  search?: string;
  channelType?: string;
  tagId?: string;
  /** Only for tags visible on verified (true) or default (false) contacts alone. */
  tagVerified?: boolean;
  verified?: boolean;
}

export interface ContactQuery extends ContactFilter {
  sort: ContactSort;
  order: SortOrder;
  limit: number;
  cursor?: string;
}

/** The name the list shows and sorts by: the nickname when set, else the channel's name. */
export const nameKey = sql<string>`lower(coalesce(nullif(${f.lineNickname}, ''), ${f.lineName}))`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function filterWhere(accountId: string, filter: ContactFilter): SQL {
  const parts: (SQL | undefined)[] = [eq(f.accountId, accountId)];
  if (filter.channelType) parts.push(eq(f.channelType, filter.channelType));
  const verifiedExists = sql`exists (select 1 from contact_verifications v where v.follower_id = ${f.id})`;
  if (filter.verified === true) parts.push(verifiedExists);
  if (filter.verified === false) parts.push(sql`not ${verifiedExists}`);
  if (filter.tagId) {
    parts.push(
      sql`exists (select 1 from follower_tags ft where ft.follower_id = ${f.id} and ft.tag_id = ${filter.tagId})`,
    );
    if (filter.tagVerified === true) parts.push(verifiedExists);
    if (filter.tagVerified === false) parts.push(sql`not ${verifiedExists}`);
  }
  const search = filter.search?.trim();
  if (search) {
    const like = `%${escapeLike(search)}%`;
    parts.push(or(ilike(f.lineName, like), ilike(f.lineNickname, like), eq(f.externalId, search)));
  }
  return and(...parts) as SQL;
}

interface Cursor {
  k: string | null;
  id: string;
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.k, c.id])).toString('base64url');
}

/** A timestamp as PostgreSQL writes it as text ('2026-11-25 00:39:29.547123+00'). */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/** A cursor of this sort: a page's cursor sent with another sort (or made up) is a 400, not a failed query. */
function decodeCursor(text: string, sort: ContactSort): Cursor {
  try {
    const [k, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    const keyFits =
      sort === 'name'
        ? k === null || typeof k === 'string'
        : (k === null && sort === 'last_active') || (typeof k === 'string' && TIMESTAMP_TEXT.test(k));
    if (keyFits && typeof id === 'string') return { k, id };
  } catch {
    // falls through to the 400 below
  }
  throw new Invalid('cursor', 'cursor is invalid format');
}

/** The sort key as text (timestamps keep their microseconds, so the cursor compares exactly). */
function keyOf(sort: ContactSort): SQL<string | null> {
  if (sort === 'name') return nameKey;
  if (sort === 'created') return sql<string>`${f.createdAt}::text`;
  return sql<string | null>`${f.lastMessageAt}::text`;
}

function orderOf(sort: ContactSort, order: SortOrder): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  if (sort === 'name') return [dir(nameKey), dir(f.id)];
  if (sort === 'created') return [dir(f.createdAt), dir(f.id)];
  // Never-active contacts last when newest first, first when oldest first (the index's order).
  return order === 'desc'
    ? [sql`${f.lastMessageAt} desc nulls last`, desc(f.id)]
    : [sql`${f.lastMessageAt} asc nulls first`, asc(f.id)];
}

function afterCursor(sort: ContactSort, order: SortOrder, c: Cursor): SQL {
  const after = order === 'asc' ? sql`>` : sql`<`;
  if (sort === 'name') return sql`(${nameKey}, ${f.id}) ${after} (${c.k ?? ''}, ${c.id})`;
  if (sort === 'created') return sql`(${f.createdAt}, ${f.id}) ${after} (${c.k}::timestamptz, ${c.id})`;
  if (order === 'desc') {
    if (c.k === null) return sql`(${f.lastMessageAt} is null and ${f.id} < ${c.id})`;
    return sql`(${f.lastMessageAt} < ${c.k}::timestamptz or (${f.lastMessageAt} = ${c.k}::timestamptz and ${f.id} < ${c.id}) or ${f.lastMessageAt} is null)`;
  }
  if (c.k === null)
    return sql`((${f.lastMessageAt} is null and ${f.id} > ${c.id}) or ${f.lastMessageAt} is not null)`;
  return sql`(${f.lastMessageAt} > ${c.k}::timestamptz or (${f.lastMessageAt} = ${c.k}::timestamptz and ${f.id} > ${c.id}))`;
}

export async function queryContacts(
  db: Db,
  accountId: string,
  q: ContactQuery,
): Promise<{ rows: FollowerRow[]; nextCursor: string | null }> {
  const where = filterWhere(accountId, q);
  const conditions = q.cursor
    ? and(where, afterCursor(q.sort, q.order, decodeCursor(q.cursor, q.sort)))
    : where;
  const found = await db
    .select({ row: followers, key: keyOf(q.sort) })
    .from(followers)
    .where(conditions)
    .orderBy(...orderOf(q.sort, q.order))
    .limit(q.limit + 1);
  const page = found.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    rows: page.map((r) => r.row),
    nextCursor: found.length > q.limit && last ? encodeCursor({ k: last.key, id: last.row.id }) : null,
  };
}

/** How many contacts match (asked for on the first page only). */
export async function countContacts(db: Db, accountId: string, filter: ContactFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(followers)
    .where(filterWhere(accountId, filter));
  return Number(row?.n ?? 0);
}
