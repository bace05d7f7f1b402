// The monitoring screen's calls (docs/api.md "Monitoring"); reassigning and closing chats and
// editing queues use the inbox's and the queue settings' own calls.
import type { LiveFollower } from '../../core/models/chatWire';
import { api } from '../session/api';

export type AgentState = 'available' | 'away' | 'offline';

export interface MonitorAgent {
  _id: string;
  display_name: string;
  email: string;
  role: { name: string; level: number };
  status: AgentState;
  online: boolean;
  chats_in_progress: number;
  chats_taken_today: number;
  /** Seconds; null when nothing was answered today. */
  avg_first_response_today: number | null;
  longest_wait: number;
  queue_ids: string[];
}

export interface MonitorQueue {
  _id: string;
  name: string;
  assign_type: 'manual' | 'round_robin' | 'least_busy';
  visibility: 'everyone' | 'selected';
  chats_per_agent: number | null;
  is_default: boolean;
  member_ids: string[];
  waiting: number;
  in_progress: number;
  longest_wait: number;
  incoming_today: number;
  missed_today: number;
  expired_today: number;
  agents_on_duty: number;
}

export interface MonitorChat {
  livechat_id: string;
  follower: LiveFollower;
  assignee: { _id: string; display_name: string } | null;
  queue_id: string | null;
  is_accepted: boolean;
  started_at: number;
  accepted_at: number | null;
  waiting_since: number | null;
  waiting_seconds: number | null;
  duration_seconds: number;
  countdown_seconds: number;
}

export interface Overview {
  generated_at: number;
  timezone: string;
  date: string;
  permissions: { edit_queues: boolean; manage_chats: boolean; close_any: boolean };
  totals: {
    agents_online: number;
    agents_available: number;
    waiting: number;
    in_progress: number;
    missed_today: number;
    expired_today: number;
  };
  agents: MonitorAgent[];
  queues: MonitorQueue[];
  chats: MonitorChat[];
  chats_total: number;
}

export const getOverview = () => api<Overview>('/api/monitoring/overview');

export const moveAgent = (body: { user_id: string; from_queue_id?: string; to_queue_id?: string }) =>
  api<{ user_id: string; queue_ids: string[] }>('/api/monitoring/move-agent', { method: 'POST', body });

export const updateQueue = (
  id: string,
  body: Partial<Pick<MonitorQueue, 'assign_type' | 'visibility' | 'chats_per_agent'>>,
) => api<{ queue: unknown }>(`/api/settings/queues/${id}`, { method: 'PUT', body });

export const reassignChat = (body: { followerId: string; userId?: string; queueId?: string }) =>
  api<{ follower: LiveFollower }>('/api/chat/assign/agent', { method: 'POST', body });

export const closeChat = (liveChatId: string) =>
  api<{ follower: LiveFollower }>('/api/chat/close', { method: 'POST', body: { liveChatId } });
