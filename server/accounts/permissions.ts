// Server side of the permission model (core/access/areas.ts): a role's area access, read at most
// once per few seconds, and `requireArea` for any route:
//
//   app.get('/api/broadcast/list', async (request) => { await requireArea(ctx, request, 'broadcast', 'read'); … })
//   app.post('/api/x', { preHandler: areaGuard(ctx, 'broadcast', 'write') }, handler)
//
// A role change applies at once (forgetRole): here, and with REDIS_URL in every other process
// (the cache is a named TtlCache, dropped everywhere through server/realtime/cacheSync.ts).
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  type Action,
  type Area,
  type AreaPermissions,
  can,
  resolvePermissions,
} from '../../core/access/areas';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { TtlCache } from '../chat/ttlCache';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { requireAccount } from '../http/context';
import { Forbidden } from '../http/errors';
import type { AccountAccess } from './profile';
import { roles } from './schema';

const ROLE_TTL_MS = 5_000;
const cache = new TtlCache<AreaPermissions>(ROLE_TTL_MS, { name: 'role-permissions' });

export function forgetRole(roleId?: string) {
  if (roleId) cache.delete(roleId);
  else cache.clear();
}

/** The role's access per area (its level's defaults with what was saved over them). */
export async function rolePermissions(db: Db, roleId: string): Promise<AreaPermissions> {
  return cache.load(roleId, async () => {
    const [row] = await db
      .select({ level: roles.level, permissions: roles.permissions })
      .from(roles)
      .where(eq(roles.id, roleId))
      .limit(1);
    return resolvePermissions(row?.level ?? Number.MAX_SAFE_INTEGER, row?.permissions ?? null);
  });
}

/** Whether the caller's role in the request's account may read or write the area. */
export async function hasArea(
  ctx: AppContext,
  access: AccountAccess,
  area: Area,
  action: Action,
): Promise<boolean> {
  if (access.level <= 1) return true;
  return can(
    { level: access.level, permissions: await rolePermissions(ctx.db, access.roleId) },
    area,
    action,
  );
}

export const NO_PERMISSION = SERVER_MESSAGES.noPermission;

/** Throws 403 unless the caller may `action` the `area`; returns the caller's account access. */
export async function requireArea(
  ctx: AppContext,
  request: FastifyRequest,
  area: Area,
  action: Action,
): Promise<AccountAccess> {
  const access = requireAccount(request.account);
  if (!(await hasArea(ctx, access, area, action))) throw new Forbidden(NO_PERMISSION);
  return access;
}

/** The same as a Fastify preHandler, for route options. */
export function areaGuard(ctx: AppContext, area: Area, action: Action) {
  return async (request: FastifyRequest) => {
    await requireArea(ctx, request, area, action);
  };
}
