// The console's channel-account calls (docs/api.md): list, connect, change, switch on or off, and
// test LINE, Messenger, Instagram and WeChat channels. The role's 'settings' area decides
// (core/access/areas.ts): read to see the list, write to connect, change or test (by default
// owners and admins write, supervisors read, agents neither).
// Secrets are write-only: answers say which are set, never what they are.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CHANNEL_FIELDS,
  FACEBOOK_LOGIN,
  isPlatformChannelType,
  PLATFORM_CHANNEL_TYPES,
  type PlatformChannelType,
  validateChannelSettings,
} from '../../core/channels/settings';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { MESSAGES } from '../../core/validation/rules';
import { newId } from '../accounts/ids';
import { requireArea } from '../accounts/permissions';
import { channels } from '../accounts/schema';
import type { AppContext } from '../context';
import { Invalid, NotFound } from '../http/errors';
import { requestOrigin } from '../media/wire';
import { testConnection } from './connectionTest';
import { channelAccessTokens } from './schema';
import { accountChannelRow, type ChannelRow, toPlatformChannel, webhookUrl } from './store';

const reader = (ctx: AppContext, request: FastifyRequest) => requireArea(ctx, request, 'settings', 'read');
const editor = (ctx: AppContext, request: FastifyRequest) => requireArea(ctx, request, 'settings', 'write');

/** A channel as the console sees it: public settings, which secrets are set, the webhook address. */
export function channelToWire(row: ChannelRow, origin: string) {
  const channel = toPlatformChannel(row);
  if (!channel) return null;
  const settings: Record<string, string> = {};
  const secretsSet: string[] = [];
  for (const f of CHANNEL_FIELDS[channel.type]) {
    const value = channel.settings[f.key];
    if (f.secret) {
      if (value) secretsSet.push(f.key);
    } else settings[f.key] = value ?? '';
  }
  return {
    _id: channel.id,
    type: channel.type,
    name: channel.name,
    enabled: channel.enabled,
    settings,
    secrets_set: secretsSet,
    webhook_url: webhookUrl(origin, channel),
    created_at: channel.createdAt.toISOString(),
  };
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Invalid('body', MESSAGES.required);
  return body as Record<string, unknown>;
}

function settingsOf(body: Record<string, unknown>): Record<string, unknown> {
  const settings = body.settings ?? {};
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings))
    throw new Invalid('settings', MESSAGES.required);
  return settings as Record<string, unknown>;
}

/** The saved config with the given settings applied: blank secrets keep their saved values. */
function mergedConfig(
  type: PlatformChannelType,
  saved: Record<string, unknown>,
  given: Record<string, unknown>,
): Record<string, unknown> {
  const config = { ...saved };
  for (const f of CHANNEL_FIELDS[type]) {
    if (!(f.key in given)) continue;
    const value = typeof given[f.key] === 'string' ? (given[f.key] as string).trim() : '';
    if (f.secret && value === '') continue;
    config[f.key] = value;
  }
  return config;
}

function check(
  type: PlatformChannelType,
  name: unknown,
  settings: Record<string, unknown>,
  saved: Set<string>,
) {
  const errors = validateChannelSettings(type, { name, config: settings }, saved);
  if (errors.length > 0) {
    const [first] = errors;
    throw new Invalid(first.field.replace(/^config\./, 'settings.'), first.message);
  }
}

async function ownChannel(ctx: AppContext, accountId: string, id: string): Promise<ChannelRow> {
  const row = await accountChannelRow(ctx, accountId, id);
  if (!row || !isPlatformChannelType(row.type)) throw new NotFound(SERVER_MESSAGES.channelMissing);
  return row;
}

export function registerChannelSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/channels', async (request) => {
    const account = await reader(ctx, request);
    const rows = await ctx.db
      .select()
      .from(channels)
      .where(eq(channels.accountId, account.accountId))
      .orderBy(channels.createdAt);
    const origin = requestOrigin(ctx, request);
    return {
      list: rows.map((row) => channelToWire(row, origin)).filter(Boolean),
      types: PLATFORM_CHANNEL_TYPES,
      facebook_login: FACEBOOK_LOGIN,
    };
  });

  app.post('/api/channels', async (request) => {
    const account = await editor(ctx, request);
    const body = bodyOf(request);
    const type = body.type;
    if (!isPlatformChannelType(type)) throw new Invalid('type', MESSAGES.required);
    const settings = settingsOf(body);
    check(type, body.name, settings, new Set());
    const config = { ...mergedConfig(type, {}, settings), enabled: body.enabled !== false };
    const [row] = await ctx.db
      .insert(channels)
      .values({ id: newId(), accountId: account.accountId, type, name: String(body.name).trim(), config })
      .returning();
    return { channel: channelToWire(row, requestOrigin(ctx, request)) };
  });

  app.put('/api/channels/:id', async (request) => {
    const account = await editor(ctx, request);
    const row = await ownChannel(ctx, account.accountId, (request.params as { id: string }).id);
    const type = row.type as PlatformChannelType;
    const body = bodyOf(request);
    const settings = settingsOf(body);
    const saved = new Set(
      CHANNEL_FIELDS[type]
        .filter((f) => typeof row.config[f.key] === 'string' && row.config[f.key])
        .map((f) => f.key),
    );
    check(type, body.name, settings, saved);
    if (body.enabled !== undefined && typeof body.enabled !== 'boolean')
      throw new Invalid('enabled', MESSAGES.required);
    const config = mergedConfig(type, row.config, settings);
    if (typeof body.enabled === 'boolean') config.enabled = body.enabled;
    const name = typeof body.name === 'string' ? body.name.trim() : row.name;
    const [updated] = await ctx.db
      .update(channels)
      .set({ name, config })
      .where(eq(channels.id, row.id))
      .returning();
    // New credentials: a token fetched with the old ones is not kept.
    await ctx.db.delete(channelAccessTokens).where(eq(channelAccessTokens.channelId, row.id));
    return { channel: channelToWire(updated, requestOrigin(ctx, request)) };
  });

  app.post('/api/channels/:id/test', async (request) => {
    const account = await editor(ctx, request);
    const row = await ownChannel(ctx, account.accountId, (request.params as { id: string }).id);
    const channel = toPlatformChannel(row);
    if (!channel) throw new NotFound(SERVER_MESSAGES.channelMissing);
    return { result: await testConnection(ctx, channel) };
  });
}
