import { boolean, integer, jsonb, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import type { Keyword, KeywordAction } from '../../core/automation/keywords';
import type { ReplyItem } from '../../core/automation/replyMessage';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Groups of reply messages (spec 7 /api/reply/group/list). */
export const replyGroups = pgTable('reply_groups', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A reply message: 1 to 5 items and quick replies (core/automation/replyMessage.ts). */
export const replyMessages = pgTable('reply_messages', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  groupId: text('group_id'),
  name: text('name').notNull(),
  items: jsonb('items').$type<ReplyItem[]>().notNull(),
  quickReplies: jsonb('quick_replies').$type<{ label: string; action: unknown }[]>().notNull().default([]),
  isActive: boolean('is_active').notNull().default(true),
  position: integer('position').notNull().default(0),
  createdBy: text('created_by'),
  updatedBy: text('updated_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A keyword mapping: keywords → a reply message or a hand-over action, by priority. */
export const keywordRules = pgTable('keyword_rules', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  name: text('name').notNull(),
  keywords: jsonb('keywords').$type<Keyword[]>().notNull(),
  action: text('action').$type<KeywordAction>().notNull(),
  replyMessageId: text('reply_message_id'),
  queueId: text('queue_id'),
  /** What the bot says when it hands over (talk to human, queue). */
  botText: text('bot_text').notNull().default(''),
  priority: integer('priority').notNull().default(1),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Intents (spec 3): training phrases mapped to a reply message. */
export const intents = pgTable('intents', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  trainingPhrases: jsonb('training_phrases').$type<string[]>().notNull(),
  replyMessageId: text('reply_message_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Greeting and outside-business-hours replies, per account. */
export const automationSettings = pgTable('automation_settings', {
  accountId: text('account_id').primaryKey(),
  greetingEnabled: boolean('greeting_enabled').notNull().default(false),
  greetingReplyId: text('greeting_reply_id'),
  outsideHoursEnabled: boolean('outside_hours_enabled').notNull().default(false),
  outsideHoursReplyId: text('outside_hours_reply_id'),
  intentThreshold: real('intent_threshold'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Replies that go once per conversation (live chat): the outside-hours reply. */
export const automationOnce = pgTable(
  'automation_once',
  {
    livechatId: text('livechat_id').notNull(),
    kind: text('kind').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.livechatId, t.kind] })],
);

/** Which rule answered a bot message (shown in the chat). */
export const botAnswers = pgTable('bot_answers', {
  messageId: text('message_id').primaryKey(),
  accountId: text('account_id').notNull(),
  followerId: text('follower_id').notNull(),
  questionId: text('question_id'),
  ruleKind: text('rule_kind').$type<'keyword' | 'intent' | 'outside_hours' | 'greeting'>().notNull(),
  ruleId: text('rule_id'),
  ruleName: text('rule_name').notNull(),
  matched: text('matched').notNull().default(''),
  score: real('score'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
