// The language a customer reads the bot's words in (location cards, action texts): a web widget
// visitor's own, which the widget tells when its session is verified (server/widget/routes.ts),
// else the one the account chose for its customers (verification settings, English by default),
// as LINE, Messenger, Instagram and WeChat tell us no language.
import { and, desc, eq } from 'drizzle-orm';
import { CUSTOMER_LANGUAGES, type CustomerLanguage } from '../../core/verification/settings';
import { followers } from '../chat/schema';
import type { AppContext } from '../context';
import { loadVerificationSettings } from '../verification/store';
import { widgetSessions } from '../widget/schema';

export const isCustomerLanguage = (value: unknown): value is CustomerLanguage =>
  (CUSTOMER_LANGUAGES as readonly unknown[]).includes(value);

/** The widget visitor's language, from their latest session; null when the widget did not say. */
export async function visitorLanguage(
  ctx: AppContext,
  channelId: string,
  visitorId: string,
): Promise<CustomerLanguage | null> {
  const [row] = await ctx.db
    .select({ profile: widgetSessions.profile })
    .from(widgetSessions)
    .where(and(eq(widgetSessions.channelId, channelId), eq(widgetSessions.visitorId, visitorId)))
    .orderBy(desc(widgetSessions.lastSeenAt))
    .limit(1);
  const lang = row?.profile.lang;
  return isCustomerLanguage(lang) ? lang : null;
}

export async function customerLanguage(ctx: AppContext, followerId: string): Promise<CustomerLanguage> {
  const [f] = await ctx.db
    .select({
      accountId: followers.accountId,
      channelId: followers.channelId,
      channelType: followers.channelType,
      externalId: followers.externalId,
    })
    .from(followers)
    .where(eq(followers.id, followerId))
    .limit(1);
  if (!f) return 'en';
  const own = f.channelType === 'widget' ? await visitorLanguage(ctx, f.channelId, f.externalId) : null;
  return own ?? (await loadVerificationSettings(ctx.db, f.accountId)).language;
}
