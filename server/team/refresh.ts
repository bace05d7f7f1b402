// After a change to who sees which queue (a role, a membership, a queue's members or
// visibility), the agents already connected follow it at once: each console connection leaves
// and joins queue rooms to match, and hears FETCH_FOLLOWERS to reload its lists. Across
// processes the rooms move (remote sockets take join/leave); the cached socket data is updated
// on this process and on the others at the next connection.
import { and, eq, inArray } from 'drizzle-orm';
import { AGENT_EVENTS, AGENT_NAMESPACE } from '../../core/realtime/events';
import { memberships, roles } from '../accounts/schema';
import { accountRoom, queueRoom } from '../chat/rooms';
import { loadViewer } from '../chat/viewer';
import type { AppContext } from '../context';
import { type AgentSocketData, disconnectUserSockets } from '../realtime/agents';

export async function refreshAgentSockets(
  ctx: AppContext,
  accountId: string,
  userIds?: readonly string[],
): Promise<void> {
  const sockets = await ctx.io.of(AGENT_NAMESPACE).in(accountRoom(accountId)).fetchSockets();
  const mine = sockets.filter((s) => !userIds || userIds.includes((s.data as AgentSocketData).userId));
  if (mine.length === 0) return;
  const ids = [...new Set(mine.map((s) => (s.data as AgentSocketData).userId))];
  const rows = await ctx.db
    .select({ userId: memberships.userId, roleId: roles.id, level: roles.level })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.accountId, accountId), inArray(memberships.userId, ids)));
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  for (const socket of mine) {
    const data = socket.data as AgentSocketData;
    const member = byUser.get(data.userId);
    if (!member) continue;
    const viewer = await loadViewer(ctx.db, {
      userId: data.userId,
      accountId,
      level: member.level,
      roleId: member.roleId,
    });
    for (const id of data.restrictedQueueIds ?? [])
      if (!viewer.restrictedQueueIds.includes(id)) socket.leave(queueRoom(id));
    socket.join(viewer.restrictedQueueIds.map(queueRoom));
    Object.assign(socket.data as AgentSocketData, {
      level: member.level,
      seesAllQueues: viewer.seesAllQueues,
      visibleQueueIds: viewer.visibleQueueIds,
      restrictedQueueIds: viewer.restrictedQueueIds,
    });
    socket.emit(AGENT_EVENTS.FETCH_FOLLOWERS, {});
  }
}

/**
 * A deactivated member's console connections end now: every one of them, on every account and
 * process, since all their sessions were ended (server/realtime/agents.ts per-user room).
 */
export async function disconnectUser(ctx: AppContext, _accountId: string, userId: string): Promise<void> {
  disconnectUserSockets(ctx, userId);
}
