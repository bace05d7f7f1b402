// Chat export range (spec 9): the 1st of the month two months earlier to the end of the current month.
import dayjs from 'dayjs';
import { ISO_DAY_FORMAT } from './dates';

export function exportRange(now: Date): { start_date: string; end_date: string } {
  const month = dayjs(now).startOf('month');
  return {
    start_date: month.subtract(2, 'month').format(ISO_DAY_FORMAT),
    end_date: month.endOf('month').format(ISO_DAY_FORMAT),
  };
}
