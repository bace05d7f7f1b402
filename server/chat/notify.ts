// Emits live chat events to exactly the agents allowed to see them (account, queue visibility).
import { eq } from 'drizzle-orm';
import { AGENT_EVENTS, AGENT_NAMESPACE, type AgentEvent } from '../../core/realtime/events';
import type { AppContext } from '../context';
import type { AgentSocketData } from '../realtime/agents';
import { chatRoom, followerRoom, queueRoom } from './rooms';
import { queues } from './schema';
import { TtlCache } from './ttlCache';

const VISIBILITY_TTL_MS = 10_000;
/**
 * Named, so a queue made 'selected' stops reaching the whole account in every process at once
 * (server/realtime/cacheSync.ts), not after the TTL: the TTL is only the fallback.
 */
const visibilityCache = new TtlCache<boolean>(VISIBILITY_TTL_MS, { name: 'queue-visibility' });

/** Whether a queue is open to selected agents only; cached briefly, it changes rarely. */
export async function isRestrictedQueue(ctx: AppContext, queueId: string | null): Promise<boolean> {
  if (!queueId) return false;
  return visibilityCache.load(queueId, async () => {
    const [row] = await ctx.db
      .select({ visibility: queues.visibility })
      .from(queues)
      .where(eq(queues.id, queueId))
      .limit(1);
    return row?.visibility === 'selected';
  });
}

export function forgetQueueVisibility(queueId: string) {
  visibilityCache.delete(queueId);
}

/** The room for events about a follower's chat in the inbox lists. */
export async function listRoomFor(
  ctx: AppContext,
  accountId: string,
  queueId: string | null,
): Promise<string> {
  return (await isRestrictedQueue(ctx, queueId)) ? queueRoom(queueId as string) : chatRoom(accountId);
}

export async function emitToList(
  ctx: AppContext,
  target: { accountId: string; queueId: string | null },
  event: AgentEvent,
  payload: unknown,
) {
  const room = await listRoomFor(ctx, target.accountId, target.queueId);
  ctx.io.of(AGENT_NAMESPACE).to(room).emit(event, payload);
}

/**
 * To the agents whose lists show the chat and those who have it open (JOIN_CHAT), once each.
 * When the chat moved from another queue, the agents who saw it there hear it too (it leaves
 * their lists).
 */
export async function emitChat(
  ctx: AppContext,
  target: { accountId: string; queueId: string | null; followerId: string; previousQueueId?: string | null },
  event: AgentEvent,
  payload: unknown,
) {
  const rooms = new Set([await listRoomFor(ctx, target.accountId, target.queueId)]);
  if (target.previousQueueId !== undefined && target.previousQueueId !== target.queueId)
    rooms.add(await listRoomFor(ctx, target.accountId, target.previousQueueId));
  rooms.add(followerRoom(target.followerId));
  ctx.io
    .of(AGENT_NAMESPACE)
    .to([...rooms])
    .emit(event, payload);
}

/** A chat moved into a 'selected' queue: agents outside it who had it open stop hearing it. */
export async function evictFromChatRoom(ctx: AppContext, followerId: string, queueId: string | null) {
  if (!queueId || !(await isRestrictedQueue(ctx, queueId))) return;
  const room = followerRoom(followerId);
  const sockets = await ctx.io.of(AGENT_NAMESPACE).in(room).fetchSockets();
  for (const socket of sockets) {
    const data = socket.data as Partial<AgentSocketData>;
    if (!data.seesAllQueues && !data.visibleQueueIds?.includes(queueId)) socket.leave(room);
  }
}

export { AGENT_EVENTS };
