// A day without ratings has no average and no satisfaction rate (null on the wire): the table shows
// "—" (not "0" and "0%", a division by zero that reads as every customer unhappy) and the chart's
// rate line skips the day instead of dropping to 0%; the file export leaves the cells empty.
import { describe, expect, it } from 'vitest';
import { chartsOf } from '../../../console/reports/charts';
import { formatCell, satisfactionTables } from '../../../core/reports/tables';
import type { SatisfactionReport } from '../../../core/reports/wire';

const report: SatisfactionReport = {
  period: { start_date: '2026-03-04', end_date: '2026-03-05', type: 'custom', previous: null },
  timezone: 'Asia/Bangkok',
  by_day: [
    { date: '2026-03-04', ratings: 2, average: 4.5, rate: 100, scores: [0, 0, 0, 1, 1] },
    { date: '2026-03-05', ratings: 0, average: null, rate: null, scores: [0, 0, 0, 0, 0] },
  ],
  total: { ratings: 2, average: 4.5, rate: 100, scores: [0, 0, 0, 1, 1] },
  ratings: [],
};

describe('satisfaction on a day without ratings', () => {
  it('the table shows "—" for its average and rate', () => {
    const [perDay] = satisfactionTables(report);
    const shown = (row: number, key: string) =>
      formatCell(perDay.columns.find((c) => c.key === key)?.kind ?? 'text', perDay.rows[row].cells[key]);
    expect([shown(0, 'ratings'), shown(0, 'average'), shown(0, 'rate')]).toEqual(['2', '4.5', '100%']);
    expect([shown(1, 'ratings'), shown(1, 'average'), shown(1, 'rate')]).toEqual(['0', '—', '—']);
    expect(perDay.total).toMatchObject({ ratings: 2, average: 4.5, rate: 100 });
  });

  it('a period without any rating has no total average or rate either', () => {
    const none: SatisfactionReport = {
      ...report,
      by_day: [report.by_day[1]],
      total: { ratings: 0, average: null, rate: null, scores: [0, 0, 0, 0, 0] },
    };
    const [perDay] = satisfactionTables(none);
    expect(perDay.total).toMatchObject({ ratings: 0, average: null, rate: null });
    expect(formatCell('percent', null)).toBe('—');
    expect(formatCell('duration', null)).toBe('—');
    // Text and day cells stay empty.
    expect(formatCell('text', null)).toBe('');
  });

  it("the chart's rate line has no point that day", () => {
    const [chart] = chartsOf('satisfaction', report);
    expect(chart.series.map((s) => s.values)).toEqual([
      [2, 0],
      [100, null],
    ]);
  });
});
