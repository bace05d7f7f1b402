// More than one official account per login (issue 17; docs/api.md "Official accounts"): owners and
// admins create another account in their workspace with its first channel, and become its owner
// (level 1); an owner deletes an account with everything kept for it. The account selector then
// lists the user's accounts (GET /api/auth/me) and every call names one with channel_id.
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CHANNEL_NAME_MAX,
  isPlatformChannelType,
  validateChannelSettings,
} from '../../core/channels/settings';
import { AGENT_NAMESPACE } from '../../core/realtime/events';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { MESSAGES } from '../../core/validation/rules';
import { DEFAULT_QUEUE_NAME } from '../chat/queues';
import { accountRoom } from '../chat/rooms';
import { queues } from '../chat/schema';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { requireAccount, requireAuth } from '../http/context';
import { Conflict, Forbidden, Invalid, NotFound } from '../http/errors';
import { mediaFiles } from '../media/schema';
import { removeStoredBytes } from '../media/store';
import { newId } from './ids';
import { loadProfile } from './profile';
import { FULL_ACCESS_LEVEL } from './roles';
import { accounts, channels, memberships, roles } from './schema';
import { defaultWidgetConfig } from './seed';

/** Owners and admins open new accounts (they become the new one's owner). */
export const CREATE_ACCOUNT_LEVEL = 2;
export const ACCOUNT_NAME_MAX = 100;
export const FIRST_CHANNEL_TYPES = ['widget', 'line', 'messenger', 'instagram', 'wechat'] as const;

type Body = Record<string, unknown>;
const objectOf = (value: unknown): Body =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {};

function nameOf(body: Body, field: string, max: number): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') throw new Invalid(field, MESSAGES.required);
  const name = value.trim();
  if (name.length > max) throw new Invalid(field, MESSAGES.maxLength(max));
  return name;
}

/** The first channel: a web chat widget (ready at once) or a platform channel with its settings. */
function firstChannelOf(body: Body, accountName: string) {
  const channel = objectOf(body.channel);
  const type = channel.type ?? 'widget';
  if (!(FIRST_CHANNEL_TYPES as readonly unknown[]).includes(type))
    throw new Invalid('channel.type', MESSAGES.required);
  const name =
    typeof channel.name === 'string' && channel.name.trim()
      ? nameOf(channel, 'name', CHANNEL_NAME_MAX)
      : null;
  if (type === 'widget')
    return {
      type: 'widget' as const,
      name: name ?? 'Website chat',
      config: defaultWidgetConfig(accountName),
    };
  if (!isPlatformChannelType(type)) throw new Invalid('channel.type', MESSAGES.required);
  const settings = objectOf(channel.settings);
  const errors = validateChannelSettings(type, { name: name ?? '', config: settings });
  if (errors.length > 0) {
    const [first] = errors;
    throw new Invalid(`channel.${first.field.replace(/^config\./, 'settings.')}`, first.message);
  }
  const config: Record<string, unknown> = { enabled: true };
  for (const [key, value] of Object.entries(settings))
    if (typeof value === 'string' && value.trim()) config[key] = value.trim();
  return { type, name: name as string, config };
}

/** Tables that keep an account's rows without a cascading key to accounts: emptied by hand. */
async function looseAccountTables(ctx: AppContext): Promise<string[]> {
  const result = await ctx.db.execute(sql`
    select cl.relname as name
    from pg_attribute a
    join pg_class cl on cl.oid = a.attrelid
    join pg_namespace n on n.oid = cl.relnamespace
    where a.attname = 'account_id' and not a.attisdropped and cl.relkind = 'r'
      and n.nspname = current_schema()
      and not exists (
        select 1 from pg_constraint con
        where con.conrelid = cl.oid and con.contype = 'f' and con.confrelid = 'accounts'::regclass
          and a.attnum = any(con.conkey) and con.confdeltype = 'c')`);
  return rowsOf<{ name: string }>(result).map((r) => r.name);
}

export function registerOfficialAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/accounts', async (request) => {
    const current = requireAccount(request.account);
    const { userId } = requireAuth(request.auth);
    if (current.level > CREATE_ACCOUNT_LEVEL) throw new Forbidden(SERVER_MESSAGES.onlyOwnersCreateAccounts);
    const body = objectOf(request.body);
    const name = nameOf(body, 'name', ACCOUNT_NAME_MAX);
    const channel = firstChannelOf(body, name);
    const [taken] = await ctx.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(eq(accounts.workspaceId, current.workspaceId), sql`lower(${accounts.name}) = lower(${name})`),
      )
      .limit(1);
    if (taken) throw new Conflict(SERVER_MESSAGES.accountNameTaken, 'name');
    const [owner] = await ctx.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.workspaceId, current.workspaceId), eq(roles.level, FULL_ACCESS_LEVEL)))
      .orderBy(sql`${roles.name} <> 'Owner'`, asc(roles.name))
      .limit(1);
    if (!owner) throw new Conflict(SERVER_MESSAGES.noOwnerRole);
    const accountId = newId();
    await ctx.db.transaction(async (tx) => {
      await tx.insert(accounts).values({ id: accountId, workspaceId: current.workspaceId, name });
      await tx.insert(channels).values({
        id: channel.type === 'widget' ? newId(12) : newId(),
        accountId,
        type: channel.type,
        name: channel.name,
        config: channel.config,
      });
      await tx.insert(memberships).values({ userId, accountId, roleId: owner.id });
      await tx.insert(queues).values({
        id: newId(),
        accountId,
        name: DEFAULT_QUEUE_NAME,
        visibility: 'everyone',
        isDefault: true,
      });
    });
    const profile = await loadProfile(ctx.db, userId);
    return { account: profile.accounts.find((a) => a._id === accountId), user: profile };
  });

  app.delete('/api/accounts/:id', async (request) => {
    const { userId } = requireAuth(request.auth);
    const { id } = request.params as { id: string };
    const [mine] = await ctx.db
      .select({ level: roles.level })
      .from(memberships)
      .innerJoin(roles, eq(roles.id, memberships.roleId))
      .where(and(eq(memberships.userId, userId), eq(memberships.accountId, id)))
      .limit(1);
    if (!mine) throw new NotFound(SERVER_MESSAGES.accountMissing);
    if (mine.level > FULL_ACCESS_LEVEL) throw new Forbidden(SERVER_MESSAGES.onlyOwnerDeletesAccount);
    // The console needs an account to open: the caller keeps at least one.
    const [other] = await ctx.db
      .select({ id: memberships.accountId })
      .from(memberships)
      .where(
        and(eq(memberships.userId, userId), ne(memberships.accountId, id), isNull(memberships.deactivatedAt)),
      )
      .limit(1);
    if (!other) throw new Conflict(SERVER_MESSAGES.lastAccount);
    const files = await ctx.db
      .select({ storageKey: mediaFiles.storageKey, thumbnailKey: mediaFiles.thumbnailKey })
      .from(mediaFiles)
      .where(eq(mediaFiles.accountId, id));
    const loose = await looseAccountTables(ctx);
    await ctx.db.transaction(async (tx) => {
      for (const table of loose)
        await tx.execute(sql`delete from ${sql.identifier(table)} where account_id = ${id}`);
      await tx.delete(accounts).where(eq(accounts.id, id));
    });
    // Consoles still on the account are sent away; the stored bytes of its media go last.
    ctx.io.of(AGENT_NAMESPACE).in(accountRoom(id)).disconnectSockets(true);
    for (let i = 0; i < files.length; i += 50) await removeStoredBytes(ctx, files.slice(i, i + 50));
    return { deleted: 1 };
  });
}
