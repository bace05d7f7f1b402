// Click counts of tracked links, by the source that made them: per place and address, per
// top-level part (a broadcast's message), overall, and over time.
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';
import type { LinkSource } from './store';

/** Bucket starts as ISO text, the same from PGlite and PostgreSQL. */
export const BUCKET_FORMAT = 'YYYY-MM-DD"T"HH24:MI:SS".000Z"';

export interface PartClicks {
  part: string;
  url: string;
  click: number;
  users: number;
}

export async function clicksByPart(db: Db, accountId: string, source: LinkSource): Promise<PartClicks[]> {
  const result = await db.execute(sql`
    select l.source_part as part, l.url, count(c.id)::int as click, count(distinct c.visitor)::int as users
    from tracked_links l left join link_clicks c on c.link_id = l.id
    where l.account_id = ${accountId} and l.source_kind = ${source.kind} and l.source_id = ${source.id}
    group by l.source_part, l.url`);
  return rowsOf<PartClicks>(result);
}

/** Different people per first segment of the part (`m0.c1.a0` → `m0`), and over the whole source. */
export async function usersByPrefix(
  db: Db,
  accountId: string,
  source: LinkSource,
): Promise<{ byPrefix: Map<string, number>; total: number }> {
  const result = await db.execute(sql`
    select coalesce(split_part(l.source_part, '.', 1), '') as prefix, count(distinct c.visitor)::int as users,
      grouping(split_part(l.source_part, '.', 1))::int as whole
    from link_clicks c join tracked_links l on l.id = c.link_id
    where l.account_id = ${accountId} and l.source_kind = ${source.kind} and l.source_id = ${source.id}
    group by rollup (split_part(l.source_part, '.', 1))`);
  const byPrefix = new Map<string, number>();
  let total = 0;
  for (const r of rowsOf<{ prefix: string; users: number; whole: number }>(result)) {
    if (r.whole) total = r.users;
    else byPrefix.set(r.prefix, r.users);
  }
  return { byPrefix, total };
}

/** Clicks per hour or day bucket (UTC starts, ISO), from `from` on. */
export async function clicksOverTime(
  db: Db,
  accountId: string,
  source: LinkSource,
  unit: 'hour' | 'day',
  from: Date,
): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select to_char(date_trunc(${unit}, c.clicked_at at time zone 'UTC'), ${BUCKET_FORMAT}) as bucket,
      count(*)::int as n
    from link_clicks c join tracked_links l on l.id = c.link_id
    where l.account_id = ${accountId} and l.source_kind = ${source.kind} and l.source_id = ${source.id}
      and c.clicked_at >= ${from.toISOString()}
    group by 1`);
  const out = new Map<string, number>();
  for (const r of rowsOf<{ bucket: string; n: number }>(result)) out.set(r.bucket, r.n);
  return out;
}
