// Emits live chat events to exactly the agents allowed to see them (account, queue visibility).
import { eq } from 'drizzle-orm';
import { AGENT_EVENTS, AGENT_NAMESPACE, type AgentEvent } from '../../core/realtime/events';
import type { AppContext } from '../context';
import { accountRoom, followerRoom, queueRoom } from './rooms';
import { queues } from './schema';

const VISIBILITY_TTL_MS = 10_000;
const visibilityCache = new Map<string, { selected: boolean; at: number }>();

/** Whether a queue is open to selected agents only; cached briefly, it changes rarely. */
export async function isRestrictedQueue(ctx: AppContext, queueId: string | null): Promise<boolean> {
  if (!queueId) return false;
  const hit = visibilityCache.get(queueId);
  if (hit && Date.now() - hit.at < VISIBILITY_TTL_MS) return hit.selected;
  const [row] = await ctx.db
    .select({ visibility: queues.visibility })
    .from(queues)
    .where(eq(queues.id, queueId))
    .limit(1);
  const selected = row?.visibility === 'selected';
  visibilityCache.set(queueId, { selected, at: Date.now() });
  return selected;
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
  return (await isRestrictedQueue(ctx, queueId)) ? queueRoom(queueId as string) : accountRoom(accountId);
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

/** To the agents whose lists show the chat and those who have it open (JOIN_CHAT), once each. */
export async function emitChat(
  ctx: AppContext,
  target: { accountId: string; queueId: string | null; followerId: string },
  event: AgentEvent,
  payload: unknown,
) {
  const room = await listRoomFor(ctx, target.accountId, target.queueId);
  ctx.io
    .of(AGENT_NAMESPACE)
    .to([room, followerRoom(target.followerId)])
    .emit(event, payload);
}

export { AGENT_EVENTS };
