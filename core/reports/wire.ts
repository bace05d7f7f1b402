// What the report endpoints answer (docs/api.md, "Dashboard and reports"). Counts are integers,
// durations seconds, rates percentages (0–100), days YYYY-MM-DD in the account's time zone. A rate
// or an average with nothing to measure (no ratings, no available time, no replied chat) is null,
// not 0: "no data" is shown as such, never as 0% or 00:00:00.
import type { CHANNEL_TYPES } from '../models/chat';
import type { ChatLogCategory, ReportRow } from '../models/report';
import type { Period } from './period';

export type ChannelType = (typeof CHANNEL_TYPES)[number];

export interface ReportEnvelope {
  period: Period;
  timezone: string;
}

export const TILE_KEYS = [
  'total_friends',
  'new_friends',
  'verified_accounts',
  'new_verified_accounts',
  'chat_utilization',
  'satisfaction_rate',
] as const;
export type TileKey = (typeof TILE_KEYS)[number];

export interface Tile {
  /** Null when there is nothing to measure (a rate with no ratings or no available time). */
  value: number | null;
  /** The same figure over the previous period; null when there is none (alltime) or it has no data. */
  previous: number | null;
  /** value − previous; null when either is null. */
  change: number | null;
  /** (value − previous) / previous × 100; null when previous is 0 or either is null. */
  change_percent: number | null;
}

export interface DashboardTiles extends ReportEnvelope {
  tiles: Record<TileKey, Tile>;
}

export interface ContactGrowthDay {
  date: string;
  new_friends: number;
  total_friends: number;
  new_verified: number;
  total_verified: number;
  /** New friends of the day per channel type. */
  by_channel: Record<ChannelType, number>;
}

export interface ContactGrowthReport extends ReportEnvelope {
  days: ContactGrowthDay[];
}

/** Report-row figures that are a ratio and so may have nothing to measure. */
export type MeasuredKey = 'chat_utilization' | 'avg_first_resp_time' | 'avg_chat_duration';

/**
 * A chat-volume or agent row: the spec's report row plus the total of incoming and outgoing.
 * `chat_utilization` is null without available time, `avg_first_resp_time` without a replied
 * incoming chat, `avg_chat_duration` without a chat closed as done (agent performance; chat volume
 * does not measure them and sends 0).
 */
export type ChatCountRow = Omit<ReportRow, MeasuredKey> & {
  count_total: number;
} & Record<MeasuredKey, number | null>;

export interface AgentRow extends ChatCountRow {
  user_id: string;
  name: string;
}

export interface AgentPerformanceReport extends ReportEnvelope {
  rows: AgentRow[];
  total: ChatCountRow;
}

export interface ChatVolumeReport extends ReportEnvelope {
  by_day: ChatCountRow[];
  by_hour: ChatCountRow[];
  total: ChatCountRow;
}

export interface SatisfactionDay {
  date: string;
  ratings: number;
  /** Mean score; null without ratings. */
  average: number | null;
  /** Percent of 4- and 5-star ratings; null without ratings. */
  rate: number | null;
  /** How many ratings gave 1, 2, 3, 4 and 5 stars. */
  scores: [number, number, number, number, number];
}

export interface RatingEntry {
  _id: string;
  livechat_id: string;
  created_at: string;
  score: number;
  comment: string;
  follower: { _id: string; name: string; channel_type: string };
  agent: { _id: string; name: string } | null;
}

export interface SatisfactionReport extends ReportEnvelope {
  by_day: SatisfactionDay[];
  total: Omit<SatisfactionDay, 'date'>;
  /** The latest ratings of the period (at most 200), newest first. */
  ratings: RatingEntry[];
}

export interface QueueDay {
  date: string;
  counts: Record<string, number>;
  total: number;
}

export interface QueuePerformanceReport extends ReportEnvelope {
  queues: { _id: string; name: string }[];
  channel_types: ChannelType[];
  by_queue: QueueDay[];
  by_channel: QueueDay[];
}

/** Which chats a chat-log list holds, beyond its category and period. */
export interface ChatLogFilter {
  date?: string;
  hour?: number;
  agent_id?: string;
  queue_id?: string;
  channel_type?: string;
}

export interface ChatLogEntry {
  livechat_id: string;
  follower: { _id: string; name: string; channel_type: string };
  agent: { _id: string; name: string } | null;
  queue: { _id: string; name: string } | null;
  started_at: string;
  first_response_at: string | null;
  closed_at: string | null;
  status: 'open' | 'done' | 'missed' | 'expired';
}

export interface ChatLogPage extends ReportEnvelope {
  category: ChatLogCategory;
  /** Chats of queues the reader may see (spec 6), newest first. */
  list: ChatLogEntry[];
  total_count: number;
  /** Chats that match but sit in queues the reader may not see: counted, not listed. */
  hidden_count: number;
}

export const REPORT_NAMES = [
  'contact-growth',
  'agent-performance',
  'chat-volume',
  'satisfaction',
  'queue-performance',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
