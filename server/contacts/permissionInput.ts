// Reads a permission body ({ verify: [{ role_id, action_type }], default: [...] }) for a tag or
// a field: roles must be of the caller's workspace, action types 1 (change), 2 (view), 3 (hidden).
import { eq } from 'drizzle-orm';
import { ACTION_TYPES } from '../../core/access/entryAccess';
import { PERMISSION_KEYS, type Permissions } from '../../core/models/account';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { MESSAGES } from '../../core/validation/rules';
import { roles } from '../accounts/schema';
import type { Db } from '../db/client';
import { Invalid } from '../http/errors';

export async function readPermissions(db: Db, workspaceId: string, raw: unknown): Promise<Permissions> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw new Invalid('permission', MESSAGES.required);
  const roleIds = new Set(
    (await db.select({ id: roles.id }).from(roles).where(eq(roles.workspaceId, workspaceId))).map(
      (r) => r.id,
    ),
  );
  const out: Permissions = { verify: [], default: [] };
  for (const key of PERMISSION_KEYS) {
    const list = (raw as Record<string, unknown>)[key] ?? [];
    if (!Array.isArray(list)) throw new Invalid(`permission.${key}`, MESSAGES.required);
    const seen = new Set<string>();
    for (const [i, entry] of list.entries()) {
      const e = (entry ?? {}) as { role_id?: unknown; action_type?: unknown };
      if (typeof e.role_id !== 'string' || !roleIds.has(e.role_id))
        throw new Invalid(`permission.${key}.${i}.role_id`, SERVER_MESSAGES.roleMissing);
      const type = Number(e.action_type);
      if (!(ACTION_TYPES as readonly number[]).includes(type))
        throw new Invalid(`permission.${key}.${i}.action_type`, MESSAGES.number);
      if (seen.has(e.role_id)) continue;
      seen.add(e.role_id);
      out[key].push({ role_id: e.role_id, action_type: type });
    }
  }
  return out;
}
