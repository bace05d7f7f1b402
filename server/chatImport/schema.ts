import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { MessageItem } from '../../core/models/message';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export type ImportFormat = 'oam' | 'export' | 'template';
export type ImportStatus = 'importing' | 'done' | 'failed';
export type SenderType = 'customer' | 'agent' | 'bot' | 'system';

export const chatImports = pgTable('chat_imports', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  fileName: text('file_name').notNull(),
  fileHash: text('file_hash').notNull(),
  format: text('format').$type<ImportFormat>().notNull(),
  status: text('status').$type<ImportStatus>().notNull().default('importing'),
  totalRows: integer('total_rows').notNull().default(0),
  processedRows: integer('processed_rows').notNull().default(0),
  conversations: integer('conversations').notNull().default(0),
  messagesAdded: integer('messages_added').notNull().default(0),
  messagesMerged: integer('messages_merged').notNull().default(0),
  error: text('error'),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
});

export const unknownChats = pgTable('unknown_chats', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  sourceKey: text('source_key').notNull(),
  importId: text('import_id'),
  format: text('format').$type<ImportFormat>().notNull(),
  name: text('name').notNull().default(''),
  channelType: text('channel_type'),
  socialId: text('social_id'),
  messageCount: integer('message_count').notNull().default(0),
  firstAt: ts('first_at'),
  lastAt: ts('last_at'),
  lastText: text('last_text').notNull().default(''),
  mergedFollowerId: text('merged_follower_id'),
  mergedBy: text('merged_by'),
  mergedAt: ts('merged_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const unknownChatMessages = pgTable('unknown_chat_messages', {
  seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  accountId: text('account_id').notNull(),
  unknownChatId: text('unknown_chat_id').notNull(),
  msgKey: text('msg_key').notNull(),
  at: ts('at').notNull(),
  line: integer('line').notNull().default(0),
  senderType: text('sender_type').$type<SenderType>().notNull(),
  senderName: text('sender_name').notNull().default(''),
  items: jsonb('items').$type<MessageItem[]>().notNull(),
  text: text('text').notNull().default(''),
});
