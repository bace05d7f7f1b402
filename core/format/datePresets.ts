// Date-range presets (spec 9): today, 1d, 7d, 30d, alltime as YYYY-MM-DD. "Nd" starts N days before
// today; general ranges end today, report ranges end yesterday because today's numbers are not in
// yet (report tables update daily, spec 8).
import dayjs from 'dayjs';
import { ISO_DAY_FORMAT } from './dates';

export const DATE_PRESETS = ['today', '1d', '7d', '30d', 'alltime'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** The global state's dateRange (spec 3). */
export interface DateRange {
  startDate: string;
  endDate: string;
  type: DatePreset;
}

/** Where 'alltime' starts: before any data the product can hold. */
export const ALLTIME_START = '1970-01-01';

const DAYS: Record<Exclude<DatePreset, 'today' | 'alltime'>, number> = { '1d': 1, '7d': 7, '30d': 30 };

function range(preset: DatePreset, now: Date, endOffsetDays: number): DateRange {
  const today = dayjs(now).startOf('day');
  const end = today.subtract(endOffsetDays, 'day').format(ISO_DAY_FORMAT);
  if (preset === 'today')
    return { startDate: today.format(ISO_DAY_FORMAT), endDate: today.format(ISO_DAY_FORMAT), type: preset };
  if (preset === 'alltime') return { startDate: ALLTIME_START, endDate: end, type: preset };
  return {
    startDate: today.subtract(DAYS[preset], 'day').format(ISO_DAY_FORMAT),
    endDate: end,
    type: preset,
  };
}

export function isDatePreset(value: unknown): value is DatePreset {
  return typeof value === 'string' && (DATE_PRESETS as readonly string[]).includes(value);
}

export function datePresetRange(preset: DatePreset, now: Date): DateRange {
  return range(preset, now, 0);
}

/** Report presets end yesterday; 'today' stays today (it cannot end before it starts). */
export function reportPresetRange(preset: DatePreset, now: Date): DateRange {
  return range(preset, now, preset === 'today' ? 0 : 1);
}
