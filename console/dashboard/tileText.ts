// What a dashboard tile says: its figure and its change against the previous period. A rate with
// nothing to measure (null on the wire: no ratings, no available time) reads "—" with a hint, and
// has no change; a count is always a number, 0 included.
import { formatNumber } from '../../core/format/numbers';
import { NO_DATA } from '../../core/reports/tables';
import type { Tile, TileKey } from '../../core/reports/wire';
import { t } from '../app/i18n';

export const PERCENT_TILES: readonly TileKey[] = ['chat_utilization', 'satisfaction_rate'];

export function valueText(key: TileKey, value: number | null): string {
  if (value === null) return NO_DATA;
  return PERCENT_TILES.includes(key) ? `${formatNumber(value, 2)}%` : formatNumber(value, 0);
}

export type Trend = 'up' | 'down' | 'flat' | 'none';

/**
 * The line under the figure. `hasPreviousPeriod`: whether the period has one to compare with (not
 * for alltime); a null previous figure then means the previous period had nothing to measure.
 */
export function changeText(
  key: TileKey,
  tile: Tile,
  hasPreviousPeriod: boolean,
): { text: string; trend: Trend } {
  if (tile.value === null) return { text: t(`dashboard.noData.${key}`), trend: 'none' };
  if (!hasPreviousPeriod) return { text: t('dashboard.noPrevious'), trend: 'none' };
  if (tile.previous === null || tile.change === null)
    return { text: t('dashboard.noPreviousData'), trend: 'none' };
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
