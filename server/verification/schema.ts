import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type {
  VerificationField,
  VerificationStatus,
  VerificationTexts,
} from '../../core/verification/settings';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** How an account's customers verify (core/verification/settings.ts). */
export const verificationSettings = pgTable('verification_settings', {
  accountId: text('account_id').primaryKey(),
  mode: text('mode').$type<'agent' | 'api'>().notNull().default('agent'),
  apiConnectionId: text('api_connection_id'),
  fields: jsonb('fields').$type<VerificationField[]>().notNull().default([]),
  texts: jsonb('texts').$type<Partial<VerificationTexts>>().notNull().default({}),
  language: text('language').$type<'en' | 'th'>().notNull().default('en'),
  updatedBy: text('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** One verification a customer started; the link's token is kept only as a hash. */
export const verificationRequests = pgTable('verification_requests', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  followerId: text('follower_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  status: text('status').$type<VerificationStatus>().notNull().default('open'),
  values: jsonb('values').$type<Record<string, string>>().notNull().default({}),
  attempts: integer('attempts').notNull().default(0),
  result: jsonb('result').$type<Record<string, unknown>>(),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  submittedAt: ts('submitted_at'),
  decidedAt: ts('decided_at'),
  decidedBy: text('decided_by'),
});
