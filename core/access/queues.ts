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
