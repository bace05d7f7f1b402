// /dashboard (spec 2): six tiles over the chosen period, each with its change against the
// previous period of equal length.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../core/format/dates';
import { formatNumber } from '../../core/format/numbers';
import { type DashboardTiles, TILE_KEYS, type Tile, type TileKey } from '../../core/reports/wire';
import { localizePath } from '../../core/routes';
import { locale, t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { loadTiles } from '../reports/calls';
import { PeriodPicker } from '../reports/PeriodPicker';
import { dashboardPeriod, periodQuery } from '../reports/state';
import '../reports/reports.css';
import './dashboard.css';

const PERCENT_TILES: readonly TileKey[] = ['chat_utilization', 'satisfaction_rate'];

function valueText(key: TileKey, value: number) {
  return PERCENT_TILES.includes(key) ? `${formatNumber(value, 2)}%` : formatNumber(value, 0);
}

function changeText(key: TileKey, tile: Tile): { text: string; trend: 'up' | 'down' | 'flat' } | null {
  if (tile.change === null) return null;
  if (tile.change === 0) return { text: t('dashboard.unchanged'), trend: 'flat' };
  const sign = tile.change > 0 ? '+' : '−';
  const amount = PERCENT_TILES.includes(key)
    ? `${sign}${formatNumber(Math.abs(tile.change), 2)} ${t('dashboard.points')}`
    : `${sign}${formatNumber(Math.abs(tile.change), 0)}`;
  const text =
    tile.change_percent === null
      ? t('dashboard.changeNoPercent', { change: amount })
      : t('dashboard.change', {
          change: amount,
          percent: `${sign}${formatNumber(Math.abs(tile.change_percent), 1)}%`,
        });
  return { text, trend: tile.change > 0 ? 'up' : 'down' };
}

export default function DashboardPage({ titleKey }: PageProps) {
  useSignals();
  const choice = dashboardPeriod.value;
  const [data, setData] = useState<DashboardTiles | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on "Try again".
  useEffect(() => {
    let live = true;
    setFailed(false);
    loadTiles(periodQuery(choice)).then(
      (d) => live && setData(d),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [choice, attempt]);

  const empty = data && TILE_KEYS.every((k) => data.tiles[k].value === 0);
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
          <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
            {t('dashboard.retry')}
          </button>
        </div>
      ) : null}
      <ul className="tiles" aria-busy={!data}>
        {TILE_KEYS.map((key) => {
          const tile = data?.tiles[key];
          const change = tile ? changeText(key, tile) : null;
          return (
            <li key={key} className="tile" data-tile={key}>
              <h2>{t(`dashboard.tiles.${key}`)}</h2>
              <p className="tile-value">{tile ? valueText(key, tile.value) : '…'}</p>
              <p className={`tile-change ${change ? `trend-${change.trend}` : 'muted'}`}>
                {change ? change.text : tile ? t('dashboard.noPrevious') : ''}
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
