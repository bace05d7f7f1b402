// A broadcast's report (core/broadcast/report.ts): delivered counts, per message the clicks of
// its tracked links (server/links) by place, video views that LINE reported (webhook
// videoPlayComplete events, recorded by server/channels with the video's tracking id), and clicks
// and views per hour (first two days) or per day.
import { sql } from 'drizzle-orm';
import type { BroadcastReport, LinkStat, MessageReport } from '../../core/broadcast/report';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { BUCKET_FORMAT, clicksByPart, clicksOverTime, usersByPrefix } from '../links/stats';
import { parseVideoTrackingId, videoTrackingId } from './prepare';
import type { BroadcastRow } from './send';
import { videoSeconds } from './videoDuration';

const VIDEO_TYPES = new Set(['video', 'rich_video']);
const HOUR = 3_600_000;
const MAX_DAYS = 366;

async function videoViews(ctx: AppContext, row: BroadcastRow) {
  const prefix = `${videoTrackingId(row.id, 0).replace(/0$/, '')}%`;
  const tracking = sql`data->'event'->'videoPlayComplete'->>'trackingId'`;
  const result = await ctx.db.execute(sql`
    select ${tracking} as tracking_id, count(*)::int as view, count(distinct follower_id)::int as users
    from channel_events
    where account_id = ${row.accountId} and kind = 'videoPlayComplete' and ${tracking} like ${prefix}
    group by 1`);
  const byMessage = new Map<number, { view: number; users: number }>();
  for (const r of rowsOf<{ tracking_id: string; view: number; users: number }>(result)) {
    const parsed = parseVideoTrackingId(r.tracking_id);
    if (parsed && parsed.broadcastId === row.id)
      byMessage.set(parsed.message, { view: r.view, users: r.users });
  }
  return byMessage;
}

async function viewsOverTime(ctx: AppContext, row: BroadcastRow, unit: 'hour' | 'day', from: Date) {
  const prefix = `${videoTrackingId(row.id, 0).replace(/0$/, '')}%`;
  const result = await ctx.db.execute(sql`
    select to_char(date_trunc(${unit}, created_at at time zone 'UTC'), ${BUCKET_FORMAT}) as bucket, count(*)::int as n
    from channel_events
    where account_id = ${row.accountId} and kind = 'videoPlayComplete'
      and data->'event'->'videoPlayComplete'->>'trackingId' like ${prefix} and created_at >= ${from.toISOString()}
    group by 1`);
  return new Map(rowsOf<{ bucket: string; n: number }>(result).map((r) => [r.bucket, r.n]));
}

/** Bucket starts (UTC) from `from` to `to`. */
export function buckets(from: Date, to: Date, unit: 'hour' | 'day'): string[] {
  const step = unit === 'hour' ? HOUR : 24 * HOUR;
  const start = new Date(from);
  if (unit === 'hour') start.setUTCMinutes(0, 0, 0);
  else start.setUTCHours(0, 0, 0, 0);
  const out: string[] = [];
  for (let t = start.getTime(); t <= to.getTime() && out.length < MAX_DAYS * 24; t += step)
    out.push(new Date(t).toISOString());
  return out;
}

export async function loadReport(
  ctx: AppContext,
  row: BroadcastRow,
  now = new Date(),
): Promise<BroadcastReport> {
  const source = { kind: 'broadcast' as const, id: row.id };
  const [clicks, users, views] = await Promise.all([
    clicksByPart(ctx.db, row.accountId, source),
    usersByPrefix(ctx.db, row.accountId, source),
    videoViews(ctx, row),
  ]);
  const counted = new Map(clicks.map((c) => [`${c.part} ${c.url}`, c]));
  const durations = await Promise.all(
    row.messages.map((m) => (VIDEO_TYPES.has(m.type) ? videoSeconds(ctx, m.originalContentUrl) : null)),
  );
  const messages: MessageReport[] = row.messages.map((m, i) => {
    const links: LinkStat[] = row.linkParts
      .filter((p) => p.message === i)
      .map((p) => {
        const c = counted.get(`${p.part} ${p.url}`);
        return {
          part: p.part,
          card: p.card,
          place: p.place,
          label: p.label,
          url: p.url,
          click: c?.click ?? 0,
          users: c?.users ?? 0,
        };
      });
    const video = VIDEO_TYPES.has(m.type) ? views.get(i) : undefined;
    return {
      index: i,
      type: m.type,
      links,
      users: users.byPrefix.get(`m${i}`) ?? 0,
      video: VIDEO_TYPES.has(m.type)
        ? { duration: durations[i], view: video?.view ?? 0, users: video?.users ?? 0 }
        : null,
    };
  });
  const from = row.startedAt ?? row.broadcastTime ?? row.createdAt;
  const to = now.getTime() > from.getTime() ? now : from;
  const unit = to.getTime() - from.getTime() <= 48 * HOUR ? 'hour' : 'day';
  const list = buckets(from, to, unit);
  const first = list[0] ? new Date(list[0]) : from;
  const [clickTimes, viewTimes] = row.startedAt
    ? await Promise.all([
        clicksOverTime(ctx.db, row.accountId, source, unit, first),
        viewsOverTime(ctx, row, unit, first),
      ])
    : [new Map<string, number>(), new Map<string, number>()];
  const totalViews = [...views.values()];
  return {
    broadcast: {
      _id: row.id,
      name: row.name,
      status: row.status,
      broadcast_time: row.broadcastTime?.toISOString() ?? null,
      started_at: row.startedAt?.toISOString() ?? null,
      finished_at: row.finishedAt?.toISOString() ?? null,
    },
    total: row.totalCount,
    delivered: row.sentCount,
    failed: row.failedCount,
    messages,
    totals: {
      click: clicks.reduce((n, c) => n + c.click, 0),
      users: users.total,
      view: totalViews.reduce((n, v) => n + v.view, 0),
      view_users: totalViews.reduce((n, v) => n + v.users, 0),
    },
    timeline: {
      unit,
      buckets: list,
      clicks: list.map((b) => clickTimes.get(b) ?? 0),
      views: list.map((b) => viewTimes.get(b) ?? 0),
    },
  };
}
