import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Every tap the runtime handled, once per platform event. */
export const actionRuns = pgTable(
  'action_runs',
  {
    channelId: text('channel_id').notNull(),
    eventKey: text('event_key').notNull(),
    accountId: text('account_id').notNull(),
    followerId: text('follower_id'),
    data: text('data').notNull(),
    actionType: text('action_type').notNull().default(''),
    status: text('status').$type<'running' | 'done' | 'failed' | 'skipped'>().notNull().default('running'),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.eventKey] })],
);

/** The last run of one tap by one customer (double taps run once). */
export const actionTaps = pgTable(
  'action_taps',
  {
    followerId: text('follower_id').notNull(),
    dataHash: text('data_hash').notNull(),
    lastAt: ts('last_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.dataHash] })],
);

/** Stored actions by key (content-addressed: the key is a hash of what the action does). */
export const actionRefs = pgTable(
  'action_refs',
  {
    accountId: text('account_id').notNull(),
    key: text('key').notNull(),
    action: jsonb('action').$type<Record<string, unknown>>().notNull(),
    sourceKind: text('source_kind').notNull(),
    sourceId: text('source_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] })],
);
