// CONTACT_FIELD_UPDATE carries field values, and who may see a value depends on the role, so it
// goes to each console connection on its own, with that connection's view (never another
// role's hidden values). Works across processes: fetchSockets reaches remote sockets too.
import { and, eq, inArray } from 'drizzle-orm';
import { AGENT_EVENTS, AGENT_NAMESPACE } from '../../core/realtime/events';
import { hasArea } from '../accounts/permissions';
import { memberships } from '../accounts/schema';
import { accountRoom } from '../chat/rooms';
import type { followers } from '../chat/schema';
import type { AppContext } from '../context';
import type { AgentSocketData } from '../realtime/agents';
import { accountFields, contactsToWire } from './view';

type FollowerRow = typeof followers.$inferSelect;

export async function announceContact(ctx: AppContext, follower: FollowerRow): Promise<void> {
  const sockets = await ctx.io.of(AGENT_NAMESPACE).in(accountRoom(follower.accountId)).fetchSockets();
  const allowed = sockets.filter((s) => {
    const data = s.data as AgentSocketData;
    // An inbox event: only for consoles whose role may read chats, and the chat's queue.
    if (!data.readsChats) return false;
    return !follower.lcQueueId || data.seesAllQueues || data.visibleQueueIds?.includes(follower.lcQueueId);
  });
  if (allowed.length === 0) return;
  const userIds = [...new Set(allowed.map((s) => (s.data as AgentSocketData).userId))];
  const members = await ctx.db
    .select({ userId: memberships.userId, roleId: memberships.roleId })
    .from(memberships)
    .where(and(eq(memberships.accountId, follower.accountId), inArray(memberships.userId, userIds)));
  const roleOf = new Map(members.map((m) => [m.userId, m.roleId]));
  const fields = await accountFields(ctx.db, follower.accountId);
  const views = new Map<string, unknown>();
  for (const socket of allowed) {
    const data = socket.data as AgentSocketData;
    const roleId = roleOf.get(data.userId);
    if (!roleId) continue;
    const key = `${roleId}:${data.level}`;
    if (!views.has(key)) {
      const access = { accountId: follower.accountId, workspaceId: '', roleId, level: data.level };
      const viewer = {
        accountId: follower.accountId,
        userId: data.userId,
        role_id: roleId,
        level: data.level,
        mayWrite: await hasArea(ctx, access, 'contacts', 'write'),
      };
      const [wire] = await contactsToWire(ctx.db, viewer, [follower], { fields });
      views.set(key, { follower_id: follower.id, contact_detail: wire.contact_detail, tags: wire.tags });
    }
    socket.emit(AGENT_EVENTS.CONTACT_FIELD_UPDATE, views.get(key));
  }
}
