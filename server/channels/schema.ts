// Tables of the channels feature (migration 0008_channels).
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export type InboundPlatform = 'line' | 'meta' | 'wechat';
export type InboundStatus = 'pending' | 'done' | 'failed';

export const channelInbound = pgTable('channel_inbound', {
  id: text('id').primaryKey(),
  channelId: text('channel_id').notNull(),
  accountId: text('account_id').notNull(),
  platform: text('platform').$type<InboundPlatform>().notNull(),
  eventKey: text('event_key').notNull(),
  payload: jsonb('payload').$type<unknown>().notNull(),
  status: text('status').$type<InboundStatus>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  claimedUntil: ts('claimed_until'),
  lastError: text('last_error'),
  receivedAt: ts('received_at').notNull().defaultNow(),
  processedAt: ts('processed_at'),
});

export const channelEvents = pgTable(
  'channel_events',
  {
    channelId: text('channel_id').notNull(),
    eventKey: text('event_key').notNull(),
    accountId: text('account_id').notNull(),
    followerId: text('follower_id'),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.eventKey] })],
);

export const channelReplyTokens = pgTable('channel_reply_tokens', {
  followerId: text('follower_id').primaryKey(),
  token: text('token').notNull(),
  receivedAt: ts('received_at').notNull(),
  usedBy: text('used_by'),
});

export const channelAccessTokens = pgTable('channel_access_tokens', {
  channelId: text('channel_id').primaryKey(),
  token: text('token').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const channelKeys = pgTable('channel_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
