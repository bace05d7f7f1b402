// Users and roles (docs/api.md "Users and roles"): the team list, invitations, editing and
// deactivating members, and roles with per-area permissions. Reading needs the users area
// (read), changing it users write; the rank rules are in members.ts.
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ACCESS_LEVELS,
  type Access,
  AREAS,
  type AreaPermissions,
  accessChoices,
  MAX_ROLE_LEVEL,
  outranks,
  resolvePermissions,
  withinOwnPermissions,
} from '../../core/access/areas';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { isEmail, isTel, MESSAGES, TEL_MAX_LENGTH } from '../../core/validation/rules';
import { newId } from '../accounts/ids';
import { forgetRole, requireArea, rolePermissions } from '../accounts/permissions';
import { accounts, memberships, roles, users } from '../accounts/schema';
import { sessions } from '../auth/schema';
import { originOf } from '../chat/access';
import { type Fields, fieldsOf, integer, optionalString, requiredString } from '../chat/input';
import type { AppContext } from '../context';
import { byName } from '../db/order';
import { requireAuth } from '../http/context';
import { Conflict, Forbidden, Invalid, NotFound } from '../http/errors';
import { invitationLink, issueInvitation } from './invitations';
import {
  assignableRole,
  findMember,
  keepAnOwner,
  listMembers,
  memberToWire,
  requireOutranks,
  roleToWire,
} from './members';
import { registerProfileRoutes } from './profileRoutes';
import { disconnectUser, refreshAgentSockets } from './refresh';
import { invitations } from './schema';

export const NAME_MAX = 100;
export const ROLE_NAME_MAX = 50;

async function actorOf(
  ctx: AppContext,
  request: Parameters<typeof requireArea>[1],
  action: 'read' | 'write',
) {
  const access = await requireArea(ctx, request, 'users', action);
  const { userId } = requireAuth(request.auth);
  return { ...access, userId, permissions: await rolePermissions(ctx.db, access.roleId) };
}

async function findRole(ctx: AppContext, workspaceId: string, id: string) {
  const [role] = await ctx.db
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.workspaceId, workspaceId)))
    .limit(1);
  if (!role) throw new NotFound(SERVER_MESSAGES.roleMissing);
  return role;
}

function localeOf(q: Fields): 'en' | 'th' {
  return q.lang === 'th' ? 'th' : 'en';
}

export function readNames(body: Fields, options: { displayRequired: boolean }) {
  const display = options.displayRequired
    ? requiredString(body, 'display_name', { max: NAME_MAX }).trim()
    : optionalString(body, 'display_name', { max: NAME_MAX })?.trim();
  const phone = optionalString(body, 'phone', { max: TEL_MAX_LENGTH + 5 });
  if (phone && !isTel(phone.trim())) throw new Invalid('phone', MESSAGES.tel);
  return {
    ...(display ? { displayName: display } : {}),
    ...(body.first_name !== undefined
      ? { firstName: optionalString(body, 'first_name', { max: NAME_MAX })?.trim() ?? '' }
      : {}),
    ...(body.last_name !== undefined
      ? { lastName: optionalString(body, 'last_name', { max: NAME_MAX })?.trim() ?? '' }
      : {}),
    ...(body.phone !== undefined ? { phone: phone?.trim() ?? '' } : {}),
  };
}

function readAreaPermissions(raw: unknown, level: number): AreaPermissions {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw new Invalid('permissions', MESSAGES.required);
  const base = resolvePermissions(level, null);
  for (const [area, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!(AREAS as readonly string[]).includes(area))
      throw new Invalid(`permissions.${area}`, SERVER_MESSAGES.areaMissing);
    if (typeof value !== 'string' || !accessChoices(area as (typeof AREAS)[number]).includes(value as Access))
      throw new Invalid(`permissions.${area}`, SERVER_MESSAGES.accessLevel(ACCESS_LEVELS.join(', ')));
    base[area as (typeof AREAS)[number]] = value as Access;
  }
  return base;
}

export function registerTeamRoutes(app: FastifyInstance, ctx: AppContext) {
  registerProfileRoutes(app, ctx);
  app.get('/api/settings/users', async (request) => {
    const actor = await actorOf(ctx, request, 'read');
    const [members, pending] = await Promise.all([
      listMembers(ctx.db, actor.accountId),
      ctx.db
        .select({ invitation: invitations, role: roles })
        .from(invitations)
        .innerJoin(roles, eq(roles.id, invitations.roleId))
        .where(and(eq(invitations.accountId, actor.accountId), isNull(invitations.acceptedAt)))
        .orderBy(asc(invitations.createdAt)),
    ]);
    return {
      list: members.map((m) => memberToWire(m, actor)),
      invitations: pending.map(({ invitation, role }) => ({
        _id: invitation.id,
        email: invitation.email,
        role: { _id: role.id, name: role.name, level: role.level },
        created_at: invitation.createdAt.toISOString(),
        expires_at: invitation.expiresAt.toISOString(),
        expired: invitation.expiresAt.getTime() <= Date.now(),
        can_edit: outranks(actor.level, role.level),
      })),
    };
  });

  app.post('/api/settings/users/invite', async (request) => {
    const actor = await actorOf(ctx, request, 'write');
    const body = fieldsOf(request.body);
    const email = requiredString(body, 'email', { max: 254 }).trim();
    if (!isEmail(email)) throw new Invalid('email', MESSAGES.email);
    const role = await assignableRole(ctx.db, actor, requiredString(body, 'role_id', { max: 64 }));
    const [existing] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    if (existing) {
      const [membership] = await ctx.db
        .select({ deactivatedAt: memberships.deactivatedAt })
        .from(memberships)
        .where(and(eq(memberships.userId, existing.id), eq(memberships.accountId, actor.accountId)))
        .limit(1);
      if (membership)
        throw new Conflict(
          membership.deactivatedAt ? SERVER_MESSAGES.deactivatedMember : SERVER_MESSAGES.alreadyMember,
          'email',
        );
      await ctx.db
        .insert(memberships)
        .values({ userId: existing.id, accountId: actor.accountId, roleId: role.id });
      const member = await findMember(ctx.db, actor.accountId, existing.id);
      return { added: true, user: memberToWire(member, actor), invitation: null, link: null };
    }
    const { invitation, token } = await issueInvitation(ctx.db, {
      accountId: actor.accountId,
      email,
      roleId: role.id,
      invitedBy: actor.userId,
    });
    return {
      added: false,
      user: null,
      invitation: {
        _id: invitation.id,
        email: invitation.email,
        role: { _id: role.id, name: role.name, level: role.level },
        expires_at: invitation.expiresAt.toISOString(),
      },
      link: invitationLink(originOf(ctx, request), token, localeOf(body)),
    };
  });

  app.post('/api/settings/invitations/:id/link', async (request) => {
    const actor = await actorOf(ctx, request, 'write');
    const [row] = await ctx.db
      .select({ invitation: invitations, role: roles })
      .from(invitations)
      .innerJoin(roles, eq(roles.id, invitations.roleId))
      .where(
        and(
          eq(invitations.id, (request.params as { id: string }).id),
          eq(invitations.accountId, actor.accountId),
          isNull(invitations.acceptedAt),
        ),
      )
      .limit(1);
    if (!row) throw new NotFound(SERVER_MESSAGES.invitationMissing);
    if (!outranks(actor.level, row.role.level)) throw new Forbidden();
    const { invitation, token } = await issueInvitation(ctx.db, {
      accountId: actor.accountId,
      email: row.invitation.email,
      roleId: row.role.id,
      invitedBy: actor.userId,
    });
    return {
      invitation: {
        _id: invitation.id,
        email: invitation.email,
        expires_at: invitation.expiresAt.toISOString(),
      },
      link: invitationLink(originOf(ctx, request), token, localeOf(fieldsOf(request.body))),
    };
  });

  app.delete('/api/settings/invitations/:id', async (request) => {
    const actor = await actorOf(ctx, request, 'write');
    const deleted = await ctx.db
      .delete(invitations)
      .where(
        and(
          eq(invitations.id, (request.params as { id: string }).id),
          eq(invitations.accountId, actor.accountId),
          isNull(invitations.acceptedAt),
        ),
      )
      .returning({ id: invitations.id });
    if (deleted.length === 0) throw new NotFound(SERVER_MESSAGES.invitationMissing);
    return { deleted: 1 };
  });

  app.put('/api/settings/users/:id', async (request) => {
    const actor = await actorOf(ctx, request, 'write');
    const body = fieldsOf(request.body);
    const target = await findMember(ctx.db, actor.accountId, (request.params as { id: string }).id);
    requireOutranks(actor, target);
    const names = readNames(body, { displayRequired: false });
    const roleId = optionalString(body, 'role_id', { max: 64 });
    let roleChanged = false;
    if (roleId && roleId !== target.role.id) {
      const role = await assignableRole(ctx.db, actor, roleId);
      if (target.role.level === 1 && role.level !== 1)
        await keepAnOwner(ctx.db, actor.accountId, target.user.id);
      await ctx.db
        .update(memberships)
        .set({ roleId: role.id })
        .where(and(eq(memberships.userId, target.user.id), eq(memberships.accountId, actor.accountId)));
      roleChanged = true;
    }
    if (Object.keys(names).length > 0)
      await ctx.db.update(users).set(names).where(eq(users.id, target.user.id));
    if (roleChanged) await refreshAgentSockets(ctx, actor.accountId, [target.user.id]);
    return { user: memberToWire(await findMember(ctx.db, actor.accountId, target.user.id), actor) };
  });

  for (const [path, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const)
    app.post(`/api/settings/users/:id/${path}`, async (request) => {
      const actor = await actorOf(ctx, request, 'write');
      const target = await findMember(ctx.db, actor.accountId, (request.params as { id: string }).id);
      requireOutranks(actor, target);
      if (!active && target.role.level === 1) await keepAnOwner(ctx.db, actor.accountId, target.user.id);
      await ctx.db
        .update(memberships)
        .set({ deactivatedAt: active ? null : new Date() })
        .where(and(eq(memberships.userId, target.user.id), eq(memberships.accountId, actor.accountId)));
      if (!active) {
        // Their sessions stop now (all of them: a token is not tied to one account) and their
        // open consoles on this account are cut off.
        await ctx.db.delete(sessions).where(eq(sessions.userId, target.user.id));
        await disconnectUser(ctx, actor.accountId, target.user.id);
      }
      return { user: memberToWire(await findMember(ctx.db, actor.accountId, target.user.id), actor) };
    });

  app.get('/api/settings/roles', async (request) => {
    const actor = await actorOf(ctx, request, 'read');
    const rows = await ctx.db
      .select({
        role: roles,
        // Every official account of the workspace holds its roles, so a role is deleted only when
        // no account has a member with it (DELETE below): the count says the same.
        n: sql<number>`(select count(*) from memberships m where m.role_id = ${roles.id})`,
        here: sql<number>`(select count(*) from memberships m where m.role_id = ${roles.id} and m.account_id = ${actor.accountId})`,
      })
      .from(roles)
      .where(eq(roles.workspaceId, actor.workspaceId))
      .orderBy(asc(roles.level), ...byName(roles.name));
    return {
      list: rows.map(({ role, n, here }) => ({
        ...roleToWire(role, Number(n)),
        member_count_here: Number(here),
        can_edit: role.level > 1 && outranks(actor.level, role.level),
      })),
      areas: AREAS.map((area) => ({ area, choices: accessChoices(area) })),
    };
  });

  app.post('/api/settings/roles', async (request) => {
    const actor = await actorOf(ctx, request, 'write');
    const body = fieldsOf(request.body);
    const name = requiredString(body, 'name', { max: ROLE_NAME_MAX }).trim();
    const level = integer(body, 'level', { min: 2, max: MAX_ROLE_LEVEL, fallback: MAX_ROLE_LEVEL });
    if (!outranks(actor.level, level)) throw new Forbidden(SERVER_MESSAGES.roleRankTooHigh);
    const permissions =
      body.permissions === undefined
        ? resolvePermissions(level, null)
        : readAreaPermissions(body.permissions, level);
    if (!withinOwnPermissions(actor, permissions)) throw new Forbidden(SERVER_MESSAGES.moreThanYouHave);
    const [role] = await ctx.db
      .insert(roles)
      .values({ id: newId(), workspaceId: actor.workspaceId, name, level, permissions })
      .onConflictDoNothing()
      .returning();
    if (!role) throw new Conflict(SERVER_MESSAGES.roleTaken, 'name');
    await copyEntries(ctx, actor.workspaceId, level, role.id, optionalString(body, 'based_on', { max: 64 }));
    return { role: roleToWire(role, 0) };
  });

  app.put('/api/settings/roles/:id', async (request) => {
    const actor = await actorOf(ctx, request, 'write');
    const body = fieldsOf(request.body);
    const role = await findRole(ctx, actor.workspaceId, (request.params as { id: string }).id);
    if (role.level === 1) throw new Forbidden(SERVER_MESSAGES.ownerFullAccess);
    if (!outranks(actor.level, role.level)) throw new Forbidden(SERVER_MESSAGES.roleOutranked);
    const name = optionalString(body, 'name', { max: ROLE_NAME_MAX })?.trim();
    const permissions =
      body.permissions === undefined ? null : readAreaPermissions(body.permissions, role.level);
    if (permissions && !withinOwnPermissions(actor, permissions))
      throw new Forbidden(SERVER_MESSAGES.moreThanYouHave);
    let updated = role;
    try {
      [updated] = await ctx.db
        .update(roles)
        .set({ name: name || sql`${roles.name}`, ...(permissions ? { permissions } : {}) })
        .where(eq(roles.id, role.id))
        .returning();
    } catch {
      throw new Conflict(SERVER_MESSAGES.roleTaken, 'name');
    }
    forgetRole(role.id);
    if (permissions) {
      const members = await ctx.db
        .select({ userId: memberships.userId, accountId: memberships.accountId })
        .from(memberships)
        .where(eq(memberships.roleId, role.id));
      for (const accountId of new Set(members.map((m) => m.accountId)))
        await refreshAgentSockets(
          ctx,
          accountId,
          members.filter((m) => m.accountId === accountId).map((m) => m.userId),
        );
    }
    return { role: roleToWire(updated) };
  });

  app.delete('/api/settings/roles/:id', async (request) => {
    const actor = await actorOf(ctx, request, 'write');
    const role = await findRole(ctx, actor.workspaceId, (request.params as { id: string }).id);
    if (role.level === 1 || !outranks(actor.level, role.level)) throw new Forbidden();
    // Members of every official account count (as the list's member_count), deactivated too.
    const holders = await ctx.db
      .select({ name: accounts.name, n: count() })
      .from(memberships)
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .where(eq(memberships.roleId, role.id))
      .groupBy(accounts.id, accounts.name)
      .orderBy(...byName(accounts.name));
    if (holders.length > 0)
      throw new Conflict(
        SERVER_MESSAGES.roleHasMembers(
          holders.reduce((sum, h) => sum + Number(h.n), 0),
          holders.map((h) => `${h.name}: ${Number(h.n)}`).join(', '),
        ),
      );
    await ctx.db.delete(roles).where(eq(roles.id, role.id));
    forgetRole(role.id);
    return { deleted: 1 };
  });
}

/**
 * A new role sees tags and fields as the role it is based on (by default the first role of the
 * same level), so it does not start blind (spec 6 lists a tag only for roles with an entry).
 */
async function copyEntries(
  ctx: AppContext,
  workspaceId: string,
  level: number,
  roleId: string,
  basedOn: string | null,
) {
  const [base] = await ctx.db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.workspaceId, workspaceId),
        basedOn ? eq(roles.id, basedOn) : eq(roles.level, level),
        sql`${roles.id} <> ${roleId}`,
      ),
    )
    .orderBy(...byName(roles.name))
    .limit(1);
  if (!base) return;
  const copy = (column: string) => sql`
    jsonb_build_object(
      'verify', (${sql.raw(column)}->'verify') || coalesce((select jsonb_agg(jsonb_set(e, '{role_id}', to_jsonb(${roleId}::text)))
        from jsonb_array_elements(${sql.raw(column)}->'verify') e where e->>'role_id' = ${base.id}), '[]'::jsonb),
      'default', (${sql.raw(column)}->'default') || coalesce((select jsonb_agg(jsonb_set(e, '{role_id}', to_jsonb(${roleId}::text)))
        from jsonb_array_elements(${sql.raw(column)}->'default') e where e->>'role_id' = ${base.id}), '[]'::jsonb))`;
  const accountsOf = sql`(select id from accounts where workspace_id = ${workspaceId})`;
  await ctx.db.execute(
    sql`update tags set permission = ${copy('permission')} where account_id in ${accountsOf}`,
  );
  await ctx.db.execute(
    sql`update contact_fields set permission = ${copy('permission')} where account_id in ${accountsOf}`,
  );
}
