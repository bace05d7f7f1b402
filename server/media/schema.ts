import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const mediaFolders = pgTable('media_folders', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  parentId: text('parent_id'),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  createdBy: text('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type MediaCategory = 'image' | 'video' | 'file';

export const mediaFiles = pgTable('media_files', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  folderId: text('folder_id').notNull(),
  name: text('name').notNull(),
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type').notNull(),
  extension: text('extension').notNull(),
  category: text('category').$type<MediaCategory>().notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  width: integer('width'),
  height: integer('height'),
  thumbnailKey: text('thumbnail_key'),
  createdBy: text('created_by'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Bytes stored per account and the most it may store; changed only inside the transactions that add or remove files. */
export const mediaUsage = pgTable('media_usage', {
  accountId: text('account_id').primaryKey(),
  used: bigint('used', { mode: 'number' }).notNull().default(0),
  limitBytes: bigint('limit_bytes', { mode: 'number' }).notNull(),
});
