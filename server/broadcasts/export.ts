// Broadcasts as Excel or CSV files (server/reports/export.ts writes them): the list of a tab, and
// one broadcast's report — a summary, a table per message with its type's columns, and the
// people it failed to reach with the reason.
import { and, eq } from 'drizzle-orm';
import { type BroadcastReport, broadcastReportTables } from '../../core/broadcast/report';
import { createI18n, isLocale } from '../../core/i18n/index';
import type { ReportColumn, ReportTable } from '../../core/reports/tables';
import { translateMessage } from '../../core/text/messageKeys';
import en from '../../locales/en.json';
import th from '../../locales/th.json';
import { followers } from '../chat/schema';
import type { Db } from '../db/client';
import { translator } from '../reports/export';
import { broadcastRecipients } from './schema';
import type { BroadcastRow } from './send';

const col = (key: string, kind: ReportColumn['kind']): ReportColumn => ({
  key,
  label: `broadcast.export.columns.${key}`,
  kind,
});

export const FAILED_ROWS_MAX = 50_000;

const i18n = createI18n({ en, th });

/** Why someone was not reached, in `lang` (as the console shows it); an unknown text as stored. */
export function reasonIn(lang: unknown): (reason: string | null) => string {
  const locale = isLocale(lang) ? lang : 'en';
  const t = (key: string, params?: Record<string, string>) => {
    i18n.setLocale(locale);
    return i18n.t(key, params);
  };
  return (reason) => (reason ? (translateMessage(reason, t) ?? reason) : '');
}

export function listTable(
  rows: BroadcastRow[],
  names: ReadonlyMap<string, string>,
  lang: unknown,
): ReportTable {
  const t = translator(lang);
  return {
    id: 'broadcasts',
    title: t('broadcast.export.listTitle'),
    columns: [
      col('name', 'text'),
      col('status', 'text'),
      col('broadcast_time', 'datetime'),
      col('recipients', 'text'),
      col('total', 'count'),
      col('sent', 'count'),
      col('failed', 'count'),
      col('created_by', 'text'),
      col('updated_at', 'datetime'),
    ],
    rows: rows.map((r) => ({
      key: r.id,
      cells: {
        name: r.name,
        status: t(`broadcast.status.${r.status}`),
        broadcast_time: r.broadcastTime?.toISOString() ?? null,
        recipients: t(`broadcast.recipients.${r.recipients}`),
        total: r.totalCount || r.targetEstimate || 0,
        sent: r.sentCount,
        failed: r.failedCount,
        created_by: (r.createdBy && names.get(r.createdBy)) || '-',
        updated_at: r.updatedAt.toISOString(),
      },
    })),
    total: null,
  };
}

export async function reportFileTables(
  db: Db,
  row: BroadcastRow,
  report: BroadcastReport,
  lang: unknown,
): Promise<ReportTable[]> {
  const t = translator(lang);
  const summary: ReportTable = {
    id: 'summary',
    title: t('broadcast.export.summaryTitle'),
    columns: [
      col('name', 'text'),
      col('status', 'text'),
      col('broadcast_time', 'datetime'),
      col('total', 'count'),
      col('sent', 'count'),
      col('failed', 'count'),
      col('click', 'count'),
      col('user_click', 'count'),
      col('view', 'count'),
    ],
    rows: [
      {
        key: row.id,
        cells: {
          name: row.name,
          status: t(`broadcast.status.${row.status}`),
          broadcast_time: row.broadcastTime?.toISOString() ?? null,
          total: report.total,
          sent: report.delivered,
          failed: report.failed,
          click: report.totals.click,
          user_click: report.totals.users,
          view: report.totals.view,
        },
      },
    ],
    total: null,
  };
  const reason = reasonIn(lang);
  const messages = broadcastReportTables(report, (m) => `${m.index + 1}. ${t(`broadcast.types.${m.type}`)}`);
  const failedRows = await db
    .select({
      name: followers.lineName,
      channel: broadcastRecipients.channelType,
      error: broadcastRecipients.error,
    })
    .from(broadcastRecipients)
    .leftJoin(followers, eq(followers.id, broadcastRecipients.followerId))
    .where(and(eq(broadcastRecipients.broadcastId, row.id), eq(broadcastRecipients.status, 'failed')))
    .limit(FAILED_ROWS_MAX);
  const failed: ReportTable = {
    id: 'failed',
    title: t('broadcast.export.failedTitle'),
    columns: [col('contact', 'text'), col('channel', 'text'), col('error', 'text')],
    rows: failedRows.map((r, i) => ({
      key: String(i),
      cells: {
        contact: r.name || '-',
        channel: t(`broadcast.channels.${r.channel}`),
        error: reason(r.error),
      },
    })),
    total: null,
  };
  return [summary, ...messages, ...(failedRows.length > 0 ? [failed] : [])];
}
