// Dashboard tiles (spec 2): each figure over the period and over the previous period of equal
// length. Chat utilization is the account's agents' busy-while-available time over their
// available time; the satisfaction rate the share of 4- and 5-star ratings. Either is null when
// there is nothing to measure (no available time, no ratings), and a null has no change.
import { sql } from 'drizzle-orm';
import type { DashboardTiles, Tile, TileKey } from '../../core/reports/wire';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { round2 } from './agentPerformance';
import { availabilityOf, busyOf, secondsOf } from './availability';
import { contactCounts } from './contacts';
import { runReport } from './run';
import { satisfactionRate } from './satisfaction';
import { type ReportScope, scopeOf } from './scope';

/** Percent of available time with at least one accepted chat open, over all agents; null with none. */
export async function chatUtilization(ctx: AppContext, scope: ReportScope): Promise<number | null> {
  const [row] = rowsOf<{ available: number; busy: number }>(
    await runReport(
      ctx,
      sql`
      with av as ${availabilityOf(scope)}, bz as ${busyOf(scope)}
      select coalesce(sum(${secondsOf(sql`av.available`)}), 0)::float8 as available,
        coalesce(sum(${secondsOf(sql`av.available * coalesce(bz.busy, '{}'::tstzmultirange)`)}), 0)::float8 as busy
      from av left join bz on bz.user_id = av.user_id`,
    ),
  );
  return row.available > 0 ? round2((row.busy / row.available) * 100) : null;
}

async function figures(ctx: AppContext, scope: ReportScope): Promise<Record<TileKey, number | null>> {
  const [contacts, utilization, satisfaction] = await Promise.all([
    contactCounts(ctx, scope),
    chatUtilization(ctx, scope),
    satisfactionRate(ctx, scope),
  ]);
  return { ...contacts, chat_utilization: utilization, satisfaction_rate: satisfaction.rate };
}

/** A figure and its change; `previous` null: no previous period, or nothing measured in it. */
export function tile(value: number | null, previous: number | null): Tile {
  if (value === null || previous === null) return { value, previous, change: null, change_percent: null };
  return {
    value,
    previous,
    change: round2(value - previous),
    change_percent: previous === 0 ? null : round2(((value - previous) / previous) * 100),
  };
}

export async function dashboardTiles(ctx: AppContext, scope: ReportScope): Promise<DashboardTiles> {
  const prev = scope.period.previous;
  const [now, before] = await Promise.all([
    figures(ctx, scope),
    prev
      ? figures(ctx, scopeOf(scope.accountId, scope.timezone, { ...scope.period, ...prev, previous: null }))
      : null,
  ]);
  const tiles = Object.fromEntries(
    (Object.keys(now) as TileKey[]).map((k) => [k, tile(now[k], before ? before[k] : null)]),
  ) as Record<TileKey, Tile>;
  return { period: scope.period, timezone: scope.timezone, tiles };
}
