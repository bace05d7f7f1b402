// What the report endpoints answer (docs/api.md, "Dashboard and reports"). Counts are integers,
// durations seconds, rates percentages (0–100), days YYYY-MM-DD in the account's time zone.
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
  value: number;
  /** The same figure over the previous period; null when there is none (alltime). */
  previous: number | null;
  /** value − previous. */
  change: number | null;
  /** (value − previous) / previous × 100; null when previous is 0 or missing. */
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

/** A chat-volume or agent row: the spec's report row plus the total of incoming and outgoing. */
export type ChatCountRow = ReportRow & { count_total: number };

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
  average: number;
  rate: number;
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
  list: ChatLogEntry[];
  total_count: number;
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
