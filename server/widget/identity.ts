// Identity verification for setUser() (as Intercom and Crisp do it): the site owner's backend signs
// the visitor's user id (or e-mail when there is no id) with the widget's secret, HMAC-SHA256 in hex,
// and the page passes it as user_hash. Only a matching hash makes the identity "verified"; any other
// identity is kept but shown to agents as unverified, so a visitor typing someone else's id into
// the console of the browser cannot pass as them.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { channels } from '../accounts/schema';
import { followers } from '../chat/schema';
import type { AppContext } from '../context';

export interface VisitorIdentity {
  user_id?: string;
  email?: string;
  phone?: string;
  name?: string;
  verified: boolean;
}

export const newIdentitySecret = () => randomBytes(32).toString('hex');

/** What the site owner's backend computes: hex HMAC-SHA256 of the user id (or e-mail). */
export function userHash(secret: string, subject: string): string {
  return createHmac('sha256', secret).update(subject, 'utf8').digest('hex');
}

export function hashMatches(secret: string | null, subject: string | undefined, given: unknown): boolean {
  if (!secret || !subject || typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(
    Buffer.from(userHash(secret, subject), 'hex'),
    Buffer.from(given.toLowerCase(), 'hex'),
  );
}

/** The identity setUser() claims, verified or not; null when it claims nothing. */
export function identityOf(user: Record<string, string>, secret: string | null): VisitorIdentity | null {
  const { user_id, email, phone, name } = user;
  if (!user_id && !email && !phone && !name) return null;
  const identity: VisitorIdentity = { verified: hashMatches(secret, user_id || email, user.user_hash) };
  if (user_id) identity.user_id = user_id;
  if (email) identity.email = email;
  if (phone) identity.phone = phone;
  if (name) identity.name = name;
  return identity;
}

export async function readIdentitySecret(ctx: AppContext, widgetId: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ secret: sql<string | null>`${channels.config}->>'identity_secret'` })
    .from(channels)
    .where(eq(channels.id, widgetId))
    .limit(1);
  return row?.secret ?? null;
}

/** Sets (or with null removes) the secret; widget settings saves keep it (channel.ts). */
export async function writeIdentitySecret(ctx: AppContext, widgetId: string, secret: string | null) {
  const value =
    secret === null
      ? sql`coalesce(${channels.config}, '{}'::jsonb) - 'identity_secret'`
      : sql`coalesce(${channels.config}, '{}'::jsonb) || ${JSON.stringify({ identity_secret: secret })}::jsonb`;
  await ctx.db.update(channels).set({ config: value }).where(eq(channels.id, widgetId));
}

/** Agents see the identity on the conversation (followers.profile.widget_identity). */
export async function showIdentityToAgents(ctx: AppContext, followerId: string, identity: VisitorIdentity) {
  await ctx.db
    .update(followers)
    .set({
      profile: sql`coalesce(${followers.profile}, '{}'::jsonb) || ${JSON.stringify({ widget_identity: identity })}::jsonb`,
    })
    .where(eq(followers.id, followerId));
}
