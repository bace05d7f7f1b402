// A widget channel and its settings (channels.config), read and saved in one place.
import { and, eq, sql } from 'drizzle-orm';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import {
  defaultWidgetSettings,
  normalizeWidgetSettings,
  type WidgetSettings,
} from '../../core/widget/settings';
import { accounts, channels } from '../accounts/schema';
import { TtlCache } from '../chat/ttlCache';
import type { AppContext } from '../context';
import { NotFound } from '../http/errors';

export interface WidgetChannel {
  id: string;
  accountId: string;
  accountName: string;
  name: string;
  settings: WidgetSettings;
}

export async function findWidgetChannel(ctx: AppContext, widgetId: unknown): Promise<WidgetChannel | null> {
  if (typeof widgetId !== 'string' || widgetId === '' || widgetId.length > 64) return null;
  const [row] = await ctx.db
    .select({
      id: channels.id,
      accountId: channels.accountId,
      name: channels.name,
      config: channels.config,
      accountName: accounts.name,
    })
    .from(channels)
    .innerJoin(accounts, eq(accounts.id, channels.accountId))
    .where(and(eq(channels.id, widgetId), eq(channels.type, 'widget')))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    accountId: row.accountId,
    accountName: row.accountName,
    name: row.name,
    settings: normalizeWidgetSettings(row.config, defaultWidgetSettings(row.accountName)),
  };
}

export async function loadWidgetChannel(ctx: AppContext, widgetId: unknown): Promise<WidgetChannel> {
  const channel = await findWidgetChannel(ctx, widgetId);
  if (!channel) throw new NotFound(SERVER_MESSAGES.widgetMissing);
  return channel;
}

/**
 * The channel as the visitors' hot paths (every send, every socket) read it: kept a few seconds, and
 * dropped at once (in every process, with REDIS_URL) when its settings are saved. Calls that show
 * the settings (info, verify) read them fresh.
 */
const cached = new TtlCache<WidgetChannel | null>(5_000, { name: 'widget-channels' });

export async function findWidgetChannelCached(
  ctx: AppContext,
  widgetId: unknown,
): Promise<WidgetChannel | null> {
  if (typeof widgetId !== 'string') return null;
  // A missing widget is not remembered: it may be made in a moment.
  return cached.load(
    widgetId,
    () => findWidgetChannel(ctx, widgetId),
    (channel) => channel !== null,
  );
}

export async function loadWidgetChannelCached(ctx: AppContext, widgetId: unknown): Promise<WidgetChannel> {
  const channel = await findWidgetChannelCached(ctx, widgetId);
  if (!channel) throw new NotFound(SERVER_MESSAGES.widgetMissing);
  return channel;
}

/** Uploaded logos are stored as a path; a page on another site needs the full address. */
export function absoluteUrl(value: string, origin: string): string {
  return value.startsWith('/') ? `${origin}${value}` : value;
}

/** What GET /service/widget/info answers and SETTINGS_UPDATED carries (spec 3 widget info). */
export function publicInfo(channel: WidgetChannel, origin: string) {
  const s = channel.settings;
  return {
    ...s,
    brand_label: s.brand_label || channel.accountName,
    logo: absoluteUrl(s.logo, origin),
    account_name: channel.accountName,
    company_id: channel.accountId,
  };
}
export type PublicWidgetInfo = ReturnType<typeof publicInfo>;

export async function saveWidgetSettings(ctx: AppContext, widgetId: string, settings: WidgetSettings) {
  await ctx.db
    .update(channels)
    // The identity secret (identity.ts) lives beside the settings and survives their saves.
    .set({
      config: sql`${JSON.stringify(settings)}::jsonb || jsonb_strip_nulls(jsonb_build_object('identity_secret', ${channels.config}->'identity_secret'))`,
    })
    .where(eq(channels.id, widgetId));
  cached.delete(widgetId);
}
