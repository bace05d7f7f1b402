// The chat settings of an account. The spec shows the states of a live chat, not the times;
// these defaults are ours and every one can be changed per account.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountSettings } from './schema';

export interface BusinessDay {
  /** 0 Sunday … 6 Saturday. */
  day: number;
  open: string;
  close: string;
}

export interface ChatSettings {
  /** Hours an agent keeps a taken chat before switch mode turns on (spec 4: start 1, extend 2). */
  switch_mode_time: { start: number; extend: number };
  /** Seconds an unassigned chat may wait before it is missed. */
  missed_after_seconds: number;
  /** Seconds without a message from either side before an open chat expires. */
  expire_after_seconds: number;
  /** Null means always open. Times are HH:MM in `timezone`. */
  business_hours: { timezone: string; days: BusinessDay[] } | null;
  bot_info: { name: string; image: string | null };
}

export const DEFAULT_CHAT_SETTINGS: ChatSettings = {
  switch_mode_time: { start: 1, extend: 2 },
  missed_after_seconds: 10 * 60,
  expire_after_seconds: 24 * 60 * 60,
  business_hours: null,
  bot_info: { name: 'Bot', image: null },
};

export async function loadChatSettings(db: Db, accountId: string): Promise<ChatSettings> {
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

/** Whether `at` falls inside the account's business hours (null hours: always). */
export function isBusinessTime(hours: ChatSettings['business_hours'], at: Date): boolean {
  if (!hours || hours.days.length === 0) return true;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: hours.timezone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const weekday = parts.find((p) => p.type === 'weekday')?.value ?? 'Sun';
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(weekday);
  const hhmm = `${parts.find((p) => p.type === 'hour')?.value}:${parts.find((p) => p.type === 'minute')?.value}`;
  return hours.days.some((d) => d.day === day && d.open <= hhmm && hhmm < d.close);
}
