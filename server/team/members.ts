// The team of an account: members with their roles, and the rules on who may change whom
// (core/access/areas.ts `outranks`): level 1 anyone; others only lower ranks; nobody changes
// their own role or deactivates themselves; an account always keeps an active level-1 member.
import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
import { outranks, resolvePermissions } from '../../core/access/areas';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import type { AccountAccess } from '../accounts/profile';
import { memberships, roles, users } from '../accounts/schema';
import type { Db } from '../db/client';
import { byName } from '../db/order';
import { Conflict, Forbidden, Invalid, NotFound } from '../http/errors';

export type RoleRow = typeof roles.$inferSelect;

export function roleToWire(role: RoleRow, memberCount?: number) {
  return {
    _id: role.id,
    name: role.name,
    level: role.level,
    permissions: resolvePermissions(role.level, role.permissions),
    ...(memberCount !== undefined ? { member_count: memberCount } : {}),
  };
}

/** Memberships joined with their user and role; callers add which ones. */
function selectMembers(db: Db) {
  return db
    .select({
      user: users,
      role: roles,
      deactivatedAt: memberships.deactivatedAt,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(roles, eq(roles.id, memberships.roleId));
}

/** By name as people read it ('adm' between 'Abe' and 'Bob'), whatever the database's collation. */
export async function listMembers(db: Db, accountId: string) {
  return selectMembers(db)
    .where(eq(memberships.accountId, accountId))
    .orderBy(...byName(users.displayName), asc(users.email));
}
export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

export function memberToWire(m: MemberRow, actor: { userId: string; level: number }) {
  return {
    _id: m.user.id,
    email: m.user.email,
    display_name: m.user.displayName,
    first_name: m.user.firstName,
    last_name: m.user.lastName,
    phone: m.user.phone,
    email_verified: m.user.emailVerified,
    role: { _id: m.role.id, name: m.role.name, level: m.role.level },
    status: m.deactivatedAt ? ('deactivated' as const) : ('active' as const),
    is_me: m.user.id === actor.userId,
    can_edit: m.user.id !== actor.userId && outranks(actor.level, m.role.level),
    joined_at: m.joinedAt.toISOString(),
  };
}

export async function findMember(db: Db, accountId: string, userId: string): Promise<MemberRow> {
  const [row] = await selectMembers(db)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .limit(1);
  if (!row) throw new NotFound(SERVER_MESSAGES.userMissing);
  return row;
}

/** A role of the caller's workspace that the caller may hand out. */
export async function assignableRole(db: Db, actor: AccountAccess, roleId: string, field = 'role_id') {
  const [role] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.workspaceId, actor.workspaceId)))
    .limit(1);
  if (!role) throw new Invalid(field, SERVER_MESSAGES.roleMissing);
  if (!outranks(actor.level, role.level)) throw new Forbidden(SERVER_MESSAGES.roleTooHigh);
  return role;
}

/** 403 unless the actor may change this member (not themselves, a lower rank). */
export function requireOutranks(actor: AccountAccess & { userId: string }, target: MemberRow) {
  if (target.user.id === actor.userId) throw new Forbidden(SERVER_MESSAGES.notYourself);
  if (!outranks(actor.level, target.role.level)) throw new Forbidden(SERVER_MESSAGES.memberOutranked);
}

/** 409 when the change would leave the account without an active level-1 member. */
export async function keepAnOwner(db: Db, accountId: string, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(
      and(
        eq(memberships.accountId, accountId),
        ne(memberships.userId, userId),
        eq(roles.level, 1),
        isNull(memberships.deactivatedAt),
      ),
    );
  if (Number(row?.n ?? 0) === 0) throw new Conflict(SERVER_MESSAGES.oneActiveOwner);
}
