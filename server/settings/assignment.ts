// Automatic assignment when a new live chat opens in a queue whose assignment type is not manual
// (server/chat/inbound.ts calls autoAssignNewChat). Who may get it: the queue's members (every
// member of the account when the queue lists none and is open to everyone) who are active, may
// chat, are online with status 'available', see the queue, and are under the queue's
// chats-per-agent limit. Round robin gives it to the one who got one from this queue longest ago
// (never first); least busy to the one with the fewest open assigned chats (ties: round robin).
// The agent then accepts it, as after a manual assignment. Outside business hours nobody gets it.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rolePermissions } from '../accounts/permissions';
import { memberships, roles } from '../accounts/schema';
import { assignChat } from '../chat/lifecycle';
import { followers, queueMembers, queues } from '../chat/schema';
import { isBusinessTime, loadChatSettings } from '../chat/settings';
import type { Viewer } from '../chat/viewer';
import type { AppContext } from '../context';
import { onlineUserIds } from '../realtime/agents';
import { queueAssignments } from './schema';

type FollowerRow = typeof followers.$inferSelect;

export interface Candidate {
  userId: string;
  openChats: number;
  lastAssignedAt: Date | null;
}

/** The pure choice: round robin or least busy over the eligible candidates. */
export function pickAgent(type: string, candidates: readonly Candidate[]): string | null {
  if (candidates.length === 0) return null;
  const byRoundRobin = (a: Candidate, b: Candidate) =>
    (a.lastAssignedAt?.getTime() ?? 0) - (b.lastAssignedAt?.getTime() ?? 0) ||
    a.userId.localeCompare(b.userId);
  const sorted = [...candidates].sort(
    type === 'least_busy' ? (a, b) => a.openChats - b.openChats || byRoundRobin(a, b) : byRoundRobin,
  );
  return sorted[0].userId;
}

async function eligible(ctx: AppContext, queue: typeof queues.$inferSelect): Promise<Candidate[]> {
  const online = await onlineUserIds(ctx, queue.accountId);
  if (online.size === 0) return [];
  const listed = await ctx.db
    .select({ userId: queueMembers.userId })
    .from(queueMembers)
    .where(eq(queueMembers.queueId, queue.id));
  const pool = listed.length
    ? listed.map((m) => m.userId)
    : queue.visibility === 'everyone'
      ? [...online]
      : [];
  const ids = pool.filter((id) => online.has(id));
  if (ids.length === 0) return [];
  const members = await ctx.db
    .select({ userId: memberships.userId, roleId: roles.id, level: roles.level })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(
      and(
        eq(memberships.accountId, queue.accountId),
        inArray(memberships.userId, ids),
        isNull(memberships.deactivatedAt),
        eq(memberships.chatStatus, 'available'),
      ),
    );
  const allowed: string[] = [];
  for (const m of members) {
    const perms = await rolePermissions(ctx.db, m.roleId);
    if (m.level <= 1 || perms.chat === 'write') allowed.push(m.userId);
  }
  if (allowed.length === 0) return [];
  const [load, last] = await Promise.all([
    ctx.db
      .select({ userId: followers.lcUserId, n: sql<number>`count(*)` })
      .from(followers)
      .where(
        and(
          eq(followers.accountId, queue.accountId),
          inArray(followers.lcUserId, allowed),
          sql`not (${followers.lcIsDone} or ${followers.lcIsMissed} or ${followers.lcIsExpired})`,
        ),
      )
      .groupBy(followers.lcUserId),
    ctx.db
      .select()
      .from(queueAssignments)
      .where(and(eq(queueAssignments.queueId, queue.id), inArray(queueAssignments.userId, allowed))),
  ]);
  return allowed
    .map((userId) => ({
      userId,
      openChats: Number(load.find((l) => l.userId === userId)?.n ?? 0),
      lastAssignedAt: last.find((l) => l.userId === userId)?.lastAssignedAt ?? null,
    }))
    .filter((c) => !queue.chatsPerAgent || c.openChats < queue.chatsPerAgent);
}

/** Assigns a chat that just opened; returns the agent's id, or null when it stays unassigned. */
export async function autoAssignNewChat(ctx: AppContext, follower: FollowerRow): Promise<string | null> {
  if (!follower.lcQueueId || follower.lcUserId) return null;
  const [queue] = await ctx.db.select().from(queues).where(eq(queues.id, follower.lcQueueId)).limit(1);
  if (!queue || queue.assignType === 'manual') return null;
  const settings = await loadChatSettings(ctx.db, queue.accountId);
  if (!isBusinessTime(settings.business_hours, new Date())) return null;
  const pick = async () => {
    const [now] = await ctx.db
      .select({ userId: followers.lcUserId, livechatId: followers.livechatId })
      .from(followers)
      .where(eq(followers.id, follower.id));
    // Someone took it meanwhile, or it is another chat by now.
    if (!now || now.userId || now.livechatId !== follower.livechatId) return null;
    const userId = pickAgent(queue.assignType, await eligible(ctx, queue));
    if (!userId) return null;
    await ctx.db
      .insert(queueAssignments)
      .values({ queueId: queue.id, userId, lastAssignedAt: new Date() })
      .onConflictDoUpdate({
        target: [queueAssignments.queueId, queueAssignments.userId],
        set: { lastAssignedAt: new Date() },
      });
    const system: Viewer = {
      userId: 'system',
      accountId: queue.accountId,
      level: 1,
      seesAllQueues: true,
      visibleQueueIds: [],
      restrictedQueueIds: [],
    };
    await assignChat(ctx, system, { followerId: follower.id, userId });
    return userId;
  };
  // One pick at a time per queue, so two chats opening together go to two agents. In this process
  // a promise chain orders them; on PostgreSQL a transaction-scoped advisory lock also orders them
  // across processes, held until the pick and the assignment are committed. Those picks take one
  // key per process, so a process holds at most one lock transaction (and one pooled connection
  // for it) however many queues open chats at once.
  if (ctx.database.kind !== 'postgres') return serialize(queue.id, pick);
  return serialize('postgres-lock', () =>
    ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`assign:${queue.id}`}))`);
      return pick();
    }),
  );
}

const running = new Map<string, Promise<unknown>>();

function serialize<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const before = running.get(key) ?? Promise.resolve();
  const next = before.catch(() => {}).then(fn);
  running.set(key, next);
  void next
    .finally(() => {
      if (running.get(key) === next) running.delete(key);
    })
    .catch(() => {});
  return next;
}
