// Satisfaction (spec 2): post-chat ratings from the widget, by the day they were given. The
// satisfaction rate is the share of ratings of 4 or 5 stars; with no ratings there is no rate and
// no average (null, not 0).
import { sql } from 'drizzle-orm';
import type { RatingEntry, SatisfactionDay, SatisfactionReport } from '../../core/reports/wire';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { round2 } from './agentPerformance';
import { daySeries, firstDay } from './days';
import { runReport } from './run';
import type { ReportScope } from './scope';

/** Ratings listed under the table, newest first. */
export const RATINGS_LIST_LIMIT = 200;

interface DaySql {
  date: string;
  s1: number;
  s2: number;
  s3: number;
  s4: number;
  s5: number;
}

function summarize(r: Omit<DaySql, 'date'>): Omit<SatisfactionDay, 'date'> {
  const scores: SatisfactionDay['scores'] = [r.s1 ?? 0, r.s2 ?? 0, r.s3 ?? 0, r.s4 ?? 0, r.s5 ?? 0];
  const ratings = scores.reduce((n, s) => n + s, 0);
  const points = scores.reduce((n, s, i) => n + s * (i + 1), 0);
  return {
    ratings,
    average: ratings ? round2(points / ratings) : null,
    rate: ratings ? round2(((scores[3] + scores[4]) / ratings) * 100) : null,
    scores,
  };
}

/** Satisfaction rate (percent; null without ratings) and number of ratings over the scope's period. */
export async function satisfactionRate(ctx: AppContext, scope: ReportScope) {
  const [row] = rowsOf<{ n: number; good: number }>(
    await runReport(
      ctx,
      sql`
      select count(*)::int as n, count(*) filter (where score >= 4)::int as good
      from chat_ratings where account_id = ${scope.accountId} and created_at >= ${scope.from} and created_at < ${scope.to}`,
    ),
  );
  return { ratings: row.n, rate: row.n ? round2((row.good / row.n) * 100) : null };
}

export async function satisfaction(ctx: AppContext, scope: ReportScope): Promise<SatisfactionReport> {
  const { accountId, from, to, timezone: tz } = scope;
  const start = await firstDay(ctx, scope);
  const scoreCounts = sql.raw(
    [1, 2, 3, 4, 5].map((s) => `count(*) filter (where score = ${s})::int as s${s}`).join(', '),
  );
  const [daily, latest] = await Promise.all([
    runReport(
      ctx,
      sql`
      with per as (
        select (created_at at time zone ${tz}::text)::date as day, ${scoreCounts}
        from chat_ratings where account_id = ${accountId} and created_at >= ${from} and created_at < ${to}
        group by 1
      )
      select to_char(s.day, 'YYYY-MM-DD') as date, p.s1, p.s2, p.s3, p.s4, p.s5
      from ${daySeries(start, scope)} s left join per p on p.day = s.day order by s.day`,
    ),
    runReport(
      ctx,
      sql`
      select r.id, r.livechat_id, r.score, r.comment,
        to_char(r.created_at at time zone ${tz}::text, 'YYYY-MM-DD"T"HH24:MI:SS') as created_at,
        f.id as follower_id, f.line_name, f.channel_type, u.id as agent_id, u.display_name as agent_name
      from chat_ratings r
      join followers f on f.id = r.follower_id
      left join livechats l on l.id = r.livechat_id
      left join users u on u.id = l.user_id
      where r.account_id = ${accountId} and r.created_at >= ${from} and r.created_at < ${to}
      order by r.created_at desc, r.id desc limit ${RATINGS_LIST_LIMIT}`,
    ),
  ]);
  const byDay = rowsOf<DaySql>(daily).map((r) => ({ date: r.date, ...summarize(r) }));
  const totals = byDay.reduce(
    (t, d) => ({
      s1: t.s1 + d.scores[0],
      s2: t.s2 + d.scores[1],
      s3: t.s3 + d.scores[2],
      s4: t.s4 + d.scores[3],
      s5: t.s5 + d.scores[4],
    }),
    { s1: 0, s2: 0, s3: 0, s4: 0, s5: 0 },
  );
  const ratings: RatingEntry[] = rowsOf<{
    id: string;
    livechat_id: string;
    score: number;
    comment: string;
    created_at: string;
    follower_id: string;
    line_name: string;
    channel_type: string;
    agent_id: string | null;
    agent_name: string | null;
  }>(latest).map((r) => ({
    _id: r.id,
    livechat_id: r.livechat_id,
    created_at: r.created_at,
    score: Number(r.score),
    comment: r.comment,
    follower: { _id: r.follower_id, name: r.line_name, channel_type: r.channel_type },
    agent: r.agent_id ? { _id: r.agent_id, name: r.agent_name ?? '' } : null,
  }));
  return { period: scope.period, timezone: tz, by_day: byDay, total: summarize(totals), ratings };
}
