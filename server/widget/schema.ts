import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** An anonymous visitor's session on one widget: a secret token (kept as a hash) and the visitor id. */
export const widgetSessions = pgTable('widget_sessions', {
  id: text('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  channelId: text('channel_id').notNull(),
  accountId: text('account_id').notNull(),
  /** The follower's external id; replaced when the visitor starts a new conversation (sess_expired). */
  visitorId: text('visitor_id').notNull(),
  /** Name, e-mail and the like from setUser() and the pre-chat form. */
  profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
  /** The webhook event that last started a new conversation, so a retried event does not start another. */
  renewedByEvent: text('renewed_by_event'),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
});

/** Which visitor session uploaded which media library file, so a visitor can only send their own. */
export const widgetUploads = pgTable('widget_uploads', {
  fileId: text('file_id').primaryKey(),
  sessionId: text('session_id').notNull(),
  channelId: text('channel_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Postback taps from the widget (menu and quick-reply buttons), each event once. */
export const widgetPostbacks = pgTable(
  'widget_postbacks',
  {
    channelId: text('channel_id').notNull(),
    eventId: text('event_id').notNull(),
    sessionId: text('session_id').notNull(),
    visitorId: text('visitor_id').notNull(),
    data: text('data').notNull(),
    menuId: text('menu_id'),
    menuButtonId: text('menu_button_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.eventId] })],
);
