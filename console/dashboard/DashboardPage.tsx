// /dashboard (spec 2): six tiles over the chosen period, each with its change against the
// previous period of equal length.
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { formatDate } from '../../core/format/dates';
import { TILE_KEYS } from '../../core/reports/wire';
import { localizePath } from '../../core/routes';
import { locale, t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { loadTiles } from '../reports/calls';
import { PeriodPicker } from '../reports/PeriodPicker';
import { dashboardPeriod, periodQuery } from '../reports/state';
import '../reports/reports.css';
import './dashboard.css';
import { useLoaded } from '../ui/useLoaded';
import { changeText, valueText } from './tileText';

export default function DashboardPage({ titleKey }: PageProps) {
  useSignals();
  const choice = dashboardPeriod.value;

  const { data, failed, retry } = useLoaded(() => loadTiles(periodQuery(choice)), [choice]);

  const empty = data && TILE_KEYS.every((k) => !data.tiles[k].value);
  const previous = data?.period.previous;
  return (
    <div className="dashboard-page">
      <PageHeader title={t(titleKey)}>
        <Link className="small-button" href={localizePath('/report/contact-growth', locale.value)}>
          {t('dashboard.reportsLink')}
        </Link>
      </PageHeader>
      <div className="report-toolbar">
        <PeriodPicker
          value={choice}
          onChange={(next) => (dashboardPeriod.value = next)}
          resolved={data?.period ?? null}
        />
        <p className="report-note muted">
          {previous
            ? t('dashboard.previousPeriod', {
                start: formatDate(previous.start_date),
                end: formatDate(previous.end_date),
              })
            : data
              ? t('dashboard.noPrevious')
              : ''}
        </p>
      </div>
      {failed ? (
        <div className="form-error" role="alert">
          {t('dashboard.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={retry}>
            {t('dashboard.retry')}
          </button>
        </div>
      ) : null}
      <ul className="tiles" aria-busy={!data}>
        {TILE_KEYS.map((key) => {
          const tile = data?.tiles[key];
          const change = tile ? changeText(key, tile, Boolean(previous)) : null;
          const noData = tile?.value === null;
          return (
            <li key={key} className="tile" data-tile={key} data-no-data={noData || undefined}>
              <h2>{t(`dashboard.tiles.${key}`)}</h2>
              <p className={`tile-value${noData ? ' no-data' : ''}`}>
                {tile ? (
                  noData ? (
                    <>
                      <span aria-hidden="true">{valueText(key, null)}</span>
                      <span className="sr-only">{t('reports.noData')}</span>
                    </>
                  ) : (
                    valueText(key, tile.value)
                  )
                ) : (
                  '…'
                )}
              </p>
              <p
                className={`tile-change ${change && change.trend !== 'none' ? `trend-${change.trend}` : 'muted'}`}
              >
                {change ? change.text : ''}
              </p>
              <p className="tile-hint muted">{t(`dashboard.hints.${key}`)}</p>
            </li>
          );
        })}
      </ul>
      {empty ? (
        <section className="empty-state" data-testid="empty-state">
          <p>{t('dashboard.empty')}</p>
        </section>
      ) : null}
    </div>
  );
}
