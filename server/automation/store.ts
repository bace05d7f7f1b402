// Reply messages, groups, keyword rules, intents and settings in the database, always scoped to
// one account, and their wire shapes (snake_case, `_id`).
import { and, asc, eq, inArray } from 'drizzle-orm';
import { INTENT_MATCH_THRESHOLD } from '../../core/automation/intents';
import type { ReplyLookups, SavedTemplateRef } from '../../core/automation/replyConvert';
import type { Location } from '../../core/models/location';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import type { Db } from '../db/client';
import { locations } from '../locations/schema';
import { locationRowToModel } from '../locations/wire';
import { messageTemplates } from '../templates/schema';
import { automationSettings, intents, keywordRules, type replyGroups, replyMessages } from './schema';

export type ReplyRow = typeof replyMessages.$inferSelect;
export type GroupRow = typeof replyGroups.$inferSelect;
export type KeywordRow = typeof keywordRules.$inferSelect;
export type IntentRow = typeof intents.$inferSelect;

export const REPLY_NOT_FOUND = SERVER_MESSAGES.replyMissing;

export function replyToWire(row: ReplyRow) {
  return {
    _id: row.id,
    name: row.name,
    group_id: row.groupId,
    is_active: row.isActive,
    position: row.position,
    items: row.items,
    quick_replies: row.quickReplies,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function groupToWire(row: GroupRow) {
  return { _id: row.id, name: row.name, position: row.position };
}

export function keywordToWire(row: KeywordRow, replyName?: string | null) {
  return {
    _id: row.id,
    name: row.name,
    keywords: row.keywords,
    action: row.action,
    reply_message_id: row.replyMessageId,
    reply_message_name: replyName ?? null,
    queue_id: row.queueId,
    bot_text: row.botText,
    priority: row.priority,
    is_active: row.isActive,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function intentToWire(row: IntentRow, replyName?: string | null) {
  return {
    _id: row.id,
    name: row.name,
    is_active: row.isActive,
    training_phrases: row.trainingPhrases,
    reply_message_id: row.replyMessageId,
    reply_message_name: replyName ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findReply(db: Db, accountId: string, id: string): Promise<ReplyRow | null> {
  const [row] = await db
    .select()
    .from(replyMessages)
    .where(and(eq(replyMessages.accountId, accountId), eq(replyMessages.id, id)))
    .limit(1);
  return row ?? null;
}

export async function replyNames(db: Db, accountId: string, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((v): v is string => !!v))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: replyMessages.id, name: replyMessages.name })
    .from(replyMessages)
    .where(and(eq(replyMessages.accountId, accountId), inArray(replyMessages.id, wanted)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export interface AutomationSettings {
  greeting: { enabled: boolean; reply_message_id: string | null };
  outside_hours: { enabled: boolean; reply_message_id: string | null };
  intent_threshold: number;
}

export async function loadAutomationSettings(db: Db, accountId: string): Promise<AutomationSettings> {
  const [row] = await db
    .select()
    .from(automationSettings)
    .where(eq(automationSettings.accountId, accountId))
    .limit(1);
  return {
    greeting: { enabled: row?.greetingEnabled ?? false, reply_message_id: row?.greetingReplyId ?? null },
    outside_hours: {
      enabled: row?.outsideHoursEnabled ?? false,
      reply_message_id: row?.outsideHoursReplyId ?? null,
    },
    intent_threshold: row?.intentThreshold ?? INTENT_MATCH_THRESHOLD,
  };
}

export async function activeKeywordRules(db: Db, accountId: string) {
  return db
    .select()
    .from(keywordRules)
    .where(and(eq(keywordRules.accountId, accountId), eq(keywordRules.isActive, true)))
    .orderBy(asc(keywordRules.priority), asc(keywordRules.createdAt));
}

export async function activeIntents(db: Db, accountId: string) {
  return db
    .select()
    .from(intents)
    .where(and(eq(intents.accountId, accountId), eq(intents.isActive, true)))
    .orderBy(asc(intents.createdAt));
}

/** The saved templates and locations a reply message refers to, for converting it. */
export async function lookupsFor(
  db: Db,
  accountId: string,
  items: readonly { type: string; bubbleIds?: string[] | null; locationId?: string | null }[],
): Promise<ReplyLookups> {
  const templateIds = [...new Set(items.flatMap((i) => i.bubbleIds ?? []).filter(Boolean))];
  const locationIds = [...new Set(items.map((i) => i.locationId).filter((v): v is string => !!v))];
  const templates = new Map<string, SavedTemplateRef>();
  const places = new Map<string, Location>();
  if (templateIds.length > 0) {
    const rows = await db
      .select()
      .from(messageTemplates)
      .where(and(eq(messageTemplates.accountId, accountId), inArray(messageTemplates.id, templateIds)));
    for (const r of rows) templates.set(r.id, { kind: r.kind, name: r.name, form: r.form });
  }
  if (locationIds.length > 0) {
    const rows = await db
      .select()
      .from(locations)
      .where(and(eq(locations.accountId, accountId), inArray(locations.id, locationIds)));
    for (const r of rows) places.set(r.id, locationRowToModel(r));
  }
  return { templates, locations: places };
}
