// The inbox's other filters (docs/chat-api.md GET /api/chat/followers): channel type and assignee
// ('me', a user id, or 'queue:<id>'). A live update re-adds a chat only when it matches the chat
// type (liveUpdate.ts) and these too, as the server's list query would.
import type { Follower } from '../models/chat';

export interface ListFilters {
  /** '' for every channel. */
  channelType: string;
  /** '' for everyone. */
  assigneeId: string;
}

export const QUEUE_PREFIX = 'queue:';

type Filterable = Pick<Follower, 'last_livechat' | 'channel_type_info'> & { channel_type?: string | null };

export function channelTypeOf(f: Filterable): string {
  const info = f.channel_type_info as { type?: string; name?: string } | undefined;
  return f.channel_type ?? info?.type ?? info?.name ?? '';
}

export function matchesListFilters(f: Filterable, filters: ListFilters, userId: string): boolean {
  if (filters.channelType && channelTypeOf(f) !== filters.channelType) return false;
  const a = filters.assigneeId;
  if (!a) return true;
  const lc = f.last_livechat;
  if (a.startsWith(QUEUE_PREFIX)) return (lc?.queue_id ?? null) === a.slice(QUEUE_PREFIX.length);
  return (lc?.user_id ?? null) === (a === 'me' ? userId : a);
}
