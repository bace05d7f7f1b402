import { bigint, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export type AgentStatus = 'available' | 'away' | 'offline';

/** Changes of an agent's availability on an account; a state lasts until the next row. */
export const agentStatusEvents = pgTable('agent_status_events', {
  id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
  accountId: text('account_id').notNull(),
  userId: text('user_id').notNull(),
  status: text('status').$type<AgentStatus>().notNull(),
  at: ts('at').notNull().defaultNow(),
});

/** A customer's post-chat rating from the widget, one per live chat. */
export const chatRatings = pgTable('chat_ratings', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  channelId: text('channel_id').notNull(),
  followerId: text('follower_id').notNull(),
  livechatId: text('livechat_id').notNull(),
  sessionId: text('session_id'),
  score: smallint('score').notNull(),
  comment: text('comment').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
