// Queue performance's second chart (spec 2): incoming chats per day by channel, drawn from the
// same figures as the "by channel" table (core/reports/tables.ts), a line per channel type.
import { formatDate } from '../../core/format/dates';
import type { QueuePerformanceReport } from '../../core/reports/wire';
import { t } from '../app/i18n';
import type { ChartSpec } from './charts';

export function queueChannelChart(d: QueuePerformanceReport): ChartSpec {
  return {
    id: 'queue-performance-channel',
    title: t('reports.charts.queuePerformanceChannel'),
    xLabel: t('reports.columns.date'),
    labels: d.by_channel.map((x) => formatDate(x.date).slice(0, 5)),
    series: d.channel_types.map((c) => ({
      label: t(`reports.channels.${c}`),
      values: d.by_channel.map((x) => x.counts[c] ?? 0),
    })),
  };
}
