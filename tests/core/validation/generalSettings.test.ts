// core/validation/generalSettings.ts: business hours may run to midnight (24:00, 23:59) and past
// it (a close before the open), but not close at the minute they open.
import { describe, expect, it } from 'vitest';
import {
  closeMinutes,
  type GeneralSettingsInput,
  isOvernight,
  SETTINGS_MESSAGES,
  validateGeneralSettings,
} from '../../../core/validation/generalSettings';
import { MESSAGES } from '../../../core/validation/rules';

const settings = (days: { day: number; open: string; close: string }[]): GeneralSettingsInput => ({
  account_name: 'Shop',
  bot_info: { name: 'Bot', image: null },
  greeting_message: '',
  business_hours: { timezone: 'Asia/Bangkok', days, holidays: [] },
  switch_mode_time: { start: 1, extend: 2 },
  chat_times: { missed_after_minutes: 10, expire_after_hours: 24 },
  timezone: 'Asia/Bangkok',
});
const errorsFor = (open: string, close: string) =>
  validateGeneralSettings(settings([{ day: 1, open, close }]));

describe('business hours', () => {
  it.each([
    ['09:00', '18:00'],
    ['00:00', '24:00'],
    ['00:00', '23:59'],
    ['18:00', '24:00'],
    ['22:00', '06:00'],
    ['20:00', '00:00'],
  ])('%s–%s is accepted', (open, close) => {
    expect(errorsFor(open, close)).toEqual([]);
  });

  it.each([
    ['09:00', '09:00', 'business_hours.days.0.close', SETTINGS_MESSAGES.closeSameAsOpen],
    ['00:00', '00:00', 'business_hours.days.0.close', SETTINGS_MESSAGES.closeSameAsOpen],
    ['24:00', '06:00', 'business_hours.days.0.open', MESSAGES.time],
    ['09:00', '24:01', 'business_hours.days.0.close', MESSAGES.time],
    ['09:00', '25:00', 'business_hours.days.0.close', MESSAGES.time],
    ['9:00', '18:00', 'business_hours.days.0.open', MESSAGES.time],
  ])('%s–%s is refused at its field', (open, close, field, message) => {
    expect(errorsFor(open, close)).toEqual([{ field, message }]);
  });

  it('tells hours past midnight from hours to midnight', () => {
    expect(isOvernight({ open: '22:00', close: '06:00' })).toBe(true);
    expect(isOvernight({ open: '20:00', close: '00:00' })).toBe(true);
    expect(isOvernight({ open: '18:00', close: '24:00' })).toBe(false);
    expect(isOvernight({ open: '18:00', close: '23:59' })).toBe(false);
    expect(closeMinutes('24:00')).toBe(1440);
    expect(closeMinutes('23:59')).toBe(1440);
    expect(closeMinutes('18:30')).toBe(1110);
  });
});

describe('when chats are missed and expire', () => {
  const withTimes = (missed_after_minutes: number, expire_after_hours: number) =>
    validateGeneralSettings({
      ...settings([{ day: 1, open: '09:00', close: '18:00' }]),
      chat_times: { missed_after_minutes, expire_after_hours },
    });
  it('takes whole minutes from 1 to 1440 and whole hours from 1 to 720', () => {
    expect(withTimes(1, 1)).toEqual([]);
    expect(withTimes(1440, 720)).toEqual([]);
  });
  it.each([
    [0, 24, 'chat_times.missed_after_minutes', SETTINGS_MESSAGES.missedAfter],
    [1441, 24, 'chat_times.missed_after_minutes', SETTINGS_MESSAGES.missedAfter],
    [2.5, 24, 'chat_times.missed_after_minutes', SETTINGS_MESSAGES.missedAfter],
    [10, 0, 'chat_times.expire_after_hours', SETTINGS_MESSAGES.expireAfter],
    [10, 721, 'chat_times.expire_after_hours', SETTINGS_MESSAGES.expireAfter],
    [10, Number.NaN, 'chat_times.expire_after_hours', SETTINGS_MESSAGES.expireAfter],
  ])('%s minutes, %s hours: %s is refused', (missed, expire, field, message) => {
    expect(withTimes(missed, expire)).toEqual([{ field, message }]);
  });
});
