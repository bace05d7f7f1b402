// Agent availability history (agent_status_events) for away duration and chat utilization.
// The chat status call (/api/chat/chatstatus) records 'available' or 'away'; an agent's first
// console connection on an account records their chat status, the last one closing 'offline'.
import { and, desc, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io';
import { AGENT_NAMESPACE } from '../../core/realtime/events';
import { memberships } from '../accounts/schema';
import type { AppContext } from '../context';
import { onlineUserIds } from '../realtime/agents';
import { type AgentStatus, agentStatusEvents } from './schema';

export interface StatusChange {
  accountId: string;
  userId: string;
  /** 'online' (a console connected: the agent's chat status applies) is stored as that status. */
  status: AgentStatus | 'online';
  at?: Date;
}

async function lastStatus(ctx: AppContext, accountId: string, userId: string): Promise<AgentStatus | null> {
  const [row] = await ctx.db
    .select({ status: agentStatusEvents.status })
    .from(agentStatusEvents)
    .where(and(eq(agentStatusEvents.accountId, accountId), eq(agentStatusEvents.userId, userId)))
    .orderBy(desc(agentStatusEvents.at), desc(agentStatusEvents.id))
    .limit(1);
  return row?.status ?? null;
}

/**
 * Records a change of an agent's availability. A repeat of the current state is not stored, and a
 * chat status chosen while the agent has no console open (last state offline) waits until they
 * connect, when it is read from their membership. Returns the stored status, or null.
 */
export async function recordAgentStatus(ctx: AppContext, change: StatusChange): Promise<AgentStatus | null> {
  const { accountId, userId } = change;
  let status: AgentStatus;
  if (change.status === 'online') {
    const [m] = await ctx.db
      .select({ chatStatus: memberships.chatStatus })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId)))
      .limit(1);
    if (!m) return null;
    status = m.chatStatus;
  } else {
    status = change.status;
  }
  const last = await lastStatus(ctx, accountId, userId);
  if (last === status) return null;
  if (change.status !== 'online' && status !== 'offline' && last === 'offline') return null;
  await ctx.db.insert(agentStatusEvents).values({ accountId, userId, status, at: change.at ?? new Date() });
  return status;
}

interface AgentSocketData {
  userId?: string;
  accountId?: string;
}

/**
 * Follows agent console connections (namespace /agent) without touching the realtime module: the
 * first connection of a user on an account records their chat status, the last to close 'offline'.
 */
export function trackAgentPresence(ctx: AppContext) {
  const nsp = ctx.io.of(AGENT_NAMESPACE);
  const failed = (err: unknown) => ctx.log.error({ err }, 'agent status not recorded');
  nsp.on('connection', (socket: Socket) => {
    const { userId, accountId } = (socket.data ?? {}) as AgentSocketData;
    if (!userId || !accountId) return;
    if (!socket.recovered) void recordAgentStatus(ctx, { accountId, userId, status: 'online' }).catch(failed);
    socket.on('disconnect', async () => {
      try {
        if (!(await onlineUserIds(ctx, accountId)).has(userId))
          await recordAgentStatus(ctx, { accountId, userId, status: 'offline' });
      } catch (err) {
        // Usually the server closing under it.
        ctx.log.debug({ err }, 'agent offline not recorded');
      }
    });
  });
}
