// The period a report or the dashboard covers: a preset (spec 9) or a custom range of whole days
// in the account's time zone, and the previous period of equal length that changes compare with.
import dayjs from 'dayjs';
import {
  ALLTIME_START,
  type DatePreset,
  datePresetRange,
  isDatePreset,
  reportPresetRange,
} from '../format/datePresets';
import { ISO_DAY_FORMAT } from '../format/dates';

export type PeriodType = DatePreset | 'custom';

export interface Period {
  start_date: string;
  end_date: string;
  type: PeriodType;
  /** The days just before, as many as this period has; null for 'alltime'. */
  previous: { start_date: string; end_date: string } | null;
}

/** Longest custom range, in days (ten years). */
export const MAX_PERIOD_DAYS = 3660;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/**
 * `now` as the wall clock of `timeZone`, expressed as a local Date, so that the day-based preset
 * helpers (which work in local time) count days as the account does.
 */
export function wallClock(now: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return new Date(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Whole days from start to end, both included. */
export function daysIn(start: string, end: string): number {
  return dayjs(end).diff(dayjs(start), 'day') + 1;
}

export function previousPeriod(start: string, end: string): { start_date: string; end_date: string } {
  const days = daysIn(start, end);
  const prevEnd = dayjs(start).subtract(1, 'day');
  return {
    start_date: prevEnd.subtract(days - 1, 'day').format(ISO_DAY_FORMAT),
    end_date: prevEnd.format(ISO_DAY_FORMAT),
  };
}

export type PeriodError = {
  field: 'preset' | 'start_date' | 'end_date';
  reason: 'invalid' | 'order' | 'length';
};

/**
 * The period of a query: `preset` (today, 1d, 7d, 30d, alltime) or `start_date` and `end_date`.
 * Dashboard presets end today; report presets end yesterday (spec 9). Nothing given: 7d.
 */
export function resolvePeriod(
  query: { preset?: unknown; start_date?: unknown; end_date?: unknown },
  options: { now: Date; timeZone: string; kind: 'dashboard' | 'report' },
): Period | PeriodError {
  const custom = query.start_date !== undefined && query.start_date !== '';
  if (custom || (query.end_date !== undefined && query.end_date !== '')) {
    if (!isIsoDay(query.start_date)) return { field: 'start_date', reason: 'invalid' };
    if (!isIsoDay(query.end_date)) return { field: 'end_date', reason: 'invalid' };
    if (query.end_date < query.start_date) return { field: 'end_date', reason: 'order' };
    // From the all-time start is all time up to end_date: what an 'alltime' report's chat log
    // sends (its report's days), so no length limit and no previous period.
    if (query.start_date === ALLTIME_START)
      return { start_date: ALLTIME_START, end_date: query.end_date, type: 'alltime', previous: null };
    if (daysIn(query.start_date, query.end_date) > MAX_PERIOD_DAYS)
      return { field: 'end_date', reason: 'length' };
    return {
      start_date: query.start_date,
      end_date: query.end_date,
      type: 'custom',
      previous: previousPeriod(query.start_date, query.end_date),
    };
  }
  const preset = query.preset === undefined || query.preset === '' ? '7d' : query.preset;
  if (!isDatePreset(preset)) return { field: 'preset', reason: 'invalid' };
  const local = wallClock(options.now, options.timeZone);
  const range =
    options.kind === 'dashboard' ? datePresetRange(preset, local) : reportPresetRange(preset, local);
  return {
    start_date: range.startDate,
    end_date: range.endDate,
    type: preset,
    previous: preset === 'alltime' ? null : previousPeriod(range.startDate, range.endDate),
  };
}

export function isPeriodError(value: Period | PeriodError): value is PeriodError {
  return 'reason' in value;
}

export { ALLTIME_START };
