// Queue visibility (spec 4, 6): a chat with a queue shows only when the queue is visible to
// everyone or is among the viewer's allowed queues (queue_permission from the chat master data).
import type { LiveChat } from '../models/chat';

export function isQueueVisible(
  queueId: string | null | undefined,
  visibility: string | null | undefined,
  allowedQueueIds: readonly string[],
): boolean {
  if (!queueId) return true;
  if (visibility === 'everyone') return true;
  return allowedQueueIds.includes(queueId);
}

export function isChatQueueVisible(
  livechat: Pick<LiveChat, 'queue_id' | 'queue_info'> | null | undefined,
  allowedQueueIds: readonly string[],
): boolean {
  if (!livechat) return true;
  const queueId = livechat.queue_id ?? livechat.queue_info?._id ?? null;
  return isQueueVisible(queueId, livechat.queue_info?.setting?.visibility, allowedQueueIds);
}

export interface QueueRef {
  id: string;
  visibility: string | null | undefined;
}

/**
 * queue_permission (spec 6): the queues whose chats a viewer may see, given the account's queues,
 * the queues the viewer is a member of, and whether their role sees every queue.
 */
export function allowedQueueIds(
  queues: readonly QueueRef[],
  memberQueueIds: readonly string[],
  seesAllQueues: boolean,
): string[] {
  return queues
    .filter((q) => seesAllQueues || isQueueVisible(q.id, q.visibility, memberQueueIds))
    .map((q) => q.id);
}

/**
 * The same rule as a filter a database can run on a chat's queue id: every queue, or the chats
 * with no queue (when those are visible) plus the allowed queues.
 */
export type QueueScope = { all: true } | { all: false; noQueue: boolean; queueIds: string[] };

export function queueScope(seesAllQueues: boolean, allowed: readonly string[]): QueueScope {
  if (seesAllQueues) return { all: true };
  return { all: false, noQueue: isQueueVisible(null, null, allowed), queueIds: [...allowed] };
}

/** Whether a chat in this queue passes the scope (what the database filter computes). */
export function inQueueScope(scope: QueueScope, queueId: string | null | undefined): boolean {
  if (scope.all) return true;
  return queueId ? scope.queueIds.includes(queueId) : scope.noQueue;
}
