// Clock times typed in the console (spec 9: HH:mm, 24-hour).
import { describe, expect, it } from 'vitest';
import { parseTime } from '../../../console/ui/timeText';

describe('parseTime', () => {
  it.each([
    ['09:30', '09:30'],
    ['9:30', '09:30'],
    ['930', '09:30'],
    ['0930', '09:30'],
    ['9', '09:00'],
    ['9.05', '09:05'],
    ['9:5', '09:05'],
    ['23:59', '23:59'],
    [' 18:00 ', '18:00'],
  ])('%s is %s', (text, time) => {
    expect(parseTime(text)).toBe(time);
  });
  it.each(['', 'ab', '24:00', '25:00', '12:60', '1:234', '-1:00'])('%s is no time', (text) => {
    expect(parseTime(text)).toBeNull();
  });
  it('takes 24:00 only where the end of the day is allowed', () => {
    expect(parseTime('24:00', true)).toBe('24:00');
    expect(parseTime('24', true)).toBe('24:00');
    expect(parseTime('24:30', true)).toBeNull();
  });
});
