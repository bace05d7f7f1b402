// One report page: title and exports, the report tabs, the period, the spec 8 note, then a chart
// per view and the tables — or, with nothing in the period, what creates data.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useMemo, useState } from 'react';
import { reportTables } from '../../core/reports/tables';
import type { ReportName } from '../../core/reports/wire';
import { locale, t } from '../app/i18n';
import { PageHeader } from '../pages/PageHeader';
import { Chart } from './Chart';
import { ChatLogModal } from './ChatLogModal';
import { loadReport } from './calls';
import { chartsOf, hasData } from './charts';
import { ExportButtons } from './ExportButtons';
import { PeriodPicker } from './PeriodPicker';
import { type LogRequest, ReportTableView } from './ReportTableView';
import { ReportTabs } from './ReportTabs';
import { periodQuery, reportPeriod } from './state';
import './reports.css';
import { useLoaded } from '../ui/useLoaded';

export function ReportView<N extends ReportName>({ name, title }: { name: N; title: string }) {
  useSignals();
  const choice = reportPeriod.value;
  const [sort, setSort] = useState<'name' | '-name'>('name');
  // biome-ignore lint/correctness/useExhaustiveDependencies: choice is the signal's value, it changes.
  const query = useMemo(
    () => ({ ...periodQuery(choice), ...(name === 'agent-performance' ? { sort } : {}) }),
    [choice, name, sort],
  );
  const [log, setLog] = useState<LogRequest | null>(null);

  const { data, loading, failed, retry } = useLoaded(() => loadReport(name, query), [name, query]);

  const closeLog = useCallback(() => setLog(null), []);
  const tables = data ? reportTables(name, data) : [];
  const lang = locale.value;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language.
  const charts = useMemo(() => (data ? chartsOf(name, data) : []), [name, data, lang]);
  // The chat log covers the days the report shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: choice is the signal's value, it changes.
  const logPeriod = useMemo(
    () =>
      data ? { start_date: data.period.start_date, end_date: data.period.end_date } : periodQuery(choice),
    [data, choice],
  );

  return (
    <div className="report-page" data-report={name} aria-busy={loading}>
      <PageHeader title={title}>
        <ExportButtons name={name} query={query} />
      </PageHeader>
      <ReportTabs />
      <div className="report-toolbar">
        <PeriodPicker
          value={choice}
          onChange={(next) => (reportPeriod.value = next)}
          resolved={data?.period ?? null}
        />
        <p className="report-note">
          {t('reports.note')}
          {data ? <span className="muted"> · {t('reports.zone', { zone: data.timezone })}</span> : null}
        </p>
      </div>
      {failed ? (
        <div className="form-error" role="alert">
          {t('reports.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={retry}>
            {t('reports.retry')}
          </button>
        </div>
      ) : !data ? (
        <p className="page-loading" role="status">
          {t('reports.loading')}
        </p>
      ) : !hasData(name, data) ? (
        <section className="empty-state" data-testid="report-empty">
          <p>{t(`reports.empty.${name}`)}</p>
        </section>
      ) : (
        <>
          <div className="report-charts">
            {charts.map((c) => (
              <Chart key={c.id} title={c.title} xLabel={c.xLabel} labels={c.labels} series={c.series} />
            ))}
          </div>
          {tables.map((table) => (
            <ReportTableView
              key={table.id}
              table={table}
              onOpenLog={setLog}
              emptyText={t('reports.empty.ratings')}
              {...(name === 'agent-performance' ? { sort, onSort: setSort } : {})}
            />
          ))}
        </>
      )}
      {log ? <ChatLogModal request={log} period={logPeriod} onClose={closeLog} /> : null}
    </div>
  );
}
