// The caller as a contact viewer: contacts read (or write) in their role, and their role for the
// per-tag and per-field entries.
import type { FastifyRequest } from 'fastify';
import { hasArea, requireArea } from '../accounts/permissions';
import type { AppContext } from '../context';
import { requireAccount, requireAuth } from '../http/context';
import type { ContactViewer } from './view';

export async function contactViewerOf(
  ctx: AppContext,
  request: FastifyRequest,
  action: 'read' | 'write',
): Promise<ContactViewer & { workspaceId: string }> {
  const access = await requireArea(ctx, request, 'contacts', action);
  const auth = requireAuth(request.auth);
  return {
    accountId: access.accountId,
    workspaceId: access.workspaceId,
    userId: auth.userId,
    role_id: access.roleId,
    level: access.level,
    mayWrite: action === 'write' || (await hasArea(ctx, access, 'contacts', 'write')),
  };
}

/** The caller's role as a contact viewer without requiring the contacts area (the inbox's tags). */
export async function roleViewerOf(ctx: AppContext, request: FastifyRequest): Promise<ContactViewer> {
  const access = requireAccount(request.account);
  const auth = requireAuth(request.auth);
  return {
    accountId: access.accountId,
    userId: auth.userId,
    role_id: access.roleId,
    level: access.level,
    mayWrite: await hasArea(ctx, access, 'contacts', 'write'),
  };
}
