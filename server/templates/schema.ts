import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type TemplateKind = 'bubble' | 'carousel' | 'imagemap';

/** A saved card-message template: the editor's form and the LINE message it converts to. */
export const messageTemplates = pgTable('message_templates', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  name: text('name').notNull(),
  kind: text('kind').$type<TemplateKind>().notNull(),
  form: jsonb('form').$type<Record<string, unknown>>().notNull(),
  lineMessage: jsonb('line_message').$type<Record<string, unknown>>().notNull(),
  createdBy: text('created_by'),
  updatedBy: text('updated_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
