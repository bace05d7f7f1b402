// Who is looking at the inbox: the agent, their role level and the queues whose chats they may
// see (spec 4, 6). Level 1 and roles with the 'all_queues' area see every queue; others see
// queues open to everyone and the 'selected' queues they are members of (queue_members).
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { allowedQueueIds, inQueueScope, queueScope } from '../../core/access/queues';
import { rolePermissions } from '../accounts/permissions';
import type { QueueMembership } from '../accounts/profile';
import { FULL_ACCESS_LEVEL } from '../accounts/roles';
import { memberships } from '../accounts/schema';
import type { Db } from '../db/client';
import { queueMembers, queues } from './schema';

export interface Viewer {
  userId: string;
  accountId: string;
  level: number;
  /** Level 1: every queue, including ones created after this was loaded. */
  seesAllQueues: boolean;
  /** Queues of the account whose chats this viewer may see (queue_permission). */
  visibleQueueIds: string[];
  /** The 'selected' queues among them: their events go to the queue's own room. */
  restrictedQueueIds: string[];
}

/** The account's queues and whether the user is a member of each. */
async function queueMemberships(db: Db, userId: string, accountId: string): Promise<QueueMembership[]> {
  const rows = await db
    .select({ id: queues.id, visibility: queues.visibility, member: queueMembers.userId })
    .from(queues)
    .leftJoin(queueMembers, and(eq(queueMembers.queueId, queues.id), eq(queueMembers.userId, userId)))
    .where(eq(queues.accountId, accountId));
  return rows.map((q) => ({ id: q.id, visibility: q.visibility, member: q.member !== null }));
}

/** `access.queues`: the memberships when the request already read them (server/auth/guard.ts). */
export async function loadViewer(
  db: Db,
  access: {
    userId: string;
    accountId: string;
    level: number;
    roleId?: string;
    queues?: QueueMembership[];
  },
): Promise<Viewer> {
  const rows = access.queues ?? (await queueMemberships(db, access.userId, access.accountId));
  // Level 1, and roles given 'all_queues' (a supervisor who sees every queue), see them all.
  const seesAllQueues =
    access.level <= FULL_ACCESS_LEVEL ||
    (await roleSeesAllQueues(db, access.userId, access.accountId, access.roleId));
  const memberOf = rows.filter((q) => q.member).map((q) => q.id);
  const visibleQueueIds = allowedQueueIds(rows, memberOf, seesAllQueues);
  return {
    userId: access.userId,
    accountId: access.accountId,
    level: access.level,
    seesAllQueues,
    visibleQueueIds,
    restrictedQueueIds: rows
      .filter((q) => q.visibility === 'selected' && visibleQueueIds.includes(q.id))
      .map((q) => q.id),
  };
}

async function roleSeesAllQueues(db: Db, userId: string, accountId: string, roleId?: string) {
  let id = roleId;
  if (!id) {
    const [row] = await db
      .select({ roleId: memberships.roleId })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId)))
      .limit(1);
    id = row?.roleId;
  }
  return id ? (await rolePermissions(db, id)).all_queues !== 'none' : false;
}

/** Whether the viewer may see a chat in this queue (no queue: everyone in the account). */
export function seesQueue(viewer: Viewer, queueId: string | null): boolean {
  return inQueueScope(viewerQueueScope(viewer), queueId);
}

/** core/access/queues.ts#queueScope for this viewer (what SQL filters run). */
export function viewerQueueScope(viewer: Pick<Viewer, 'seesAllQueues' | 'visibleQueueIds'>) {
  return queueScope(viewer.seesAllQueues, viewer.visibleQueueIds);
}

/** The same as a condition on a queue column of raw SQL (chats of hidden queues stay out). */
export function visibleQueueSql(viewer: Pick<Viewer, 'seesAllQueues' | 'visibleQueueIds'>, column: SQL): SQL {
  if (viewer.seesAllQueues) return sql`true`;
  if (viewer.visibleQueueIds.length === 0) return sql`${column} is null`;
  return sql`(${column} is null or ${column} in ${viewer.visibleQueueIds})`;
}
