// Every report table as columns and rows: the console renders these and the server exports the
// same ones to Excel and CSV, so a table on screen and its file always agree.
import { formatDate, formatDateTime, formatDuration } from '../format/dates';
import { formatNumber } from '../format/numbers';
import { CHANNEL_TYPES } from '../models/chat';
import type { ChatLogCategory } from '../models/report';
import type {
  AgentPerformanceReport,
  ChatCountRow,
  ChatLogFilter,
  ChatVolumeReport,
  ContactGrowthReport,
  QueueDay,
  QueuePerformanceReport,
  ReportName,
  SatisfactionReport,
} from './wire';

export type CellKind = 'date' | 'hour' | 'datetime' | 'text' | 'count' | 'percent' | 'duration' | 'score';
export type Cell = string | number | null;

export interface ReportColumn {
  key: string;
  /** Locale key of the heading. */
  label: string;
  /** A heading that is data (a queue's name): shown as it is instead of `label`. */
  title?: string;
  kind: CellKind;
  /** Clicking a count opens this chat log. */
  log?: ChatLogCategory;
  /** What the column adds to the row's chat-log filter (a queue, a channel). */
  filter?: ChatLogFilter;
}

export interface ReportTableRow {
  key: string;
  cells: Record<string, Cell>;
  /** The chats behind the row's counts. */
  filter?: ChatLogFilter;
  /** Follows the chat-log title (spec 9): the day, the hour or the agent. */
  name?: string;
}

export interface ReportTable {
  id: string;
  /** Locale key of the table's caption. */
  title: string;
  columns: ReportColumn[];
  rows: ReportTableRow[];
  total: Record<string, Cell> | null;
}

const col = (key: string, kind: CellKind, log?: ChatLogCategory): ReportColumn => ({
  key,
  label: `reports.columns.${key}`,
  kind,
  ...(log ? { log } : {}),
});

export const CHAT_COUNT_COLUMNS: ReportColumn[] = [
  col('count_bot', 'count', 'bot'),
  col('count_incoming', 'count', 'incoming'),
  col('count_outgoing', 'count', 'outgoing'),
  col('count_missed', 'count', 'missed'),
  col('count_expired', 'count', 'expired'),
  col('count_total', 'count', 'all'),
];

const countCells = (r: ChatCountRow) => ({
  count_bot: r.count_bot,
  count_incoming: r.count_incoming,
  count_outgoing: r.count_outgoing,
  count_missed: r.count_missed,
  count_expired: r.count_expired,
  count_total: r.count_total,
});

export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function contactGrowthTables(report: ContactGrowthReport): ReportTable[] {
  const channelTypes = CHANNEL_TYPES;
  const channelCols = channelTypes.map((c) => ({
    key: `channel_${c}`,
    label: `reports.channels.${c}`,
    kind: 'count' as const,
  }));
  const sum = (pick: (d: ContactGrowthReport['days'][number]) => number) =>
    report.days.reduce((n, d) => n + pick(d), 0);
  const last = report.days.at(-1);
  return [
    {
      id: 'contact-growth',
      title: 'reports.tables.contactGrowth',
      columns: [
        col('date', 'date'),
        col('new_friends', 'count'),
        col('total_friends', 'count'),
        col('new_verified', 'count'),
        col('total_verified', 'count'),
        ...channelCols,
      ],
      rows: report.days.map((d) => ({
        key: d.date,
        name: formatDate(d.date),
        cells: {
          date: d.date,
          new_friends: d.new_friends,
          total_friends: d.total_friends,
          new_verified: d.new_verified,
          total_verified: d.total_verified,
          ...Object.fromEntries(channelTypes.map((c) => [`channel_${c}`, d.by_channel[c] ?? 0])),
        },
      })),
      total: {
        date: null,
        new_friends: sum((d) => d.new_friends),
        total_friends: last?.total_friends ?? 0,
        new_verified: sum((d) => d.new_verified),
        total_verified: last?.total_verified ?? 0,
        ...Object.fromEntries(channelTypes.map((c) => [`channel_${c}`, sum((d) => d.by_channel[c] ?? 0)])),
      },
    },
  ];
}

export function agentPerformanceTables(report: AgentPerformanceReport): ReportTable[] {
  const timeCells = (r: ChatCountRow) => ({
    chat_utilization: r.chat_utilization,
    away_duration: r.away_duration,
    avg_first_resp_time: r.avg_first_resp_time,
    avg_chat_duration: r.avg_chat_duration,
  });
  return [
    {
      id: 'agent-performance',
      title: 'reports.tables.agentPerformance',
      columns: [
        col('name', 'text'),
        ...CHAT_COUNT_COLUMNS,
        col('chat_utilization', 'percent'),
        col('away_duration', 'duration'),
        col('avg_first_resp_time', 'duration'),
        col('avg_chat_duration', 'duration'),
      ],
      rows: report.rows.map((r) => ({
        key: r.user_id,
        name: r.name,
        filter: { agent_id: r.user_id },
        cells: { name: r.name, ...countCells(r), ...timeCells(r) },
      })),
      total: { name: null, ...countCells(report.total), ...timeCells(report.total) },
    },
  ];
}

export function chatVolumeTables(report: ChatVolumeReport): ReportTable[] {
  return [
    {
      id: 'chat-volume-day',
      title: 'reports.tables.perDay',
      columns: [col('date', 'date'), ...CHAT_COUNT_COLUMNS],
      rows: report.by_day.map((r) => ({
        key: r.date ?? '',
        name: formatDate(r.date),
        filter: { date: r.date },
        cells: { date: r.date ?? '', ...countCells(r) },
      })),
      total: { date: null, ...countCells(report.total) },
    },
    {
      id: 'chat-volume-hour',
      title: 'reports.tables.perHour',
      columns: [col('time', 'hour'), ...CHAT_COUNT_COLUMNS],
      rows: report.by_hour.map((r, hour) => ({
        key: r.time ?? String(hour),
        name: r.time,
        filter: { hour },
        cells: { time: r.time ?? '', ...countCells(r) },
      })),
      total: { time: null, ...countCells(report.total) },
    },
  ];
}

export function satisfactionTables(report: SatisfactionReport): ReportTable[] {
  const scoreCols = [5, 4, 3, 2, 1].map((s) => ({
    key: `score_${s}`,
    label: `reports.columns.score_${s}`,
    kind: 'count' as const,
  }));
  const scoreCells = (scores: number[]) =>
    Object.fromEntries([5, 4, 3, 2, 1].map((s) => [`score_${s}`, scores[s - 1]]));
  return [
    {
      id: 'satisfaction-day',
      title: 'reports.tables.perDay',
      columns: [
        col('date', 'date'),
        col('ratings', 'count'),
        col('average', 'score'),
        col('rate', 'percent'),
        ...scoreCols,
      ],
      rows: report.by_day.map((d) => ({
        key: d.date,
        name: formatDate(d.date),
        cells: {
          date: d.date,
          ratings: d.ratings,
          // No ratings, no average and no rate (null on the wire; not 0 and 0%).
          average: d.ratings > 0 ? d.average : null,
          rate: d.ratings > 0 ? d.rate : null,
          ...scoreCells(d.scores),
        },
      })),
      total: {
        date: null,
        ratings: report.total.ratings,
        average: report.total.ratings > 0 ? report.total.average : null,
        rate: report.total.ratings > 0 ? report.total.rate : null,
        ...scoreCells(report.total.scores),
      },
    },
    {
      id: 'satisfaction-ratings',
      title: 'reports.tables.ratings',
      columns: [
        col('rated_at', 'datetime'),
        col('contact', 'text'),
        col('agent', 'text'),
        col('score', 'count'),
        col('comment', 'text'),
      ],
      rows: report.ratings.map((r) => ({
        key: r._id,
        cells: {
          rated_at: r.created_at,
          contact: r.follower.name,
          agent: r.agent?.name ?? '',
          score: r.score,
          comment: r.comment,
        },
      })),
      total: null,
    },
  ];
}

function queueTable(
  id: string,
  title: string,
  days: QueueDay[],
  groups: { key: string; title?: string; label?: string; filter: ChatLogFilter }[],
): ReportTable {
  return {
    id,
    title,
    columns: [
      col('date', 'date'),
      ...groups.map((g) => ({
        key: `g_${g.key}`,
        label: g.label ?? 'reports.columns.queue',
        ...(g.title !== undefined ? { title: g.title } : {}),
        kind: 'count' as const,
        log: 'incoming' as const,
        filter: g.filter,
      })),
      col('count_incoming', 'count', 'incoming'),
    ],
    rows: days.map((d) => ({
      key: d.date,
      name: formatDate(d.date),
      filter: { date: d.date },
      cells: {
        date: d.date,
        ...Object.fromEntries(groups.map((g) => [`g_${g.key}`, d.counts[g.key] ?? 0])),
        count_incoming: d.total,
      },
    })),
    total: {
      date: null,
      ...Object.fromEntries(
        groups.map((g) => [`g_${g.key}`, days.reduce((n, d) => n + (d.counts[g.key] ?? 0), 0)]),
      ),
      count_incoming: days.reduce((n, d) => n + d.total, 0),
    },
  };
}

export function queuePerformanceTables(report: QueuePerformanceReport): ReportTable[] {
  return [
    queueTable(
      'queue-performance-queue',
      'reports.tables.byQueue',
      report.by_queue,
      report.queues.map((q) => ({ key: q._id, title: q.name, filter: { queue_id: q._id } })),
    ),
    queueTable(
      'queue-performance-channel',
      'reports.tables.byChannel',
      report.by_channel,
      report.channel_types.map((c) => ({
        key: c,
        label: `reports.channels.${c}`,
        filter: { channel_type: c },
      })),
    ),
  ];
}

export type ReportData = {
  'contact-growth': ContactGrowthReport;
  'agent-performance': AgentPerformanceReport;
  'chat-volume': ChatVolumeReport;
  satisfaction: SatisfactionReport;
  'queue-performance': QueuePerformanceReport;
};

export function reportTables<N extends ReportName>(name: N, data: ReportData[N]): ReportTable[] {
  switch (name) {
    case 'contact-growth':
      return contactGrowthTables(data as ContactGrowthReport);
    case 'agent-performance':
      return agentPerformanceTables(data as AgentPerformanceReport);
    case 'chat-volume':
      return chatVolumeTables(data as ChatVolumeReport);
    case 'satisfaction':
      return satisfactionTables(data as SatisfactionReport);
    default:
      return queuePerformanceTables(data as QueuePerformanceReport);
  }
}

/** What a figure with nothing to measure (a rate without ratings, say) shows on screen. */
export const NO_DATA = '—';

/** Kinds of cell whose null means "nothing to measure" rather than "nothing to show". */
export const isMeasured = (kind: CellKind) => kind === 'percent' || kind === 'score' || kind === 'duration';

/**
 * A cell as the table shows it (spec 9: thousands commas, HH:MM:SS, DD/MM/YYYY); a measured figure
 * with no data is "—" (files leave it empty, server/reports/export.ts), anything else empty.
 */
export function formatCell(kind: CellKind, value: Cell): string {
  if (value === null || value === undefined) return isMeasured(kind) ? NO_DATA : '';
  switch (kind) {
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDateTime(value);
    case 'count':
      return formatNumber(value, 0);
    case 'score':
      return formatNumber(value, 2);
    case 'percent':
      return `${formatNumber(value, 2)}%`;
    case 'duration':
      return formatDuration(value);
    default:
      return String(value);
  }
}
