// The days a per-day table lists. 'alltime' starts at the account's first contact, chat or rating
// rather than in 1970, so the table is not decades of empty rows.
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { runReport } from './run';
import type { ReportScope } from './scope';

export async function firstDay(ctx: AppContext, scope: ReportScope): Promise<string> {
  const { period } = scope;
  if (period.type !== 'alltime') return period.start_date;
  const tz = scope.timezone;
  const [row] = rowsOf<{ first: string | null }>(
    await runReport(
      ctx,
      sql`
      select to_char(least(
        (select min(created_at) from followers where account_id = ${scope.accountId}),
        (select min(started_at) from livechats where account_id = ${scope.accountId}),
        (select min(created_at) from chat_ratings where account_id = ${scope.accountId})
      ) at time zone ${tz}::text, 'YYYY-MM-DD') as first`,
    ),
  );
  const first = row?.first ?? period.end_date;
  if (first > period.end_date) return period.end_date;
  if (first < period.start_date) return period.start_date;
  return first;
}

/** A SQL set of the days from `start` to the scope's last day, as column `day` (date). */
export const daySeries = (start: string, scope: ReportScope) =>
  sql`(select d::date as day from generate_series(${start}::date, ${scope.period.end_date}::date, interval '1 day') d)`;

/**
 * Hours counted from the period's first local midnight: grouping by them needs no time-zone work
 * per row; each bucket is then turned into its local day and hour. Exact for every zone whose
 * offset changes by whole hours (all but a few, such as Lord Howe Island's half-hour DST).
 */
export const hourBucket = (column: SQL, scope: ReportScope) =>
  sql`date_bin('1 hour', ${column}, ${scope.from})`;

export const localDay = (column: ReturnType<typeof sql>, timezone: string) =>
  sql`(${column} at time zone ${timezone}::text)::date`;

/** Every day from start to end (YYYY-MM-DD, both included). */
export function dayList(start: string, end: string): string[] {
  const out: string[] = [];
  const d = new Date(`${start}T00:00:00Z`);
  const last = new Date(`${end}T00:00:00Z`);
  while (d <= last) {
    out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}
