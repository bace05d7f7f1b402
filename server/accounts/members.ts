// Membership states the auth layer asks about.
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberships } from './schema';

/** True when the user belongs to accounts but every membership was deactivated. */
export async function isDeactivated(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      all: count(),
      active: sql<number>`count(*) filter (where ${memberships.deactivatedAt} is null)`,
    })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return Number(row?.all ?? 0) > 0 && Number(row?.active ?? 0) === 0;
}
