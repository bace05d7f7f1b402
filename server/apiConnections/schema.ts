import { boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ApiAnswers, ApiParameter } from '../../core/apis/connection';
import type { VariableOption } from '../../core/template/form';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** An external API of an account (core/apis/connection.ts); secret values stay here. */
export const apiConnections = pgTable('api_connections', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  method: text('method').notNull().default('GET'),
  url: text('url').notNull(),
  headers: jsonb('headers').$type<ApiParameter[]>().notNull().default([]),
  bodyType: text('body_type').$type<'fields' | 'json'>().notNull().default('fields'),
  body: jsonb('body').$type<ApiParameter[]>().notNull().default([]),
  bodyJson: text('body_json').notNull().default(''),
  status: boolean('status').notNull().default(true),
  variablesOption: jsonb('variables_option').$type<VariableOption[]>().notNull().default([]),
  sampleValues: jsonb('sample_values').$type<Record<string, string>>().notNull().default({}),
  answers: jsonb('answers').$type<ApiAnswers>().notNull().default({ conditions: [], fallback: '' }),
  createdBy: text('created_by'),
  updatedBy: text('updated_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
