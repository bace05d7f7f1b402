// The chat settings of an account. The spec shows the states of a live chat, not the times;
// these defaults are ours and every one can be changed per account.
import { eq } from 'drizzle-orm';
import { clockMinutes, closeMinutes, isOvernight } from '../../core/validation/generalSettings';
import type { Db } from '../db/client';
import { accountSettings } from './schema';
import { TtlCache } from './ttlCache';

export interface BusinessDay {
  /** 0 Sunday … 6 Saturday. */
  day: number;
  open: string;
  close: string;
}

export interface ChatSettings {
  /**
   * Minutes of switch-mode countdown after taking or sending, and added by an extension (spec 4:
   * start 1, extend 2; core/chat/switchMode.ts counts them in minutes).
   */
  switch_mode_time: { start: number; extend: number };
  /** Seconds an unassigned chat may wait before it is missed. */
  missed_after_seconds: number;
  /** Seconds without a message from either side before an open chat expires. */
  expire_after_seconds: number;
  /**
   * Null means always open. Times are HH:MM in `timezone` (close may be 24:00, or before open for
   * hours past midnight; core/validation/generalSettings.ts); holidays (YYYY-MM-DD there) are closed.
   */
  business_hours: {
    timezone: string;
    days: BusinessDay[];
    holidays?: { date: string; name: string }[];
  } | null;
  bot_info: { name: string; image: string | null };
  /** The account's clock: export date ranges (YYYY-MM-DD) are whole days in it. */
  timezone: string;
}

export const DEFAULT_CHAT_SETTINGS: ChatSettings = {
  switch_mode_time: { start: 1, extend: 2 },
  missed_after_seconds: 10 * 60,
  expire_after_seconds: 24 * 60 * 60,
  business_hours: null,
  bot_info: { name: 'Bot', image: null },
  timezone: 'Asia/Bangkok',
};

const SETTINGS_TTL_MS = 5_000;
const cache = new TtlCache<ChatSettings>(SETTINGS_TTL_MS, { name: 'chat-settings' });

/** Call after saving an account's settings so they apply at once (every process with REDIS_URL). */
export function forgetChatSettings(accountId?: string) {
  if (accountId) cache.delete(accountId);
  else cache.clear();
}

/** An account's chat settings, read at most once per SETTINGS_TTL_MS (they are read on hot paths). */
export async function loadChatSettings(db: Db, accountId: string): Promise<ChatSettings> {
  return cache.load(accountId, () => readChatSettings(db, accountId));
}

async function readChatSettings(db: Db, accountId: string): Promise<ChatSettings> {
  const [row] = await db
    .select({ settings: accountSettings.settings })
    .from(accountSettings)
    .where(eq(accountSettings.accountId, accountId))
    .limit(1);
  const stored = (row?.settings ?? {}) as Partial<ChatSettings>;
  return {
    ...DEFAULT_CHAT_SETTINGS,
    ...stored,
    switch_mode_time: { ...DEFAULT_CHAT_SETTINGS.switch_mode_time, ...(stored.switch_mode_time ?? {}) },
    bot_info: { ...DEFAULT_CHAT_SETTINGS.bot_info, ...(stored.bot_info ?? {}) },
  };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall clock in a time zone: weekday, minutes after midnight, and today's and yesterday's dates. */
function localClock(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const today = `${part('year')}-${part('month')}-${part('day')}`;
  // Yesterday by the calendar, not `at` minus 24 hours (a 23-hour DST day would skip it).
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return {
    day: Math.max(0, WEEKDAYS.indexOf(part('weekday'))),
    minutes: (Number(part('hour')) % 24) * 60 + Number(part('minute')),
    today,
    yesterday,
  };
}

/**
 * Whether `at` falls inside the account's business hours (null hours: always), on the clock of
 * the hours' time zone. A day's hours run from open up to close; close 24:00 (or 23:59) runs to
 * midnight, and a close before the open runs on past midnight into the next day. A holiday closes
 * its whole date, including the part of the night before's hours that runs into it, and hours
 * that would open on it.
 */
export function isBusinessTime(hours: ChatSettings['business_hours'], at: Date): boolean {
  if (!hours || hours.days.length === 0) return true;
  const now = localClock(at, hours.timezone);
  const holidays = new Set((hours.holidays ?? []).map((h) => h.date));
  if (holidays.has(now.today)) return false;
  const yesterday = (now.day + 6) % 7;
  return hours.days.some((d) => {
    const open = clockMinutes(d.open);
    const close = closeMinutes(d.close);
    if (!isOvernight(d)) return d.day === now.day && open <= now.minutes && now.minutes < close;
    if (d.day === now.day && now.minutes >= open) return true;
    return d.day === yesterday && now.minutes < close && !holidays.has(now.yesterday);
  });
}
