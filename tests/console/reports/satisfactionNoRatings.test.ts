// A day without ratings has no average and no satisfaction rate: the table leaves them blank (not
// "0" and "0%", a division by zero that reads as every customer unhappy) and the chart's rate line
// skips the day instead of dropping to 0%; the file export shows the same blanks.
import { describe, expect, it } from 'vitest';
import { chartsOf } from '../../../console/reports/charts';
import { formatCell, satisfactionTables } from '../../../core/reports/tables';
import type { SatisfactionReport } from '../../../core/reports/wire';

const report: SatisfactionReport = {
  period: { start_date: '2026-03-04', end_date: '2026-03-05', type: 'custom', previous: null },
  timezone: 'Asia/Bangkok',
  by_day: [
    { date: '2026-03-04', ratings: 2, average: 4.5, rate: 100, scores: [0, 0, 0, 1, 1] },
    { date: '2026-03-05', ratings: 0, average: 0, rate: 0, scores: [0, 0, 0, 0, 0] },
  ],
  total: { ratings: 2, average: 4.5, rate: 100, scores: [0, 0, 0, 1, 1] },
  ratings: [],
};

describe('satisfaction on a day without ratings', () => {
  it('the table leaves its average and rate blank', () => {
    const [perDay] = satisfactionTables(report);
    const shown = (row: number, key: string) =>
      formatCell(perDay.columns.find((c) => c.key === key)?.kind ?? 'text', perDay.rows[row].cells[key]);
    expect([shown(0, 'ratings'), shown(0, 'average'), shown(0, 'rate')]).toEqual(['2', '4.5', '100%']);
    expect([shown(1, 'ratings'), shown(1, 'average'), shown(1, 'rate')]).toEqual(['0', '', '']);
    expect(perDay.total).toMatchObject({ ratings: 2, average: 4.5, rate: 100 });
  });

  it("the chart's rate line has no point that day", () => {
    const [chart] = chartsOf('satisfaction', report);
    expect(chart.series.map((s) => s.values)).toEqual([
      [2, 0],
      [100, null],
    ]);
  });
});
