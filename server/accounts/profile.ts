// The signed-in user as the console sees it, with the accounts they may use and their role in each.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { resolvePermissions } from '../../core/access/areas';
import type { Db } from '../db/client';
import { Forbidden, Invalid, Unauthorized } from '../http/errors';
import { accounts, channels, memberships, roles, users } from './schema';

export interface AccountAccess {
  accountId: string;
  workspaceId: string;
  roleId: string;
  level: number;
  /** The account's queues as the caller stands in them, when read with the access (server/auth/guard.ts). */
  queues?: QueueMembership[];
}

/** A queue of the account and whether the caller is one of its members (server/chat/viewer.ts). */
export interface QueueMembership {
  id: string;
  visibility: string;
  member: boolean;
}

export async function loadProfile(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Unauthorized('Unauthorization');
  const rows = await db
    .select({ account: accounts, role: roles })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.userId, userId), isNull(memberships.deactivatedAt)))
    .orderBy(asc(accounts.createdAt));
  const accountIds = rows.map((r) => r.account.id);
  const channelRows = accountIds.length
    ? await db
        .select({ id: channels.id, accountId: channels.accountId, type: channels.type, name: channels.name })
        .from(channels)
        .where(inArray(channels.accountId, accountIds))
        .orderBy(asc(channels.createdAt))
    : [];
  return {
    _id: user.id,
    email: user.email,
    display_name: user.displayName,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    email_verified: user.emailVerified,
    accounts: rows.map(({ account, role }) => ({
      _id: account.id,
      name: account.name,
      picture: account.picture,
      role: {
        _id: role.id,
        name: role.name,
        level: role.level,
        permissions: resolvePermissions(role.level, role.permissions),
      },
      channels: channelRows
        .filter((c) => c.accountId === account.id)
        .map((c) => ({ _id: c.id, type: c.type, name: c.name })),
    })),
  };
}
export type Profile = Awaited<ReturnType<typeof loadProfile>>;

/** A request's channel_id (spec 7): 400 when there is none, 403 when it cannot name an account. */
export function requireChannelId(channelId: unknown): string {
  if (typeof channelId !== 'string' || channelId.length === 0)
    throw new Invalid('channel_id', 'This field is required.');
  if (channelId.length > 64) throw new Forbidden();
  return channelId;
}

/** Checks the channel_id of a request (spec 7) against the caller's memberships. */
export async function resolveAccountAccess(
  db: Db,
  userId: string,
  channelIdValue: unknown,
): Promise<AccountAccess> {
  const channelId = requireChannelId(channelIdValue);
  const [row] = await db
    .select({
      accountId: accounts.id,
      workspaceId: accounts.workspaceId,
      roleId: roles.id,
      level: roles.level,
    })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.accountId, channelId),
        isNull(memberships.deactivatedAt),
      ),
    )
    .limit(1);
  if (!row) throw new Forbidden();
  return row;
}
