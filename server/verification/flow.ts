// Customer verification (issue 16): a verify action gives the customer a link to a short form on
// /go; the answers are checked by the account's verification API or wait for an agent's approval;
// a verified contact follows the 'verify' permission set (spec 6) and counts on the dashboard.
// Logout removes the verified state and the tags the API gave.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { FULL_ACCESS_LEVEL } from '../../core/models/account';
import { normalizeFieldValue } from '../../core/validation/contactField';
import { VERIFICATION_LIMITS, type VerificationTextKey } from '../../core/verification/settings';
import { newId } from '../accounts/ids';
import { callApi } from '../apiConnections/call';
import { customerValues } from '../apiConnections/customer';
import { apiConnections } from '../apiConnections/schema';
import { callable } from '../apiConnections/store';
import { sendMessage } from '../chat/outbound';
import { followers, followerTags, tags } from '../chat/schema';
import { announceContact } from '../contacts/events';
import { contactFields, contactFieldValues } from '../contacts/schema';
import { ensureTag } from '../contacts/tagStore';
import type { ContactViewer } from '../contacts/view';
import { isVerified, setVerification } from '../contacts/write';
import type { AppContext } from '../context';
import { verificationRequests } from './schema';
import { customerText, loadVerificationSettings, type VerificationSettings } from './store';

type FollowerRow = typeof followers.$inferSelect;
export type RequestRow = typeof verificationRequests.$inferSelect;

export const hashToken = (token: string) => createHash('sha256').update(`verify:${token}`).digest('hex');

/** The address customers open: the server's public origin, in the customers' language. */
export function verifyLink(ctx: AppContext, lang: string, token: string): string {
  const origin = ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;
  return `${origin}${lang === 'th' ? '/th' : ''}/go?verify=${encodeURIComponent(token)}`;
}

export type StartResult =
  | { state: 'already'; settings: VerificationSettings }
  | { state: 'link'; url: string; settings: VerificationSettings; requestId: string };

/** A verify tap: a fresh link (older open ones stop working), or "already verified". */
export async function startVerification(ctx: AppContext, follower: FollowerRow): Promise<StartResult> {
  const settings = await loadVerificationSettings(ctx.db, follower.accountId);
  if (await isVerified(ctx.db, follower.id)) return { state: 'already', settings };
  const token = randomBytes(24).toString('base64url');
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(verificationRequests)
      .set({ status: 'cancelled' })
      .where(and(eq(verificationRequests.followerId, follower.id), eq(verificationRequests.status, 'open')));
    await tx.insert(verificationRequests).values({
      id,
      accountId: follower.accountId,
      followerId: follower.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + VERIFICATION_LIMITS.linkMinutes * 60_000),
    });
  });
  return { state: 'link', url: verifyLink(ctx, settings.language, token), settings, requestId: id };
}

/** Who writes a verification: the approving agent, or nobody when the API verified. */
function writer(accountId: string, userId: string | null): ContactViewer {
  return { accountId, userId: userId as string, role_id: '', level: FULL_ACCESS_LEVEL, mayWrite: true };
}

interface VerifiedBy {
  verifyType: 'api' | 'agent';
  userId: string | null;
  apiTags?: string[];
  systemTags?: string[];
  customerId?: string | null;
  customerType?: string | null;
}

/** Answers whose key names a contact field fill that field (a phone number, a member number). */
async function keepAnswers(ctx: AppContext, follower: FollowerRow, answers: Record<string, string>) {
  const keys = Object.keys(answers).filter((k) => answers[k] !== '');
  if (keys.length === 0) return;
  const fields = await ctx.db
    .select()
    .from(contactFields)
    .where(
      and(
        eq(contactFields.accountId, follower.accountId),
        inArray(
          sql`lower(${contactFields.key})`,
          keys.map((k) => k.toLowerCase()),
        ),
      ),
    );
  for (const field of fields) {
    const answer = keys.find((k) => k.toLowerCase() === field.key.toLowerCase());
    const result = normalizeFieldValue(field.type, answers[answer ?? '']);
    if (!result.ok || result.value === null) continue;
    await ctx.db
      .insert(contactFieldValues)
      .values({ followerId: follower.id, fieldId: field.id, value: result.value })
      .onConflictDoUpdate({
        target: [contactFieldValues.followerId, contactFieldValues.fieldId],
        set: { value: result.value, updatedAt: new Date() },
      });
  }
}

/** Makes the contact verified, with the API's tags as api tags (spec 4: verify_tag_api). */
export async function markVerified(
  ctx: AppContext,
  follower: FollowerRow,
  by: VerifiedBy,
  answers: Record<string, string>,
) {
  await ctx.db.transaction(async (tx) => {
    await setVerification(tx, writer(follower.accountId, by.userId), follower, {
      is_verify: true,
      verify_type: by.verifyType,
      system_tags: (by.systemTags ?? []).map((value) => ({ value })),
      customer_id: by.customerId ?? null,
      customer_type: by.customerType ?? null,
    });
    for (const name of by.apiTags ?? []) {
      const tag = await ensureTag(tx as never, follower.accountId, name);
      if (!tag.verifyTagApi) await tx.update(tags).set({ verifyTagApi: true }).where(eq(tags.id, tag.id));
      await tx.insert(followerTags).values({ followerId: follower.id, tagId: tag.id }).onConflictDoNothing();
    }
  });
  await keepAnswers(ctx, follower, answers);
  await announceContact(ctx, follower).catch((err) => ctx.log.warn({ err }, 'contact update not announced'));
}

/** Logout: the verified state and the API's tags go; false when the contact was not verified. */
export async function logoutCustomer(ctx: AppContext, follower: FollowerRow): Promise<boolean> {
  if (!(await isVerified(ctx.db, follower.id))) return false;
  await ctx.db.transaction(async (tx) => {
    await setVerification(tx, writer(follower.accountId, null), follower, { is_verify: false });
    const apiTagIds = tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.accountId, follower.accountId), eq(tags.verifyTagApi, true)));
    await tx
      .delete(followerTags)
      .where(and(eq(followerTags.followerId, follower.id), inArray(followerTags.tagId, apiTagIds)));
    await tx
      .update(verificationRequests)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(verificationRequests.followerId, follower.id),
          inArray(verificationRequests.status, ['open', 'pending']),
        ),
      );
  });
  await announceContact(ctx, follower).catch((err) => ctx.log.warn({ err }, 'contact update not announced'));
  return true;
}

/** Tells the customer in the chat, once per request and outcome. */
export async function tellCustomer(
  ctx: AppContext,
  request: Pick<RequestRow, 'id' | 'accountId' | 'followerId'>,
  key: VerificationTextKey,
  settings?: VerificationSettings,
) {
  const s = settings ?? (await loadVerificationSettings(ctx.db, request.accountId));
  try {
    await sendMessage(ctx, {
      accountId: request.accountId,
      followerId: request.followerId,
      userId: null,
      fromType: 'bot',
      items: [{ type: 'text', text: customerText(s, key) }],
      tempId: `verify:${request.id}:${key}`,
    });
  } catch (err) {
    ctx.log.warn({ err, requestId: request.id }, 'verification message not sent');
  }
}

function strings(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return list
    .map((v) =>
      typeof v === 'string'
        ? v
        : v && typeof v === 'object'
          ? String((v as Record<string, unknown>).name ?? (v as Record<string, unknown>).value ?? '')
          : '',
    )
    .map((v) => v.trim().slice(0, 100))
    .filter(Boolean)
    .slice(0, 20);
}

export type ApiVerdict =
  | {
      verified: true;
      apiTags: string[];
      systemTags: string[];
      customerId: string | null;
      customerType: string | null;
    }
  | { verified: false; reason: string };

/**
 * Asks the verification API. Verified when it answers 2xx with JSON and its `verified` variable
 * (when it declares one) is true; its `tags`, `system_tags`, `customer_id` and `customer_type`
 * variables are kept on the contact.
 */
export async function askVerificationApi(
  ctx: AppContext,
  settings: VerificationSettings,
  follower: FollowerRow,
  answers: Record<string, string>,
): Promise<ApiVerdict> {
  if (!settings.api_connection_id) return { verified: false, reason: 'no_api' };
  const [connection] = await ctx.db
    .select()
    .from(apiConnections)
    .where(
      and(
        eq(apiConnections.id, settings.api_connection_id),
        eq(apiConnections.accountId, follower.accountId),
      ),
    )
    .limit(1);
  if (!connection?.status) return { verified: false, reason: 'api_off' };
  const values = { ...(await customerValues(ctx, follower.id)), ...answers, answers };
  const result = await callApi(ctx, callable(connection), values);
  if (!result.ok) return { verified: false, reason: result.error ?? 'failed' };
  const v = result.variables;
  const declaresVerdict = connection.variablesOption.some((o) => o.key === 'verified');
  if (declaresVerdict && v.verified !== true) return { verified: false, reason: 'not_verified' };
  const text = (x: unknown) =>
    typeof x === 'string' || typeof x === 'number' ? String(x).slice(0, 100) : null;
  return {
    verified: true,
    apiTags: strings(v.tags),
    systemTags: strings(v.system_tags),
    customerId: text(v.customer_id),
    customerType: text(v.customer_type),
  };
}

export async function findFollowerRow(ctx: AppContext, id: string): Promise<FollowerRow | null> {
  const [row] = await ctx.db.select().from(followers).where(eq(followers.id, id)).limit(1);
  return row ?? null;
}
