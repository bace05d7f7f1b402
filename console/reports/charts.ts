// What each report draws: series taken from the report's data, labelled in the current language.
import { formatDate } from '../../core/format/dates';
import type { ReportData } from '../../core/reports/tables';
import type { ReportName } from '../../core/reports/wire';
import { t } from '../app/i18n';
import type { ChartSeries } from './Chart';

export interface ChartSpec {
  id: string;
  title: string;
  xLabel: string;
  labels: string[];
  series: ChartSeries[];
}

const dayLabel = (date: string | undefined) => formatDate(date).slice(0, 5);

const CATEGORY_KEYS = [
  'count_incoming',
  'count_outgoing',
  'count_bot',
  'count_missed',
  'count_expired',
] as const;

type SeriesLook = Pick<ChartSeries, 'right' | 'percent' | 'bars'>;

/** The series of one report column, named as the table names it. */
function column<K extends string>(
  rows: readonly Record<K, number | null>[],
  key: K,
  look?: SeriesLook,
): ChartSeries {
  return { label: t(`reports.columns.${key}`), values: rows.map((r) => r[key]), ...look };
}

function chart(
  id: string,
  title: string,
  xColumn: string,
  labels: string[],
  series: ChartSeries[],
): ChartSpec {
  return {
    id,
    title: t(`reports.charts.${title}`),
    xLabel: t(`reports.columns.${xColumn}`),
    labels,
    series,
  };
}

/** A chart with a point per day, labelled "dd/mm". */
function dailyChart(id: string, title: string, days: { date?: string }[], series: ChartSeries[]): ChartSpec {
  return chart(
    id,
    title,
    'date',
    days.map((x) => dayLabel(x.date)),
    series,
  );
}

export function chartsOf<N extends ReportName>(name: N, data: ReportData[N]): ChartSpec[] {
  switch (name) {
    case 'contact-growth': {
      const { days } = data as ReportData['contact-growth'];
      return [
        dailyChart('contact-growth', 'contactGrowth', days, [
          column(days, 'new_friends', { bars: true }),
          column(days, 'total_friends', { right: true }),
        ]),
      ];
    }
    case 'agent-performance': {
      const { rows } = data as ReportData['agent-performance'];
      return [
        chart(
          'agent-performance',
          'agentPerformance',
          'name',
          rows.map((r) => r.name),
          [column(rows, 'count_total', { bars: true })],
        ),
      ];
    }
    case 'chat-volume': {
      const d = data as ReportData['chat-volume'];
      return [
        dailyChart(
          'chat-volume-day',
          'chatVolume',
          d.by_day,
          CATEGORY_KEYS.map((k) => column(d.by_day, k)),
        ),
        chart(
          'chat-volume-hour',
          'chatVolumeHour',
          'time',
          d.by_hour.map((r) => r.time ?? ''),
          [column(d.by_hour, 'count_total', { bars: true })],
        ),
      ];
    }
    case 'satisfaction': {
      const d = data as ReportData['satisfaction'];
      return [
        dailyChart('satisfaction', 'satisfaction', d.by_day, [
          column(d.by_day, 'ratings', { bars: true }),
          // A day without ratings has no rate (null): the line passes it by rather than drop to 0%.
          column(d.by_day, 'rate', { right: true, percent: true }),
        ]),
      ];
    }
    default: {
      const d = data as ReportData['queue-performance'];
      return [
        dailyChart(
          'queue-performance',
          'queuePerformance',
          d.by_queue,
          d.queues.map((q) => ({ label: q.name, values: d.by_queue.map((x) => x.counts[q._id] ?? 0) })),
        ),
        // Spec 2 lists both: incoming chats per day by queue and by channel.
        dailyChart(
          'queue-performance-channel',
          'queuePerformanceChannel',
          d.by_channel,
          d.channel_types.map((c) => ({
            label: t(`reports.channels.${c}`),
            values: d.by_channel.map((x) => x.counts[c] ?? 0),
          })),
        ),
      ];
    }
  }
}

/** Whether a report has anything to show; otherwise the page says what creates data. */
export function hasData<N extends ReportName>(name: N, data: ReportData[N]): boolean {
  switch (name) {
    case 'contact-growth': {
      const d = data as ReportData['contact-growth'];
      return d.days.some((x) => x.new_friends > 0 || x.total_friends > 0 || x.total_verified > 0);
    }
    case 'agent-performance': {
      const d = data as ReportData['agent-performance'];
      return d.total.count_total > 0 || d.total.away_duration > 0 || (d.total.chat_utilization ?? 0) > 0;
    }
    case 'chat-volume':
      return (data as ReportData['chat-volume']).total.count_total > 0;
    case 'satisfaction':
      return (data as ReportData['satisfaction']).total.ratings > 0;
    default:
      return (data as ReportData['queue-performance']).by_queue.some((x) => x.total > 0);
  }
}
