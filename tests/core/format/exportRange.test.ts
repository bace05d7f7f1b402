import { describe, expect, it } from 'vitest';
import { exportRange } from '../../../core/format/exportRange';

describe('spec 9: export range = 1st of the month two months earlier to the end of the current month', () => {
  it.each([
    [new Date(2024, 4, 15), '2024-03-01', '2024-05-31'],
    [new Date(2024, 0, 1), '2023-11-01', '2024-01-31'],
    [new Date(2024, 1, 29, 23, 59), '2023-12-01', '2024-02-29'],
    [new Date(2023, 1, 10), '2022-12-01', '2023-02-28'],
    [new Date(2024, 11, 31), '2024-10-01', '2024-12-31'],
  ])('%s → %s..%s', (now, start_date, end_date) => {
    expect(exportRange(now)).toEqual({ start_date, end_date });
  });
});
