// Chat export (spec 7, 9): the request body for a follower over the default range, and which
// endpoint serves each type.
import { exportRange } from '../format/exportRange';
import type { ChatExportRequest } from '../models/chat';

export const CHAT_EXPORT_PATHS = { excel: '/api/chat/export', zip: '/api/chat/export-zip' } as const;

export function chatExportRequest(
  followerId: string,
  type: ChatExportRequest['type'],
  now: Date,
): ChatExportRequest {
  return { follower_id: followerId, type, ...exportRange(now) };
}
