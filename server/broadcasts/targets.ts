// Who a broadcast reaches: the account's contacts on LINE, Messenger, Instagram and WeChat that
// can receive messages (people, not groups; not blocked or marked spam; channel switched on),
// narrowed by the composer's filters (all must match) and minus the excluded targets (any
// matching takes the contact out). The estimate and the send use the same conditions.
import { and, count, eq, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import { BROADCAST_CHANNEL_TYPES } from '../../core/broadcast/compose';
import type { MessagesTarget } from '../../core/models/broadcast';
import { channels } from '../accounts/schema';
import { followers, followerTags, tags } from '../chat/schema';
import { contactVerifications } from '../contacts/schema';
import type { Db } from '../db/client';

export interface Targeting {
  recipients: 'all' | 'targeting';
  messagesTarget: MessagesTarget[];
  excludedTarget: MessagesTarget[];
}

function matches(target: MessagesTarget): SQL | undefined {
  const options = [...new Set(target.option.filter((o) => o.trim() !== ''))];
  if (options.length === 0) return undefined;
  switch (target.type) {
    case 'tag':
      return sql`exists (select 1 from ${followerTags} where ${followerTags.followerId} = ${followers.id} and ${inArray(followerTags.tagId, options)})`;
    case 'channel':
      return inArray(followers.channelId, options);
    case 'verify': {
      const verified = sql`exists (select 1 from ${contactVerifications} where ${contactVerifications.followerId} = ${followers.id})`;
      if (options.includes('verified') && options.includes('unverified')) return sql`true`;
      return options.includes('verified') ? verified : not(verified);
    }
    default:
      return sql`false`;
  }
}

/** The conditions on `followers` (joined with `channels`) for an account's targeting. */
export function audienceWhere(accountId: string, targeting: Targeting): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(followers.accountId, accountId),
    inArray(followers.channelType, [...BROADCAST_CHANNEL_TYPES]),
    eq(followers.followerType, 'other'),
    eq(followers.isBlock, false),
    eq(followers.isSpam, false),
    sql`coalesce(${channels.config}->>'enabled', 'true') <> 'false'`,
  ];
  if (targeting.recipients === 'targeting') {
    for (const target of targeting.messagesTarget) conditions.push(matches(target) ?? sql`false`);
  }
  const excluded = targeting.excludedTarget.map(matches).filter((c): c is SQL => Boolean(c));
  if (excluded.length > 0) conditions.push(not(or(...excluded) as SQL));
  return and(...conditions) as SQL;
}

/** How many contacts the targeting reaches now, and per channel. */
export async function estimateReach(db: Db, accountId: string, targeting: Targeting) {
  const rows = await db
    .select({ channelId: followers.channelId, n: count() })
    .from(followers)
    .innerJoin(channels, eq(channels.id, followers.channelId))
    .where(audienceWhere(accountId, targeting))
    .groupBy(followers.channelId);
  const byChannel = Object.fromEntries(rows.map((r) => [r.channelId, Number(r.n)]));
  return { total: rows.reduce((n, r) => n + Number(r.n), 0), byChannel };
}

/** What the composer's filters can choose from: tags and channels, with how many contacts each has. */
export async function targetChoices(db: Db, accountId: string) {
  const base = audienceWhere(accountId, { recipients: 'all', messagesTarget: [], excludedTarget: [] });
  const tagRows = await db
    .select({
      id: tags.id,
      name: tags.name,
      isActive: tags.isActive,
      n: sql<number>`(count(${followers.id}) filter (where ${base}))::int`,
    })
    .from(tags)
    .leftJoin(followerTags, eq(followerTags.tagId, tags.id))
    .leftJoin(followers, eq(followers.id, followerTags.followerId))
    .leftJoin(channels, eq(channels.id, followers.channelId))
    .where(eq(tags.accountId, accountId))
    .groupBy(tags.id, tags.name, tags.isActive)
    .orderBy(tags.name);
  const channelRows = await db
    .select({ id: channels.id, name: channels.name, type: channels.type })
    .from(channels)
    .where(and(eq(channels.accountId, accountId), inArray(channels.type, [...BROADCAST_CHANNEL_TYPES])))
    .orderBy(channels.createdAt);
  const reach = await estimateReach(db, accountId, {
    recipients: 'all',
    messagesTarget: [],
    excludedTarget: [],
  });
  return {
    tags: tagRows.map((t) => ({
      _id: t.id,
      name: t.name,
      status: t.isActive ? 'active' : 'inactive',
      count: t.n,
    })),
    channels: channelRows.map((c) => ({
      _id: c.id,
      name: c.name,
      type: c.type,
      count: reach.byChannel[c.id] ?? 0,
    })),
    all: reach.total,
  };
}
