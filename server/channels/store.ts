// Platform channels (LINE, Messenger, Instagram, WeChat) as the rest of the feature sees them:
// a row of `channels` with its config read into typed settings. Secrets stay in config and leave
// the server only toward the platform.
import { and, eq } from 'drizzle-orm';
import {
  CHANNEL_FIELDS,
  isPlatformChannelType,
  type PlatformChannelType,
  webhookPath,
} from '../../core/channels/settings';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { channels } from '../accounts/schema';
import type { AppContext } from '../context';
import { ChannelNotConnected } from './adapters';

export interface PlatformChannel {
  id: string;
  accountId: string;
  type: PlatformChannelType;
  name: string;
  enabled: boolean;
  /** Every setting as saved (secrets included); strings only. */
  settings: Record<string, string>;
  createdAt: Date;
}

export type ChannelRow = typeof channels.$inferSelect;

export function toPlatformChannel(row: ChannelRow): PlatformChannel | null {
  if (!isPlatformChannelType(row.type)) return null;
  const settings: Record<string, string> = {};
  for (const f of CHANNEL_FIELDS[row.type]) {
    const value = row.config[f.key];
    if (typeof value === 'string' && value !== '') settings[f.key] = value;
  }
  return {
    id: row.id,
    accountId: row.accountId,
    type: row.type,
    name: row.name,
    enabled: row.config.enabled !== false,
    settings,
    createdAt: row.createdAt,
  };
}

/** A channel by id (webhooks name it in their path); null when unknown or not of these types. */
export async function findPlatformChannel(
  ctx: AppContext,
  id: unknown,
  types?: readonly PlatformChannelType[],
): Promise<PlatformChannel | null> {
  if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
  const [row] = await ctx.db.select().from(channels).where(eq(channels.id, id)).limit(1);
  const channel = row ? toPlatformChannel(row) : null;
  if (!channel || (types && !types.includes(channel.type))) return null;
  return channel;
}

export async function accountChannelRow(
  ctx: AppContext,
  accountId: string,
  id: string,
): Promise<ChannelRow | null> {
  const [row] = await ctx.db
    .select()
    .from(channels)
    .where(and(eq(channels.id, id), eq(channels.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

/** A setting the platform call needs; a missing one means the channel is not connected. */
export function setting(channel: PlatformChannel, key: string): string {
  const value = channel.settings[key];
  if (!value)
    throw new ChannelNotConnected(
      SERVER_MESSAGES.channelSettingMissing(channel.name, key.replace(/_/g, ' ')),
    );
  return value;
}

/** For sending: refuses a channel that is switched off. */
export function requireEnabled(channel: PlatformChannel): PlatformChannel {
  if (!channel.enabled) throw new ChannelNotConnected(SERVER_MESSAGES.channelOff(channel.name));
  return channel;
}

/** The channel a delivery goes through; not connected when it is gone, of another type, or off. */
export async function channelForDelivery(
  ctx: AppContext,
  channelId: string,
  types: readonly PlatformChannelType[],
): Promise<PlatformChannel> {
  const channel = await findPlatformChannel(ctx, channelId, types);
  if (!channel) throw new ChannelNotConnected(SERVER_MESSAGES.channelNotConnected);
  return requireEnabled(channel);
}

/** The public origin: PUBLIC_URL, else the one a request came to. */
export function publicOrigin(ctx: AppContext, requestOrigin?: string): string | null {
  return ctx.config.publicUrl ?? requestOrigin ?? null;
}

export function webhookUrl(origin: string, channel: Pick<PlatformChannel, 'type' | 'id'>): string {
  return `${origin}${webhookPath(channel.type, channel.id)}`;
}
