// The chosen period, shared by the dashboard and every report while the console is open (spec 3
// global dateRange): a preset, or a custom range of days.
import { signal } from '@preact/signals-react';
import type { DatePreset } from '../../core/format/datePresets';

export type PeriodChoice =
  | { preset: DatePreset }
  | { preset: 'custom'; start_date: string; end_date: string };

export const reportPeriod = signal<PeriodChoice>({ preset: '7d' });
export const dashboardPeriod = signal<PeriodChoice>({ preset: '7d' });
export const logPeriod = signal<PeriodChoice>({ preset: '7d' });

/** The query the report endpoints take for a choice. */
export function periodQuery(choice: PeriodChoice): Record<string, string> {
  return choice.preset === 'custom'
    ? { start_date: choice.start_date, end_date: choice.end_date }
    : { preset: choice.preset };
}
