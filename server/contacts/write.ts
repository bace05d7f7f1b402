// Changing a contact: field values, tags and verification, each checked against the writer's
// permission entries (spec 6) for the contact as verified or not. Hidden or read-only fields may
// be sent back unchanged (the inbox sends the whole list), never changed.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { HIDDEN_VALUE } from '../../core/access/contactAccess';
import { canEdit, canView } from '../../core/access/entryAccess';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { normalizeFieldValue } from '../../core/validation/contactField';
import { MESSAGES } from '../../core/validation/rules';
import { followers, followerTags, tags } from '../chat/schema';
import type { Db } from '../db/client';
import { Forbidden, Invalid } from '../http/errors';
import { contactFieldValues, contactVerifications } from './schema';
import { accountFields, type ContactViewer, type FieldRow } from './view';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;
type FollowerRow = typeof followers.$inferSelect;

export const VERIFY_TYPE_MAX = 50;
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export interface FieldInput {
  key: string;
  value: unknown;
}

export interface VerifyInput {
  is_verify: boolean;
  verify_type?: string | null;
  system_tags?: { value: string }[];
  customer_id?: string | null;
  customer_type?: string | null;
}

export async function isVerified(db: Executor, followerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contactVerifications.followerId })
    .from(contactVerifications)
    .where(eq(contactVerifications.followerId, followerId))
    .limit(1);
  return Boolean(row);
}

/**
 * Writes field values by key. Unknown keys are a 400; a change to a field the writer may not
 * change is a 403 naming it. `mode: 'skip'` (imports) leaves those out and reports their keys;
 * a bad value is a 400 in both modes.
 */
export async function applyFieldValues(
  db: Executor,
  viewer: ContactViewer,
  follower: FollowerRow,
  verified: boolean,
  inputs: readonly FieldInput[],
  options: { fields?: FieldRow[]; mode?: 'strict' | 'skip'; fieldPrefix?: string } = {},
): Promise<{ changed: number; skipped: string[] }> {
  if (inputs.length === 0) return { changed: 0, skipped: [] };
  const prefix = options.fieldPrefix ?? 'contact_detail';
  const fields = options.fields ?? (await accountFields(db as Db, viewer.accountId));
  const byKey = new Map(fields.map((f) => [f.key.toLowerCase(), f]));
  const current = new Map(
    (
      await db
        .select({ fieldId: contactFieldValues.fieldId, value: contactFieldValues.value })
        .from(contactFieldValues)
        .where(eq(contactFieldValues.followerId, follower.id))
    ).map((v) => [v.fieldId, v.value as unknown]),
  );
  const skipped: string[] = [];
  let changed = 0;
  for (const input of inputs) {
    const field = byKey.get(String(input.key).toLowerCase());
    if (!field) {
      if (options.mode === 'skip') {
        skipped.push(input.key);
        continue;
      }
      throw new Invalid(`${prefix}.${input.key}`, SERVER_MESSAGES.fieldMissing);
    }
    const visible = canView(field.permission, viewer, verified);
    if (!visible && input.value === HIDDEN_VALUE) continue;
    const result = normalizeFieldValue(field.type, input.value);
    // A value the field cannot take fails (an import's row, naming its column): it is neither
    // unknown nor a field the writer may not change, so it is not silently skipped.
    if (!result.ok)
      throw new Invalid(options.mode === 'skip' ? field.key : `${prefix}.${field.key}`, result.message);
    const before = current.get(field.id) ?? null;
    if (sameValue(before, result.value)) continue;
    if (!viewer.mayWrite || !canEdit(field.permission, viewer, verified)) {
      if (options.mode === 'skip') {
        skipped.push(field.key);
        continue;
      }
      throw new Forbidden(SERVER_MESSAGES.fieldLocked(field.label));
    }
    if (result.value === null)
      await db
        .delete(contactFieldValues)
        .where(and(eq(contactFieldValues.followerId, follower.id), eq(contactFieldValues.fieldId, field.id)));
    else
      await db
        .insert(contactFieldValues)
        .values({ followerId: follower.id, fieldId: field.id, value: result.value })
        .onConflictDoUpdate({
          target: [contactFieldValues.followerId, contactFieldValues.fieldId],
          set: { value: result.value, updatedAt: new Date() },
        });
    changed++;
  }
  return { changed, skipped };
}

/**
 * Makes the contact's changeable tags exactly `wanted` (ids). Tags the writer may not change
 * (hidden or view-only) stay as they are; asking to add or drop one is a 403.
 */
export async function replaceTags(
  db: Executor,
  viewer: ContactViewer,
  follower: FollowerRow,
  verified: boolean,
  wanted: readonly string[],
): Promise<void> {
  const wantedSet = new Set(wanted);
  const requested = wantedSet.size
    ? await db
        .select()
        .from(tags)
        .where(and(eq(tags.accountId, viewer.accountId), inArray(tags.id, [...wantedSet])))
    : [];
  if (requested.length !== wantedSet.size) throw new Invalid('tags', SERVER_MESSAGES.tagMissing);
  const have = await db
    .select({ tag: tags })
    .from(followerTags)
    .innerJoin(tags, eq(tags.id, followerTags.tagId))
    .where(eq(followerTags.followerId, follower.id));
  const haveIds = new Set(have.map((h) => h.tag.id));
  const editable = (t: typeof tags.$inferSelect) =>
    viewer.mayWrite && canEdit(t.permission, viewer, verified);
  for (const t of requested)
    if (!haveIds.has(t.id)) {
      if (!editable(t)) throw new Forbidden(SERVER_MESSAGES.tagAddLocked(t.name));
      await db.insert(followerTags).values({ followerId: follower.id, tagId: t.id }).onConflictDoNothing();
    }
  for (const { tag } of have)
    if (!wantedSet.has(tag.id)) {
      // A tag the writer cannot see was not in what they were shown: it stays.
      if (!canView(tag.permission, viewer, verified)) continue;
      if (!editable(tag)) throw new Forbidden(SERVER_MESSAGES.tagRemoveLocked(tag.name));
      await db
        .delete(followerTags)
        .where(and(eq(followerTags.followerId, follower.id), eq(followerTags.tagId, tag.id)));
    }
}

/** Verifies or un-verifies a contact; the reports read followers.profile.verified_at too. */
export async function setVerification(
  db: Executor,
  viewer: ContactViewer,
  follower: FollowerRow,
  input: VerifyInput,
): Promise<boolean> {
  if (!viewer.mayWrite) throw new Forbidden();
  if (!input.is_verify) {
    await db.delete(contactVerifications).where(eq(contactVerifications.followerId, follower.id));
    await db
      .update(followers)
      .set({ profile: sql`${followers.profile} - 'verified_at'` })
      .where(eq(followers.id, follower.id));
    return false;
  }
  const verifyType = input.verify_type?.trim() || 'manual';
  if (verifyType.length > VERIFY_TYPE_MAX)
    throw new Invalid('verify.verify_type', MESSAGES.maxLength(VERIFY_TYPE_MAX));
  const values = {
    verifyType,
    systemTags: input.system_tags ?? [],
    customerId: input.customer_id ?? null,
    customerType: input.customer_type ?? null,
  };
  const [row] = await db
    .insert(contactVerifications)
    .values({ followerId: follower.id, accountId: follower.accountId, verifiedBy: viewer.userId, ...values })
    .onConflictDoUpdate({ target: contactVerifications.followerId, set: values })
    .returning();
  await db
    .update(followers)
    .set({
      profile: sql`jsonb_set(${followers.profile}, '{verified_at}', to_jsonb(${row.verifiedAt.toISOString()}::text))`,
    })
    .where(eq(followers.id, follower.id));
  return true;
}
