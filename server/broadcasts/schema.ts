import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReplyItem } from '../../core/automation/replyMessage';
import type { BroadcastState } from '../../core/broadcast/compose';
import type { LinkPlace } from '../../core/broadcast/report';
import type { MessagesTarget } from '../../core/models/broadcast';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Where a tracked link of a sent broadcast sits (its report's rows). */
export interface LinkPart {
  part: string;
  message: number;
  card: number | null;
  place: LinkPlace;
  label: string;
  url: string;
}

/**
 * A broadcast (spec 3). While it goes out, one server process holds its lease (`lease_owner`
 * until `lease_until`, renewed as batches go); a process that stops leaves the lease to lapse
 * and another takes over where the batches stand.
 */
export const broadcasts = pgTable('broadcasts', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  name: text('name').notNull(),
  messages: jsonb('messages').$type<ReplyItem[]>().notNull().default([]),
  recipients: text('recipients').$type<'all' | 'targeting'>().notNull().default('all'),
  messagesTarget: jsonb('messages_target').$type<MessagesTarget[]>().notNull().default([]),
  excludedTarget: jsonb('excluded_target').$type<MessagesTarget[]>().notNull().default([]),
  targetEstimate: integer('target_estimate'),
  status: text('status').$type<BroadcastState>().notNull().default('Drafts'),
  broadcastTime: ts('broadcast_time'),
  /** The console's origin when it was saved: tracked links use it when PUBLIC_URL is not set. */
  origin: text('origin'),
  totalCount: integer('total_count').notNull().default(0),
  sentCount: integer('sent_count').notNull().default(0),
  failedCount: integer('failed_count').notNull().default(0),
  error: text('error'),
  linkParts: jsonb('link_parts').$type<LinkPart[]>().notNull().default([]),
  leaseOwner: text('lease_owner'),
  leaseUntil: ts('lease_until'),
  preparedAt: ts('prepared_at'),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
  createdBy: text('created_by'),
  updatedBy: text('updated_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type BatchStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** One platform call's worth of recipients (LINE: a multicast of up to 500). */
export const broadcastBatches = pgTable(
  'broadcast_batches',
  {
    broadcastId: text('broadcast_id').notNull(),
    channelId: text('channel_id').notNull(),
    batchNo: integer('batch_no').notNull(),
    size: integer('size').notNull(),
    status: text('status').$type<BatchStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    notBefore: ts('not_before'),
    claimedUntil: ts('claimed_until'),
    error: text('error'),
    sentAt: ts('sent_at'),
  },
  (t) => [primaryKey({ columns: [t.broadcastId, t.channelId, t.batchNo] })],
);

/** Who a broadcast went to, fixed when it starts, and how it went for each. */
export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    broadcastId: text('broadcast_id').notNull(),
    followerId: text('follower_id').notNull(),
    channelId: text('channel_id').notNull(),
    channelType: text('channel_type').notNull(),
    externalId: text('external_id').notNull(),
    batchNo: integer('batch_no').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    error: text('error'),
    sentAt: ts('sent_at'),
  },
  (t) => [primaryKey({ columns: [t.broadcastId, t.followerId] })],
);
