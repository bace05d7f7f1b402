// Date and duration formats of spec 9. Everything is in the runtime's local time; callers pass
// Dates, epoch milliseconds or ISO strings (use fromSeconds for message timestamps).
import dayjs, { type ConfigType } from 'dayjs';

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
export const TIME_FORMAT = 'HH:mm';
/** Query and export dates (spec 9). */
export const ISO_DAY_FORMAT = 'YYYY-MM-DD';

/** Message and event timestamps are seconds (spec 3). */
export function fromSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}

function valid(value: unknown): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return null;
  const d = dayjs(value as ConfigType);
  return d.isValid() ? d : null;
}

/** '' for anything that is not a date, so a table cell stays empty rather than showing 'Invalid Date'. */
export function formatDate(value: unknown): string {
  return valid(value)?.format(DATE_FORMAT) ?? '';
}

export function formatDateTime(value: unknown): string {
  return valid(value)?.format(DATE_TIME_FORMAT) ?? '';
}

export function formatTime(value: unknown): string {
  return valid(value)?.format(TIME_FORMAT) ?? '';
}

/** Seconds as HH:MM:SS; hours keep counting past 24. Not a non-negative number → 00:00:00. */
export function formatDuration(seconds: unknown): string {
  const total =
    typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}
