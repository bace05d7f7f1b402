// After a change to who sees which queue or may read chats at all (a role, a membership, a
// queue's members or visibility), the agents already connected follow it at once: each console
// connection leaves and joins the chat and queue rooms to match, and hears FETCH_FOLLOWERS to
// reload its lists. Across processes the rooms move (remote sockets take join/leave); the cached
// socket data is updated on this process and on the others at the next connection.
import { and, eq, inArray } from 'drizzle-orm';
import { AGENT_EVENTS, AGENT_NAMESPACE } from '../../core/realtime/events';
import { hasArea } from '../accounts/permissions';
import { memberships, roles } from '../accounts/schema';
import { accountRoom, followerRoom } from '../chat/rooms';
import { loadViewer } from '../chat/viewer';
import type { AppContext } from '../context';
import { type AgentSocketData, chatRoomsOf, disconnectUserSockets } from '../realtime/agents';

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
    // The role's 'chat' area decides whether the chat rooms are joined at all.
    const readsChats = await hasArea(
      ctx,
      { accountId, workspaceId: '', roleId: member.roleId, level: member.level },
      'chat',
      'read',
    );
    const before = chatRoomsOf(data);
    const next: AgentSocketData = {
      ...data,
      level: member.level,
      readsChats,
      seesAllQueues: viewer.seesAllQueues,
      visibleQueueIds: viewer.visibleQueueIds,
      restrictedQueueIds: viewer.restrictedQueueIds,
    };
    const after = chatRoomsOf(next);
    for (const room of before) if (!after.includes(room)) socket.leave(room);
    // Open chats (JOIN_CHAT) end with the access to chats.
    if (!readsChats)
      for (const room of socket.rooms) if (room.startsWith(followerRoom(''))) socket.leave(room);
    socket.join(after);
    Object.assign(socket.data as AgentSocketData, next);
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
