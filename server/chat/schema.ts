import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Permissions, QueueAssignedType, QueueVisibility } from '../../core/models/account';
import type { MessageItem, MessageType } from '../../core/models/message';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const accountSettings = pgTable('account_settings', {
  accountId: text('account_id').primaryKey(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const queues = pgTable('queues', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  name: text('name').notNull(),
  assignType: text('assign_type').$type<QueueAssignedType>().notNull().default('manual'),
  visibility: text('visibility').$type<QueueVisibility>().notNull().default('everyone'),
  chatsPerAgent: integer('chats_per_agent'),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const queueMembers = pgTable(
  'queue_members',
  { queueId: text('queue_id').notNull(), userId: text('user_id').notNull() },
  (t) => [primaryKey({ columns: [t.queueId, t.userId] })],
);

export const followers = pgTable('followers', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  channelId: text('channel_id').notNull(),
  channelType: text('channel_type').notNull(),
  externalId: text('external_id').notNull(),
  followerType: text('follower_type').$type<'room' | 'group' | 'other'>().notNull().default('other'),
  lineName: text('line_name').notNull().default(''),
  lineNickname: text('line_nickname'),
  lineImage: text('line_image'),
  mode: text('mode').$type<'bot' | 'agent'>().notNull().default('agent'),
  isBlock: boolean('is_block').notNull().default(false),
  isSpam: boolean('is_spam').notNull().default(false),
  isFollow: boolean('is_follow').notNull().default(false),
  integration: jsonb('integration').$type<Record<string, unknown> | null>(),
  profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
  countNotIsReplied: integer('count_not_is_replied').notNull().default(0),
  lastMessageAt: ts('last_message_at'),
  lastMessageText: text('last_message_text').notNull().default(''),
  livechatId: text('livechat_id'),
  lcUserId: text('lc_user_id'),
  lcQueueId: text('lc_queue_id'),
  lcIsAccepted: boolean('lc_is_accepted').notNull().default(false),
  lcIsMissed: boolean('lc_is_missed').notNull().default(false),
  lcIsExpired: boolean('lc_is_expired').notNull().default(false),
  lcIsDone: boolean('lc_is_done').notNull().default(false),
  lcIsBusiness: boolean('lc_is_business').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const livechats = pgTable('livechats', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  followerId: text('follower_id').notNull(),
  queueId: text('queue_id'),
  userId: text('user_id'),
  isAccepted: boolean('is_accepted').notNull().default(false),
  isMissed: boolean('is_missed').notNull().default(false),
  isExpired: boolean('is_expired').notNull().default(false),
  isDone: boolean('is_done').notNull().default(false),
  isBusiness: boolean('is_business').notNull().default(false),
  startedAt: ts('started_at').notNull().defaultNow(),
  takenAt: ts('taken_at'),
  acceptedAt: ts('accepted_at'),
  firstResponseAt: ts('first_response_at'),
  lastCustomerAt: ts('last_customer_at'),
  lastAgentAt: ts('last_agent_at'),
  closedAt: ts('closed_at'),
  waitingSince: ts('waiting_since'),
  countdownUntil: ts('countdown_until'),
});

export type Delivery = 'pending' | 'sent' | 'failed';

export const messages = pgTable('messages', {
  id: text('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  accountId: text('account_id').notNull(),
  followerId: text('follower_id').notNull(),
  livechatId: text('livechat_id'),
  type: text('type').$type<MessageType>().notNull(),
  fromType: text('from_type').$type<'customer' | 'agent' | 'bot' | 'system'>().notNull(),
  fromId: text('from_id'),
  tempId: text('temp_id'),
  externalId: text('external_id'),
  items: jsonb('items').$type<MessageItem[]>().notNull(),
  text: text('text').notNull().default(''),
  isReplied: boolean('is_replied').notNull().default(false),
  newChat: boolean('new_chat').notNull().default(false),
  delivery: text('delivery').$type<Delivery>().notNull().default('sent'),
  deliveryError: text('delivery_error'),
  deliveryAttempts: integer('delivery_attempts').notNull().default(0),
  deliveryClaimedUntil: ts('delivery_claimed_until'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Merged in from an unknown chat (server/chatImport), with the sender's name the file gave. */
  importedChatId: text('imported_chat_id'),
  importedSender: text('imported_sender'),
});

export const inboundEvents = pgTable(
  'inbound_events',
  {
    channelId: text('channel_id').notNull(),
    eventId: text('event_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.eventId] })],
);

export const notes = pgTable('notes', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  followerId: text('follower_id').notNull(),
  no: integer('no').notNull(),
  text: text('text').notNull(),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const tags = pgTable('tags', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  isVerify: boolean('is_verify').notNull().default(false),
  verifyTagApi: boolean('verify_tag_api').notNull().default(false),
  /** Who sees the tag (spec 4, 6); see server/contacts. */
  permission: jsonb('permission').$type<Permissions>().notNull().default({ verify: [], default: [] }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const followerTags = pgTable(
  'follower_tags',
  {
    followerId: text('follower_id').notNull(),
    tagId: text('tag_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.tagId] })],
);
