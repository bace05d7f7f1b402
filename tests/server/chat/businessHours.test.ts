// isBusinessTime (server/chat/settings.ts): hours on the clock of their time zone, hours that run
// to midnight (24:00, or 23:59 as a time input gives it), hours past midnight into the next day,
// open all day, and holidays that close a whole date.
import { describe, expect, it } from 'vitest';
import { type ChatSettings, isBusinessTime } from '../../../server/chat/settings';

type Hours = NonNullable<ChatSettings['business_hours']>;
type Day = Hours['days'][number];

const hours = (days: Day[], extra: Partial<Hours> = {}): Hours => ({
  timezone: 'Asia/Bangkok',
  days,
  holidays: [],
  ...extra,
});
/** Every weekday with the same hours. */
const week = (open: string, close: string) => [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open, close }));

// 2024-03-04 is a Monday. Bangkok is UTC+7 all year; New York changes to daylight time on 2024-03-10.
const bangkok = (local: string) => new Date(`${local}+07:00`);

describe('ordinary hours (Mon–Fri 09:00–18:00, Asia/Bangkok)', () => {
  const h = hours([1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '18:00' })));
  it.each([
    ['2024-03-04T08:59', false],
    ['2024-03-04T09:00', true],
    ['2024-03-04T17:59', true],
    ['2024-03-04T18:00', false],
    ['2024-03-09T12:00', false], // Saturday
    ['2024-03-10T12:00', false], // Sunday
  ])('%s local → %s', (local, open) => {
    expect(isBusinessTime(h, bangkok(local))).toBe(open);
  });

  it('no hours, or no days, means always open', () => {
    expect(isBusinessTime(null, bangkok('2024-03-10T03:00'))).toBe(true);
    expect(isBusinessTime(hours([]), bangkok('2024-03-10T03:00'))).toBe(true);
  });
});

describe("the hours' own time zone decides, not the server's", () => {
  const instant = new Date('2024-03-04T02:30:00Z'); // Monday 09:30 in Bangkok, Sunday 21:30 in New York
  const mon = [{ day: 1, open: '09:00', close: '18:00' }];
  it('the same instant is open in one zone and closed in another', () => {
    expect(isBusinessTime(hours(mon), instant)).toBe(true);
    expect(isBusinessTime(hours(mon, { timezone: 'America/New_York' }), instant)).toBe(false);
    expect(
      isBusinessTime(
        hours([{ day: 0, open: '21:00', close: '22:00' }], { timezone: 'America/New_York' }),
        instant,
      ),
    ).toBe(true);
  });
  it('follows daylight time: 09:00 in New York is 14:00 UTC before 10 March and 13:00 UTC after', () => {
    const ny = hours(week('09:00', '10:00'), { timezone: 'America/New_York' });
    expect(isBusinessTime(ny, new Date('2024-03-08T14:30:00Z'))).toBe(true);
    expect(isBusinessTime(ny, new Date('2024-03-08T13:30:00Z'))).toBe(false);
    expect(isBusinessTime(ny, new Date('2024-03-11T13:30:00Z'))).toBe(true);
    expect(isBusinessTime(ny, new Date('2024-03-11T14:30:00Z'))).toBe(false);
  });
});

describe('to midnight and all day', () => {
  it.each([['24:00'], ['23:59']])('close %s runs through the last minute of the day', (close) => {
    const h = hours([{ day: 1, open: '18:00', close }]);
    expect(isBusinessTime(h, bangkok('2024-03-04T23:59:30'))).toBe(true);
    expect(isBusinessTime(h, bangkok('2024-03-04T17:59'))).toBe(false);
    // …and not into Tuesday.
    expect(isBusinessTime(h, bangkok('2024-03-05T00:00'))).toBe(false);
  });

  it('00:00–24:00 every day is open at every minute', () => {
    const h = hours(week('00:00', '24:00'));
    for (const local of ['2024-03-04T00:00', '2024-03-06T12:34', '2024-03-10T23:59:59'])
      expect(isBusinessTime(h, bangkok(local))).toBe(true);
  });
});

describe('overnight: a close before the open runs into the next day', () => {
  // Friday 22:00 until Saturday 06:00 only.
  const h = hours([{ day: 5, open: '22:00', close: '06:00' }]);
  it.each([
    ['2024-03-08T21:59', false], // Friday evening, before opening
    ['2024-03-08T22:00', true],
    ['2024-03-08T23:59', true],
    ['2024-03-09T00:00', true], // Saturday, after midnight
    ['2024-03-09T05:59', true],
    ['2024-03-09T06:00', false],
    ['2024-03-09T22:30', false], // Saturday night is not Friday's
    ['2024-03-08T03:00', false], // Friday early morning belongs to Thursday, which is closed
  ])('%s local → %s', (local, open) => {
    expect(isBusinessTime(h, bangkok(local))).toBe(open);
  });

  it('Saturday night into Sunday wraps the week', () => {
    const sat = hours([{ day: 6, open: '20:00', close: '02:00' }]);
    expect(isBusinessTime(sat, bangkok('2024-03-10T01:00'))).toBe(true); // Sunday 01:00
    expect(isBusinessTime(sat, bangkok('2024-03-10T02:00'))).toBe(false);
  });
});

describe('holidays close their whole date in the hours’ time zone', () => {
  it('an ordinary day', () => {
    const h = hours(week('00:00', '24:00'), { holidays: [{ date: '2024-03-06', name: 'Closed' }] });
    expect(isBusinessTime(h, bangkok('2024-03-05T23:59'))).toBe(true);
    expect(isBusinessTime(h, bangkok('2024-03-06T00:00'))).toBe(false);
    expect(isBusinessTime(h, bangkok('2024-03-06T23:59'))).toBe(false);
    expect(isBusinessTime(h, bangkok('2024-03-07T00:00'))).toBe(true);
    // 2024-03-05T18:00Z is already 6 March in Bangkok.
    expect(isBusinessTime(h, new Date('2024-03-05T18:00:00Z'))).toBe(false);
    expect(isBusinessTime(h, new Date('2024-03-05T16:00:00Z'))).toBe(true);
  });

  it('overnight hours: none into a holiday, none out of one', () => {
    const h = hours(week('22:00', '06:00'), { holidays: [{ date: '2024-03-06', name: 'Closed' }] });
    expect(isBusinessTime(h, bangkok('2024-03-05T23:00'))).toBe(true); // Tuesday night
    expect(isBusinessTime(h, bangkok('2024-03-06T01:00'))).toBe(false); // …its tail falls on the holiday
    expect(isBusinessTime(h, bangkok('2024-03-06T23:00'))).toBe(false); // the holiday's own night
    expect(isBusinessTime(h, bangkok('2024-03-07T01:00'))).toBe(false); // …and its tail
    expect(isBusinessTime(h, bangkok('2024-03-07T23:00'))).toBe(true);
  });
});
