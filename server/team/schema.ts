import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** An invitation to join an account with a role; only the SHA-256 of its one-time token is kept. */
export const invitations = pgTable('invitations', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  email: text('email').notNull(),
  roleId: text('role_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  invitedBy: text('invited_by'),
  expiresAt: ts('expires_at').notNull(),
  acceptedAt: ts('accepted_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
