// /broadcast/:id/report: how a broadcast did — reached, failed, clicks and the people who
// clicked, video views — with clicks and views over time, and per message the columns of its
// type (spec 3 "Broadcast report columns by type"); exports the same tables.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { BroadcastProgress } from '../../core/broadcast/events';
import { type BroadcastReport, broadcastReportTables, rate } from '../../core/broadcast/report';
import { formatDate, formatDateTime } from '../../core/format/dates';
import { formatNumber } from '../../core/format/numbers';
import { localizePath } from '../../core/routes';
import { locale, t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { Chart } from '../reports/Chart';
import { ReportTableView } from '../reports/ReportTableView';
import { notify, Toasts } from '../templates/Toasts';
import { broadcastReport, downloadFile, useBroadcastProgress } from './api';
import { LoadFailure, type LoadFailureKind, loadFailureOf } from './LoadFailure';
import { StatusBadge } from './StatusBadge';
import '../templates/templates.css';
import '../reports/reports.css';
import './broadcast.css';

function Tile({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: string;
  testId?: string;
}) {
  return (
    <div className="bc-tile" data-testid={testId}>
      <span className="bc-tile-label">{label}</span>
      <strong className="bc-tile-value">{value}</strong>
      {note ? <span className="bc-muted">{note}</span> : null}
    </div>
  );
}

export default function BroadcastReportPage({ params }: PageProps) {
  useSignals();
  const id = params.id ?? '';
  const path = (p: string) => localizePath(p, locale.value);
  const [report, setReport] = useState<BroadcastReport | null>(null);
  const [failed, setFailed] = useState<LoadFailureKind | null>(null);
  const [reload, setReload] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` asks again
  useEffect(() => {
    let live = true;
    broadcastReport(id)
      .then((r) => {
        if (!live) return;
        setReport(r);
        setFailed(null);
      })
      .catch((err) => live && setFailed(loadFailureOf(err)));
    return () => {
      live = false;
    };
  }, [id, reload]);

  const onProgress = useCallback(
    (p: BroadcastProgress) => {
      if (p._id === id) setReload((n) => n + 1);
    },
    [id],
  );
  useBroadcastProgress(onProgress);

  // biome-ignore lint/correctness/useExhaustiveDependencies: titles follow the language
  const tables = useMemo(
    () =>
      report
        ? broadcastReportTables(report, (m) => `${m.index + 1}. ${t(`automation.types.${m.type}`)}`)
        : [],
    [report, locale.value],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const chart = useMemo(() => {
    if (!report) return null;
    const { unit, buckets, clicks, views } = report.timeline;
    return {
      labels: buckets.map((b) => (unit === 'hour' ? formatDateTime(b) : formatDate(b))),
      series: [
        { label: t('broadcast.report.clicks'), values: clicks },
        ...(report.messages.some((m) => m.video)
          ? [{ label: t('broadcast.report.views'), values: views }]
          : []),
      ],
    };
  }, [report, locale.value]);

  const exportReport = (format: 'xlsx' | 'csv') =>
    downloadFile(`/api/broadcast/${id}/export`, { format, lang: locale.value }).catch(() =>
      notify('error', t('broadcast.notify.fail'), t('broadcast.export.failed')),
    );

  const title = report
    ? t('broadcast.report.titleOf', { name: report.broadcast.name })
    : t('broadcast.titles.report');
  return (
    <>
      <PageHeader title={title}>
        <span className="bc-head-actions">
          <Link href={path(`/broadcast/${id}`)} className="tpl-button">
            {t('broadcast.back')}
          </Link>
          <button type="button" className="tpl-button" onClick={() => setReload((n) => n + 1)}>
            {t('broadcast.report.refresh')}
          </button>
          <button type="button" className="tpl-button" onClick={() => exportReport('xlsx')}>
            {t('broadcast.export.excel')}
          </button>
          <button type="button" className="tpl-button" onClick={() => exportReport('csv')}>
            {t('broadcast.export.csv')}
          </button>
        </span>
      </PageHeader>
      <section className="bc-page bc-report" data-testid="broadcast-report">
        {failed ? <LoadFailure kind={failed} /> : null}
        {!report && !failed ? <p className="bc-hint">{t('broadcast.loading')}</p> : null}
        {report ? (
          <>
            <p className="bc-report-meta">
              <StatusBadge status={report.broadcast.status as never} />{' '}
              {report.broadcast.started_at
                ? t('broadcast.report.sentAt', { time: formatDateTime(report.broadcast.started_at) })
                : t('broadcast.report.notSent')}
            </p>
            <div className="bc-tiles">
              <Tile
                label={t('broadcast.report.delivered')}
                value={formatNumber(report.delivered, 0)}
                note={t('broadcast.report.ofTotal', { n: formatNumber(report.total, 0) })}
                testId="tile-delivered"
              />
              <Tile label={t('broadcast.report.failed')} value={formatNumber(report.failed, 0)} />
              <Tile
                label={t('broadcast.report.clicks')}
                value={formatNumber(report.totals.click, 0)}
                testId="tile-clicks"
              />
              <Tile
                label={t('broadcast.report.people')}
                value={formatNumber(report.totals.users, 0)}
                note={`${formatNumber(rate(report.totals.users, report.delivered), 2)}%`}
                testId="tile-people"
              />
              <Tile
                label={t('broadcast.report.views')}
                value={formatNumber(report.totals.view, 0)}
                note={t('broadcast.report.viewers', { n: formatNumber(report.totals.view_users, 0) })}
              />
            </div>
            {chart ? (
              <div className="report-charts">
                <Chart
                  title={t(
                    report.messages.some((m) => m.video)
                      ? 'broadcast.report.overTime'
                      : 'broadcast.report.clicksOverTime',
                  )}
                  xLabel={t(
                    report.timeline.unit === 'hour' ? 'broadcast.report.hour' : 'broadcast.report.day',
                  )}
                  labels={chart.labels}
                  series={chart.series}
                />
              </div>
            ) : null}
            {tables.map((table) => (
              <div key={table.id} className="bc-card bc-report-table" data-testid="message-report">
                <ReportTableView table={table} emptyText={t('broadcast.report.noLinks')} />
              </div>
            ))}
            <p className="bc-hint">{t('broadcast.report.note')}</p>
          </>
        ) : null}
      </section>
      <Toasts />
    </>
  );
}
