// Queue performance (spec 2): incoming chats (opened by a customer) per day, by the queue they
// are in and by the channel type they came from.
import { asc, eq, sql } from 'drizzle-orm';
import { CHANNEL_TYPES } from '../../core/models/chat';
import type { QueueDay, QueuePerformanceReport } from '../../core/reports/wire';
import { queues } from '../chat/schema';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { chatsIn } from './chats';
import { dayList, firstDay, hourBucket } from './days';
import { runReport } from './run';
import type { ReportScope } from './scope';

/** Chats with no queue are listed under this key. */
export const NO_QUEUE = 'none';

export async function queuePerformance(ctx: AppContext, scope: ReportScope): Promise<QueuePerformanceReport> {
  const tz = scope.timezone;
  const start = await firstDay(ctx, scope);
  const [queueRows, counts] = await Promise.all([
    ctx.db
      .select({ id: queues.id, name: queues.name })
      .from(queues)
      .where(eq(queues.accountId, scope.accountId))
      .orderBy(asc(queues.createdAt), asc(queues.name)),
    runReport(
      ctx,
      sql`
      with c as ${chatsIn(scope)},
      b as (
        select ${hourBucket(sql`c.started_at`, scope)} as bucket, coalesce(c.queue_id, ${NO_QUEUE}) as queue_id,
          f.channel_type, count(*) as n
        from c join followers f on f.id = c.follower_id
        where c.incoming
        group by 1, 2, 3
      )
      select to_char((bucket at time zone ${tz}::text)::date, 'YYYY-MM-DD') as date, queue_id, channel_type,
        sum(n)::int as n
      from b group by 1, 2, 3`,
    ),
  ]);
  const rows = rowsOf<{ date: string; queue_id: string; channel_type: string; n: number }>(counts);
  const known = new Set(queueRows.map((q) => q.id));
  const queueList = queueRows.map((q) => ({ _id: q.id, name: q.name }));
  // Chats of a deleted queue, or of none, still count: under one extra column.
  if (rows.some((r) => !known.has(r.queue_id))) queueList.push({ _id: NO_QUEUE, name: '—' });
  const days = dayList(start, scope.period.end_date);
  const byQueue = new Map<string, QueueDay>(days.map((d) => [d, { date: d, counts: {}, total: 0 }]));
  const byChannel = new Map<string, QueueDay>(days.map((d) => [d, { date: d, counts: {}, total: 0 }]));
  for (const r of rows) {
    const queueKey = known.has(r.queue_id) ? r.queue_id : NO_QUEUE;
    const q = byQueue.get(r.date);
    const c = byChannel.get(r.date);
    if (!q || !c) continue;
    q.counts[queueKey] = (q.counts[queueKey] ?? 0) + r.n;
    q.total += r.n;
    c.counts[r.channel_type] = (c.counts[r.channel_type] ?? 0) + r.n;
    c.total += r.n;
  }
  return {
    period: scope.period,
    timezone: tz,
    queues: queueList,
    channel_types: [...CHANNEL_TYPES],
    by_queue: [...byQueue.values()],
    by_channel: [...byChannel.values()],
  };
}
