// The widget build maps dayjs to dayjsLite; the formats core/format uses must come out the same.
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import dayjsLite from '../../widget-element/dayjsLite';

const FORMATS = ['DD/MM/YYYY', 'HH:mm', 'DD/MM/YYYY HH:mm', 'YYYY-MM-DD', 'HH:MM:ss'];
const VALUES = [
  0,
  1_772_000_000_000,
  new Date(2026, 0, 5, 7, 3, 9),
  '2026-12-31T23:59:59',
  new Date(2024, 1, 29),
];

describe('dayjsLite matches dayjs for core/format (spec 9 dates)', () => {
  it.each(VALUES.map((v) => [String(v), v] as const))('%s', (_, value) => {
    for (const f of FORMATS) expect(dayjsLite(value as never).format(f)).toBe(dayjs(value).format(f));
    expect(dayjsLite(value as never).isValid()).toBe(true);
  });

  it('says an invalid date is invalid', () => {
    expect(dayjsLite('not a date').isValid()).toBe(dayjs('not a date').isValid());
    expect(dayjsLite(Number.NaN).isValid()).toBe(false);
  });
});
