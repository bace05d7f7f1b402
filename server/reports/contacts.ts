// Friends and verified accounts (dashboard tiles, contact growth). A friend is a one-to-one
// contact (follower_type 'other', not a group or room) from the moment it first wrote or followed
// (followers.created_at); blocked contacts (is_block, the block's own time is not stored) are
// left out of totals. A verified account is a friend with a row in contact_verifications (the
// contacts feature, issue 9), counted from its verified_at.
import { sql } from 'drizzle-orm';
import { CHANNEL_TYPES } from '../../core/models/chat';
import type { ChannelType, ContactGrowthDay, ContactGrowthReport } from '../../core/reports/wire';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { daySeries, firstDay } from './days';
import { runReport } from './run';
import type { ReportScope } from './scope';

/** Verified friends of the account: contact_verifications joined to their contact as `f`. */
const verifiedFrom = (
  accountId: string,
) => sql`contact_verifications v join followers f on f.id = v.follower_id
  where v.account_id = ${accountId} and f.follower_type = 'other'`;

export interface ContactCounts {
  total_friends: number;
  new_friends: number;
  verified_accounts: number;
  new_verified_accounts: number;
}

/** Friends and verified accounts at the end of the period, and new ones during it. */
export async function contactCounts(ctx: AppContext, scope: ReportScope): Promise<ContactCounts> {
  const { accountId, from, to } = scope;
  const [row] = rowsOf<ContactCounts>(
    await runReport(
      ctx,
      sql`
      select f.total_friends, f.new_friends, v.verified_accounts, v.new_verified_accounts from (
        select count(*) filter (where f.created_at < ${to} and not f.is_block)::int as total_friends,
          count(*) filter (where f.created_at >= ${from} and f.created_at < ${to})::int as new_friends
        from followers f where f.account_id = ${accountId} and f.follower_type = 'other' and f.created_at < ${to}
      ) f, (
        select count(*) filter (where not f.is_block)::int as verified_accounts,
          count(*) filter (where v.verified_at >= ${from})::int as new_verified_accounts
        from ${verifiedFrom(accountId)} and v.verified_at < ${to}
      ) v`,
    ),
  );
  return row;
}

interface GrowthSql {
  date: string;
  new_friends: number;
  total_friends: number;
  new_verified: number;
  total_verified: number;
  by_channel: Record<string, number> | null;
}

export async function contactGrowth(ctx: AppContext, scope: ReportScope): Promise<ContactGrowthReport> {
  const { accountId, from, to, timezone: tz } = scope;
  const start = await firstDay(ctx, scope);
  const rows = rowsOf<GrowthSql>(
    await runReport(
      ctx,
      sql`
      with base as (
        select
          (select count(*) from followers f where f.account_id = ${accountId} and f.follower_type = 'other'
            and f.created_at < ${from} and not f.is_block) as friends,
          (select count(*) from ${verifiedFrom(accountId)} and not f.is_block and v.verified_at < ${from}) as verified
      ),
      joined as (
        select (f.created_at at time zone ${tz}::text)::date as day, f.channel_type, count(*) as n,
          count(*) filter (where not f.is_block) as kept
        from followers f
        where f.account_id = ${accountId} and f.follower_type = 'other' and f.created_at >= ${from} and f.created_at < ${to}
        group by 1, 2
      ),
      joined_day as (
        select day, sum(n)::int as n, sum(kept)::int as kept, jsonb_object_agg(channel_type, n) as by_channel
        from joined group by day
      ),
      verified as (
        select (v.at at time zone ${tz}::text)::date as day, count(*)::int as n,
          count(*) filter (where not v.is_block)::int as kept
        from (
          select v.verified_at as at, f.is_block from ${verifiedFrom(accountId)}
            and v.verified_at >= ${from} and v.verified_at < ${to}
        ) v
        group by 1
      )
      select to_char(s.day, 'YYYY-MM-DD') as date,
        coalesce(j.n, 0) as new_friends,
        ((select friends from base) + sum(coalesce(j.kept, 0)) over (order by s.day))::int as total_friends,
        coalesce(v.n, 0) as new_verified,
        ((select verified from base) + sum(coalesce(v.kept, 0)) over (order by s.day))::int as total_verified,
        j.by_channel
      from ${daySeries(start, scope)} s
      left join joined_day j on j.day = s.day
      left join verified v on v.day = s.day
      order by s.day`,
    ),
  );
  const days: ContactGrowthDay[] = rows.map((r) => ({
    date: r.date,
    new_friends: Number(r.new_friends),
    total_friends: Number(r.total_friends),
    new_verified: Number(r.new_verified),
    total_verified: Number(r.total_verified),
    by_channel: Object.fromEntries(CHANNEL_TYPES.map((c) => [c, Number(r.by_channel?.[c] ?? 0)])) as Record<
      ChannelType,
      number
    >,
  }));
  return { period: scope.period, timezone: tz, days };
}
