import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatTime,
  fromSeconds,
} from '../../../core/format/dates';

// Local-time constructors keep these tests independent of the machine's time zone.
const at = new Date(2024, 0, 5, 9, 7, 3);

describe('spec 9: DD/MM/YYYY and DD/MM/YYYY HH:mm', () => {
  it('formats', () => {
    expect(formatDate(at)).toBe('05/01/2024');
    expect(formatDateTime(at)).toBe('05/01/2024 09:07');
    expect(formatTime(new Date(2024, 0, 5, 21, 30))).toBe('21:30');
    expect(formatDate(at.getTime())).toBe('05/01/2024');
  });
  it('message timestamps are seconds', () =>
    expect(fromSeconds(at.getTime() / 1000).getTime()).toBe(at.getTime()));
  it.each([null, undefined, '', 'nonsense', true, Number.NaN])('%j → empty', (value) => {
    expect(formatDate(value)).toBe('');
    expect(formatDateTime(value)).toBe('');
  });
});

describe('spec 9: durations HH:MM:SS', () => {
  it.each([
    [0, '00:00:00'],
    [59, '00:00:59'],
    [60, '00:01:00'],
    [3599, '00:59:59'],
    [3600, '01:00:00'],
    [86_399, '23:59:59'],
    [90_061, '25:01:01'],
    [61.9, '00:01:01'],
    [-5, '00:00:00'],
    [null, '00:00:00'],
    ['60', '00:00:00'],
  ])('%j → %s', (seconds, text) => expect(formatDuration(seconds)).toBe(text));
});
