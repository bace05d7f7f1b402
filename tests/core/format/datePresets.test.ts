import { describe, expect, it } from 'vitest';
import {
  ALLTIME_START,
  datePresetRange,
  isDatePreset,
  reportPresetRange,
} from '../../../core/format/datePresets';

const now = new Date(2024, 2, 1, 15, 0); // 1 March 2024 (leap year)

describe('spec 9: date presets in YYYY-MM-DD', () => {
  it.each([
    ['today', '2024-03-01', '2024-03-01'],
    ['1d', '2024-02-29', '2024-03-01'],
    ['7d', '2024-02-23', '2024-03-01'],
    ['30d', '2024-01-31', '2024-03-01'],
    ['alltime', ALLTIME_START, '2024-03-01'],
  ] as const)('%s → %s..%s', (preset, startDate, endDate) => {
    expect(datePresetRange(preset, now)).toEqual({ startDate, endDate, type: preset });
  });
});

describe('spec 9: report presets end yesterday', () => {
  it.each([
    ['1d', '2024-02-29', '2024-02-29'],
    ['7d', '2024-02-23', '2024-02-29'],
    ['30d', '2024-01-31', '2024-02-29'],
    ['alltime', ALLTIME_START, '2024-02-29'],
    ['today', '2024-03-01', '2024-03-01'],
  ] as const)('%s → %s..%s', (preset, startDate, endDate) => {
    expect(reportPresetRange(preset, now)).toEqual({ startDate, endDate, type: preset });
  });
  it('isDatePreset', () => {
    expect(isDatePreset('7d')).toBe(true);
    expect(isDatePreset('14d')).toBe(false);
    expect(isDatePreset(null)).toBe(false);
  });
});
