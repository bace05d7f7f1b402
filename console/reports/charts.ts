// What each report draws: series taken from the report's data, labelled in the current language.
import { formatDate } from '../../core/format/dates';
import type { ReportData } from '../../core/reports/tables';
import type { ChatCountRow, ReportName } from '../../core/reports/wire';
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

function categorySeries(rows: ChatCountRow[]): ChartSeries[] {
  return CATEGORY_KEYS.map((k) => ({ label: t(`reports.columns.${k}`), values: rows.map((r) => r[k]) }));
}

export function chartsOf<N extends ReportName>(name: N, data: ReportData[N]): ChartSpec[] {
  switch (name) {
    case 'contact-growth': {
      const d = data as ReportData['contact-growth'];
      return [
        {
          id: 'contact-growth',
          title: t('reports.charts.contactGrowth'),
          xLabel: t('reports.columns.date'),
          labels: d.days.map((x) => dayLabel(x.date)),
          series: [
            { label: t('reports.columns.new_friends'), values: d.days.map((x) => x.new_friends), bars: true },
            {
              label: t('reports.columns.total_friends'),
              values: d.days.map((x) => x.total_friends),
              right: true,
            },
          ],
        },
      ];
    }
    case 'agent-performance': {
      const d = data as ReportData['agent-performance'];
      return [
        {
          id: 'agent-performance',
          title: t('reports.charts.agentPerformance'),
          xLabel: t('reports.columns.name'),
          labels: d.rows.map((r) => r.name),
          series: [
            { label: t('reports.columns.count_total'), values: d.rows.map((r) => r.count_total), bars: true },
          ],
        },
      ];
    }
    case 'chat-volume': {
      const d = data as ReportData['chat-volume'];
      return [
        {
          id: 'chat-volume-day',
          title: t('reports.charts.chatVolume'),
          xLabel: t('reports.columns.date'),
          labels: d.by_day.map((r) => dayLabel(r.date)),
          series: categorySeries(d.by_day),
        },
        {
          id: 'chat-volume-hour',
          title: t('reports.charts.chatVolumeHour'),
          xLabel: t('reports.columns.time'),
          labels: d.by_hour.map((r) => r.time ?? ''),
          series: [
            {
              label: t('reports.columns.count_total'),
              values: d.by_hour.map((r) => r.count_total),
              bars: true,
            },
          ],
        },
      ];
    }
    case 'satisfaction': {
      const d = data as ReportData['satisfaction'];
      return [
        {
          id: 'satisfaction',
          title: t('reports.charts.satisfaction'),
          xLabel: t('reports.columns.date'),
          labels: d.by_day.map((x) => dayLabel(x.date)),
          series: [
            { label: t('reports.columns.ratings'), values: d.by_day.map((x) => x.ratings), bars: true },
            {
              label: t('reports.columns.rate'),
              values: d.by_day.map((x) => x.rate),
              right: true,
              percent: true,
            },
          ],
        },
      ];
    }
    default: {
      const d = data as ReportData['queue-performance'];
      return [
        {
          id: 'queue-performance',
          title: t('reports.charts.queuePerformance'),
          xLabel: t('reports.columns.date'),
          labels: d.by_queue.map((x) => dayLabel(x.date)),
          series: d.queues.map((q) => ({
            label: q.name,
            values: d.by_queue.map((x) => x.counts[q._id] ?? 0),
          })),
        },
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
      return d.total.count_total > 0 || d.total.away_duration > 0 || d.total.chat_utilization > 0;
    }
    case 'chat-volume':
      return (data as ReportData['chat-volume']).total.count_total > 0;
    case 'satisfaction':
      return (data as ReportData['satisfaction']).total.ratings > 0;
    default:
      return (data as ReportData['queue-performance']).by_queue.some((x) => x.total > 0);
  }
}
