// Tags of an account: new ones start visible to and changeable by every role of the workspace
// (spec 6 lists a tag only for roles with an entry, so a tag made without entries would vanish
// for everyone but the owner); the tag settings page narrows them.
import { and, eq, sql } from 'drizzle-orm';
import { permissionForAll } from '../../core/access/entryAccess';
import type { Permissions } from '../../core/models/account';
import { newId } from '../accounts/ids';
import { accounts, roles } from '../accounts/schema';
import { tags } from '../chat/schema';
import type { Db } from '../db/client';

export const TAG_NAME_MAX = 100;

type Executor = Pick<Db, 'select' | 'insert'>;

export async function everyRolePermission(db: Executor, accountId: string): Promise<Permissions> {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .innerJoin(accounts, eq(accounts.workspaceId, roles.workspaceId))
    .where(eq(accounts.id, accountId));
  return permissionForAll(rows.map((r) => r.id));
}

/** The tag named `name` (any case), made when missing. */
export async function ensureTag(db: Executor, accountId: string, name: string) {
  const find = async () => {
    const [row] = await db
      .select()
      .from(tags)
      .where(and(eq(tags.accountId, accountId), sql`lower(${tags.name}) = lower(${name})`))
      .limit(1);
    return row ?? null;
  };
  const existing = await find();
  if (existing) return existing;
  await db
    .insert(tags)
    .values({ id: newId(), accountId, name, permission: await everyRolePermission(db, accountId) })
    .onConflictDoNothing();
  return (await find()) as typeof tags.$inferSelect;
}
