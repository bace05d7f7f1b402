// The broadcast API (docs/api.md "Broadcasts") as the console calls it, and the live progress
// from the agents' socket.
import { useEffect } from 'react';
import type { ReplyItem } from '../../core/automation/replyMessage';
import type { BroadcastAction, BroadcastState, TargetType } from '../../core/broadcast/compose';
import { BROADCAST_EVENTS, type BroadcastProgress } from '../../core/broadcast/events';
import type { BroadcastReport } from '../../core/broadcast/report';
import type { MessagesTarget } from '../../core/models/broadcast';
import { agentSocket } from '../realtime/socket';
import { api, downloadName, saveFile, sessionFetch } from '../session/api';

const BASE = '/api/broadcast';

export type Tab = 'Scheduled' | 'Drafts' | 'Sent' | 'All Time' | 'Failed';

export interface Person {
  _id: string;
  display_name: string;
}

export interface Broadcast {
  _id: string;
  name: string;
  messages: ReplyItem[];
  broadcast_time: string | null;
  recipients: 'all' | 'targeting';
  messages_target: MessagesTarget[];
  excluded_target: MessagesTarget[];
  target_estimate: number | null;
  status: BroadcastState;
  progress: { total: number; sent: number; failed: number; percent: number };
  error: string | null;
  can_edit: boolean;
  can_resend: boolean;
  created_by: Person | null;
  updated_by: Person | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface BroadcastBody {
  action: BroadcastAction;
  name: string;
  messages: ReplyItem[];
  broadcast_time: string | null;
  recipients: 'all' | 'targeting';
  messages_target: MessagesTarget[];
  excluded_target: MessagesTarget[];
  target_estimate: number | null;
}

export interface TargetChoices {
  tags: { _id: string; name: string; status: string; count: number }[];
  channels: { _id: string; name: string; type: string; count: number }[];
  all: number;
  types: TargetType[];
}

export interface Recipient {
  follower_id: string;
  line_name: string | null;
  channel_type: string;
  status: 'pending' | 'sent' | 'failed';
  error: string | null;
  sent_at: string | null;
}

export const listBroadcasts = (query: { tab: Tab; search?: string; skip: number; limit: number }) =>
  api<{ list: Broadcast[]; total_count: number; counts: Record<Tab, number> }>(`${BASE}/list`, { query });

export const getBroadcast = (id: string) => api<{ broadcast: Broadcast }>(`${BASE}/${id}`);

export const saveBroadcast = (id: string | null, body: BroadcastBody) =>
  api<{ broadcast: Broadcast }>(id ? `${BASE}/${id}` : BASE, { method: id ? 'PUT' : 'POST', body });

export const deleteBroadcast = (id: string) =>
  api<{ deleted: number }>(`${BASE}/${id}`, { method: 'DELETE' });

export const duplicateBroadcast = (id: string, name: string) =>
  api<{ broadcast: Broadcast }>(`${BASE}/${id}/duplicate`, { method: 'POST', body: { name } });

export const resendBroadcast = (id: string) =>
  api<{ broadcast: Broadcast; resend_count: number }>(`${BASE}/${id}/resend`, { method: 'POST', body: {} });

export const targetChoices = () => api<TargetChoices>(`${BASE}/targets`);

export const estimateReach = (
  body: Pick<BroadcastBody, 'recipients' | 'messages_target' | 'excluded_target'>,
) =>
  api<{ target_estimate: number; by_channel: Record<string, number> }>(`${BASE}/estimate`, {
    method: 'POST',
    body,
  });

export const broadcastReport = (id: string) => api<BroadcastReport>(`${BASE}/${id}/report`);

export const failedRecipients = (id: string) =>
  api<{ list: Recipient[]; total_count: number }>(`${BASE}/${id}/recipients`, {
    query: { status: 'failed', limit: 100 },
  });

/** Downloads an export (a file from an authorised call). */
export async function downloadFile(path: string, query: Record<string, string>): Promise<void> {
  const res = await sessionFetch(`${path}?${new URLSearchParams(query)}`);
  if (!res.ok) throw new Error(`export failed: ${res.status}`);
  saveFile(await res.blob(), downloadName(res, 'export'));
}

/** Calls `onProgress` for every progress event of the account's broadcasts while mounted. */
export function useBroadcastProgress(onProgress: (p: BroadcastProgress) => void) {
  const socket = agentSocket.value;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new socket (after sign-in or an account switch) is listened to anew
  useEffect(() => {
    if (!socket) return;
    socket.on(BROADCAST_EVENTS.PROGRESS, onProgress);
    return () => {
      socket.off(BROADCAST_EVENTS.PROGRESS, onProgress);
    };
  }, [socket, onProgress]);
}
