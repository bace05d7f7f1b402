import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export type LinkSourceKind = 'broadcast' | 'template' | 'action';

/** An address handed to customers as /go?l={id}: where it leads and what sent it. */
export const trackedLinks = pgTable('tracked_links', {
  /** The code in the address. */
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  url: text('url').notNull(),
  sourceKind: text('source_kind').$type<LinkSourceKind>().notNull(),
  sourceId: text('source_id').notNull(),
  /** Where in the source (a broadcast's message and button); '' for the whole. */
  sourcePart: text('source_part').notNull().default(''),
  /** The contact the link was made for; '' when it went to many. */
  followerId: text('follower_id').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** One opening of a tracked link (link-preview robots are not counted). */
export const linkClicks = pgTable('link_clicks', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  linkId: text('link_id').notNull(),
  accountId: text('account_id').notNull(),
  followerId: text('follower_id'),
  /** Who clicked, for counting people: the contact when known, else a hash of address and browser. */
  visitor: text('visitor').notNull(),
  clickedAt: ts('clicked_at').notNull().defaultNow(),
});
