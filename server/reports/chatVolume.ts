// Chat volume (spec 2): live chats per day and per hour of the day, by category.
import { sql } from 'drizzle-orm';
import { hourLabel } from '../../core/reports/tables';
import type { ChatCountRow, ChatVolumeReport } from '../../core/reports/wire';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { agentless, botReplyChatIds, type CountRow, chatsIn, countColumns, countRow } from './chats';
import { dayList, firstDay, hourBucket } from './days';
import { runReport } from './run';
import type { ReportScope } from './scope';

export async function chatVolume(ctx: AppContext, scope: ReportScope): Promise<ChatVolumeReport> {
  const tz = scope.timezone;
  const start = await firstDay(ctx, scope);
  const day = sql`(c.started_at at time zone ${tz}::text)::date`;
  const hour = sql`extract(hour from c.started_at at time zone ${tz}::text)::int`;
  // One pass over the chats, counted per hour first (no time-zone work per chat), then per local
  // day and per hour of the day together; bot chats apart (few).
  const [all, bots] = await Promise.all([
    runReport(
      ctx,
      sql`
      with c as ${chatsIn(scope)},
      b as (select ${hourBucket(sql`c.started_at`, scope)} as bucket, ${countColumns()} from c group by 1)
      select to_char((bucket at time zone ${tz}::text)::date, 'YYYY-MM-DD') as date,
        extract(hour from bucket at time zone ${tz}::text)::int as hour,
        sum(count_incoming)::int as count_incoming, sum(count_outgoing)::int as count_outgoing,
        sum(count_missed)::int as count_missed, sum(count_expired)::int as count_expired,
        sum(count_total)::int as count_total
      from b group by grouping sets ((1), (2))`,
    ),
    runReport(
      ctx,
      sql`
      with c as ${chatsIn(scope)}
      select to_char(day, 'YYYY-MM-DD') as date, hour, n from (
        select ${day} as day, ${hour} as hour, count(*)::int as n from c
        where ${agentless} and c.id in ${botReplyChatIds(scope)}
        group by grouping sets ((1), (2))) g`,
    ),
  ]);
  type Row = CountRow & { date: string | null; hour: number | null };
  const rows = rowsOf<Row>(all);
  const botRows = rowsOf<{ date: string | null; hour: number | null; n: number }>(bots);
  const days = new Map(rows.filter((r) => r.date !== null).map((r) => [r.date, r]));
  const hours = new Map(rows.filter((r) => r.hour !== null).map((r) => [r.hour, r]));
  const botDays = new Map(botRows.filter((r) => r.date !== null).map((r) => [r.date, r.n]));
  const botHours = new Map(botRows.filter((r) => r.hour !== null).map((r) => [r.hour, r.n]));
  const byDay = dayList(start, scope.period.end_date).map((date) =>
    countRow({ ...nonNull(days.get(date) ?? {}), count_bot: botDays.get(date) ?? 0 }, { date }),
  ) as ChatCountRow[];
  const byHour = Array.from({ length: 24 }, (_, h) =>
    countRow({ ...nonNull(hours.get(h) ?? {}), count_bot: botHours.get(h) ?? 0 }, { time: hourLabel(h) }),
  ) as ChatCountRow[];
  const total = countRow(sumCounts(byDay)) as ChatCountRow;
  return { period: scope.period, timezone: tz, by_day: byDay, by_hour: byHour, total };
}

/** Count columns of a left-joined row: null (no chats that day) becomes 0. */
export function nonNull(row: Partial<Record<keyof CountRow, number | null>>): CountRow {
  return {
    count_bot: row.count_bot ?? 0,
    count_incoming: row.count_incoming ?? 0,
    count_outgoing: row.count_outgoing ?? 0,
    count_missed: row.count_missed ?? 0,
    count_expired: row.count_expired ?? 0,
    count_total: row.count_total ?? 0,
  };
}

export function sumCounts(rows: CountRow[]): CountRow {
  const total = nonNull({});
  for (const r of rows) for (const k of Object.keys(total) as (keyof CountRow)[]) total[k] += r[k];
  return total;
}
