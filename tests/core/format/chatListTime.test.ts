import { describe, expect, it } from 'vitest';
import { chatListTime, chatListTimeToken } from '../../../core/format/chatListTime';

const now = new Date(2024, 4, 15, 10, 0); // Wednesday 15 May 2024

describe('spec 9: chat list time', () => {
  it.each([
    ['today → time', new Date(2024, 4, 15, 8, 5), '08:05'],
    ['just after midnight today', new Date(2024, 4, 15, 0, 0), '00:00'],
    ['yesterday', new Date(2024, 4, 14, 23, 59), 'Yesterday'],
    ['2 days ago → weekday', new Date(2024, 4, 13, 9, 0), 'Monday'],
    ['6 days ago → weekday', new Date(2024, 4, 9, 9, 0), 'Thursday'],
    ['7 days ago → DD/MM', new Date(2024, 4, 8, 9, 0), '08/05'],
    ['earlier this year → DD/MM', new Date(2024, 0, 1, 9, 0), '01/01'],
    ['last year → DD/MM/YY', new Date(2023, 11, 31, 9, 0), '31/12/23'],
    ['tomorrow (clock skew) → DD/MM', new Date(2024, 4, 16, 9, 0), '16/05'],
    ['a number of milliseconds', new Date(2024, 4, 15, 9, 30).getTime(), '09:30'],
    ['year 2009 → two digits', new Date(2009, 2, 4, 9, 0), '04/03/09'],
  ])('%s', (_n, at, text) => expect(chatListTime(at, now)).toBe(text));

  it('words are locale keys the UI translates', () => {
    expect(chatListTimeToken(new Date(2024, 4, 14), now)).toEqual({
      kind: 'yesterday',
      key: 'time.yesterday',
    });
    expect(chatListTimeToken(new Date(2024, 4, 13), now)).toEqual({
      kind: 'weekday',
      key: 'weekday.1',
      weekday: 1,
    });
    const th: Record<string, string> = { 'time.yesterday': 'เมื่อวาน', 'weekday.1': 'วันจันทร์' };
    expect(chatListTime(new Date(2024, 4, 14), now, (k) => th[k])).toBe('เมื่อวาน');
    expect(chatListTime(new Date(2024, 4, 13), now, (k) => th[k])).toBe('วันจันทร์');
  });
  it.each([null, undefined, Number.NaN, new Date('garbage')])('%j → empty', (at) =>
    expect(chatListTime(at, now)).toBe(''),
  );
  it('counts calendar days across a clock change (Bangkok has none; New York does)', () => {
    // 10 March 2024 is 23 hours long in New York; the day after is still "Yesterday" at 00:30.
    const before = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(chatListTime(new Date(2024, 2, 10, 0, 30), new Date(2024, 2, 11, 0, 15))).toBe('Yesterday');
      expect(chatListTime(new Date(2024, 2, 9, 23, 30), new Date(2024, 2, 11, 0, 15))).toBe('Saturday');
    } finally {
      process.env.TZ = before;
    }
  });
});
