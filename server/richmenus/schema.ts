import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { RichMenuArea, RichMenuKind } from '../../core/automation/richMenu';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export type RichMenuStatus = 'draft' | 'active' | 'inactive' | 'history';

/** A rich menu of a LINE channel (spec 3); History keeps the menus that were replaced or deleted. */
export const richMenus = pgTable('rich_menus', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  channelId: text('channel_id'),
  kind: text('kind').$type<RichMenuKind>().notNull(),
  name: text('name').notNull(),
  menuBarLabel: text('menu_bar_label').notNull(),
  defaultBehavior: text('default_behavior').$type<'show' | 'collapsed'>().notNull(),
  template: text('template').$type<'large' | 'compact'>().notNull(),
  imageFileId: text('image_file_id'),
  areas: jsonb('areas').$type<RichMenuArea[]>().notNull(),
  target: text('target').$type<'verified' | 'selected'>().notNull().default('verified'),
  followerIds: jsonb('follower_ids').$type<string[]>().notNull().default([]),
  status: text('status').$type<RichMenuStatus>().notNull().default('draft'),
  lineRichMenuId: text('line_rich_menu_id'),
  linked: jsonb('linked').$type<{ users: number; at: string } | null>(),
  publishError: text('publish_error'),
  publishedAt: ts('published_at'),
  createdBy: text('created_by'),
  updatedBy: text('updated_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
