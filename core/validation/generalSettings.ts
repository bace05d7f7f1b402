// General settings (spec 2 settings: account name, bot info, greeting message, business hours,
// switch-mode time, and when an unaccepted chat is missed and an idle one expires), checked the
// same way by the settings page and the server.
import { type FieldError, hasMaxLength, isBlank, isClockTime, MESSAGES } from './rules';

export const ACCOUNT_NAME_MAX = 100;
export const BOT_NAME_MAX = 50;
/** Spec 9: text limits are 300 generally. */
export const GREETING_MAX = 300;
export const HOLIDAY_NAME_MAX = 100;
export const MAX_HOLIDAYS = 100;
/** Switch-mode minutes (core/chat/switchMode.ts counts minutes). */
export const SWITCH_MODE_MIN = 1;
export const SWITCH_MODE_MAX = 120;
/** Minutes an unaccepted chat waits before it is missed (the spec shows the state, not the time). */
export const MISSED_AFTER_MIN = 1;
export const MISSED_AFTER_MAX = 24 * 60;
/** Hours without a message from either side before an open chat expires. */
export const EXPIRE_AFTER_MIN = 1;
export const EXPIRE_AFTER_MAX = 30 * 24;

export const SETTINGS_MESSAGES = {
  closeSameAsOpen: 'Closing time must differ from opening time.',
  timezone: 'timezone is invalid format',
  date: 'date is invalid format',
  duplicateDate: 'This day is already listed.',
  minutes: `Enter whole minutes from ${SWITCH_MODE_MIN} to ${SWITCH_MODE_MAX}.`,
  missedAfter: `Enter whole minutes from ${MISSED_AFTER_MIN} to ${MISSED_AFTER_MAX}.`,
  expireAfter: `Enter whole hours from ${EXPIRE_AFTER_MIN} to ${EXPIRE_AFTER_MAX}.`,
} as const;

export interface BusinessDayInput {
  day: number;
  /** HH:MM, 00:00 to 23:59. */
  open: string;
  /**
   * HH:MM, or 24:00 for "until midnight" (23:59 counts as until midnight too: a time input cannot
   * show 24:00). A close before the open runs past midnight into the next day (22:00–06:00).
   */
  close: string;
}

/** The close time that means "until the end of the day". */
export const END_OF_DAY = '24:00';
export const MINUTES_PER_DAY = 24 * 60;

/** A valid close time: any clock time or 24:00. */
export function isCloseTime(value: unknown): boolean {
  return value === END_OF_DAY || isClockTime(value);
}

/** '09:30' → 570. */
export function clockMinutes(value: string): number {
  const [h, m] = value.split(':').map(Number);
  return h * 60 + m;
}

/** Minutes after midnight a day's hours end; 24:00 and 23:59 both mean the whole last minute. */
export function closeMinutes(close: string): number {
  return close === END_OF_DAY || close === '23:59' ? MINUTES_PER_DAY : clockMinutes(close);
}

/** Hours that close before they open run past midnight, into the next day. */
export function isOvernight(day: Pick<BusinessDayInput, 'open' | 'close'>): boolean {
  return closeMinutes(day.close) < clockMinutes(day.open);
}

export interface HolidayInput {
  date: string;
  name: string;
}

export interface GeneralSettingsInput {
  account_name: string;
  bot_info: { name: string; image: string | null };
  greeting_message: string;
  business_hours: { timezone: string; days: BusinessDayInput[]; holidays: HolidayInput[] } | null;
  switch_mode_time: { start: number; extend: number };
  /** When an unaccepted chat becomes missed (minutes) and an idle open chat expires (hours). */
  chat_times: { missed_after_minutes: number; expire_after_hours: number };
  timezone: string;
}

export function isTimeZone(value: unknown): boolean {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function isDay(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

const wholeIn = (n: unknown, min: number, max: number) =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;
const minutesOk = (n: unknown) => wholeIn(n, SWITCH_MODE_MIN, SWITCH_MODE_MAX);

/** Every problem, each naming its field the way the form holds it (`business_hours.days.2.close`). */
export function validateGeneralSettings(values: GeneralSettingsInput): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });
  if (isBlank(values.account_name)) add('account_name', MESSAGES.required);
  else if (!hasMaxLength(values.account_name, ACCOUNT_NAME_MAX))
    add('account_name', MESSAGES.maxLength(ACCOUNT_NAME_MAX));
  if (isBlank(values.bot_info?.name)) add('bot_info.name', MESSAGES.required);
  else if (!hasMaxLength(values.bot_info.name, BOT_NAME_MAX))
    add('bot_info.name', MESSAGES.maxLength(BOT_NAME_MAX));
  if (values.bot_info?.image && !/^(https?:\/\/|\/)/.test(values.bot_info.image))
    add('bot_info.image', MESSAGES.url);
  if (!hasMaxLength(values.greeting_message ?? '', GREETING_MAX))
    add('greeting_message', MESSAGES.maxLength(GREETING_MAX));
  if (!isTimeZone(values.timezone)) add('timezone', SETTINGS_MESSAGES.timezone);
  if (!minutesOk(values.switch_mode_time?.start)) add('switch_mode_time.start', SETTINGS_MESSAGES.minutes);
  if (!minutesOk(values.switch_mode_time?.extend)) add('switch_mode_time.extend', SETTINGS_MESSAGES.minutes);
  if (!wholeIn(values.chat_times?.missed_after_minutes, MISSED_AFTER_MIN, MISSED_AFTER_MAX))
    add('chat_times.missed_after_minutes', SETTINGS_MESSAGES.missedAfter);
  if (!wholeIn(values.chat_times?.expire_after_hours, EXPIRE_AFTER_MIN, EXPIRE_AFTER_MAX))
    add('chat_times.expire_after_hours', SETTINGS_MESSAGES.expireAfter);
  const hours = values.business_hours;
  if (hours) {
    if (!isTimeZone(hours.timezone)) add('business_hours.timezone', SETTINGS_MESSAGES.timezone);
    hours.days.forEach((d, i) => {
      const at = `business_hours.days.${i}`;
      if (!Number.isInteger(d.day) || d.day < 0 || d.day > 6) add(`${at}.day`, MESSAGES.required);
      if (!isClockTime(d.open)) add(`${at}.open`, MESSAGES.time);
      else if (!isCloseTime(d.close)) add(`${at}.close`, MESSAGES.time);
      else if (closeMinutes(d.close) === clockMinutes(d.open))
        add(`${at}.close`, SETTINGS_MESSAGES.closeSameAsOpen);
    });
    if (hours.days.length === 0) add('business_hours.days', 'Please add business hours');
    const seen = new Set<string>();
    if (hours.holidays.length > MAX_HOLIDAYS)
      add('business_hours.holidays', MESSAGES.maxLength(MAX_HOLIDAYS));
    hours.holidays.forEach((h, i) => {
      const at = `business_hours.holidays.${i}`;
      if (!isDay(h.date)) add(`${at}.date`, SETTINGS_MESSAGES.date);
      else if (seen.has(h.date)) add(`${at}.date`, SETTINGS_MESSAGES.duplicateDate);
      seen.add(h.date);
      if (!hasMaxLength(h.name ?? '', HOLIDAY_NAME_MAX))
        add(`${at}.name`, MESSAGES.maxLength(HOLIDAY_NAME_MAX));
    });
  }
  return errors;
}
