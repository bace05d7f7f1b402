// The time shown beside a chat in the list (spec 9): the time today, 'Yesterday', the weekday
// within 7 days, DD/MM within the year, DD/MM/YY before it. Words come back as locale keys so the
// UI translates them; chatListTime does it with a given translate function.
import dayjs, { type ConfigType } from 'dayjs';

export type ChatListTime =
  | { kind: 'time'; text: string }
  | { kind: 'yesterday'; key: 'time.yesterday' }
  | { kind: 'weekday'; key: `weekday.${number}`; weekday: number }
  | { kind: 'date'; text: string };

export const WEEKDAYS_EN = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function chatListTimeToken(at: ConfigType, now: Date): ChatListTime | null {
  const when = dayjs(at);
  if (at === null || at === undefined || !when.isValid()) return null;
  const days = dayjs(now).startOf('day').diff(when.startOf('day'), 'day');
  if (days <= 0 && when.isSame(now, 'day')) return { kind: 'time', text: when.format('HH:mm') };
  if (days === 1) return { kind: 'yesterday', key: 'time.yesterday' };
  if (days > 1 && days < 7) return { kind: 'weekday', key: `weekday.${when.day()}`, weekday: when.day() };
  return { kind: 'date', text: when.format(when.isSame(now, 'year') ? 'DD/MM' : 'DD/MM/YY') };
}

/** English words when no translate function is given. */
export function chatListTime(at: ConfigType, now: Date, translate?: (key: string) => string): string {
  const token = chatListTimeToken(at, now);
  if (!token) return '';
  if (token.kind === 'time' || token.kind === 'date') return token.text;
  if (translate) return translate(token.key);
  return token.kind === 'yesterday' ? 'Yesterday' : WEEKDAYS_EN[token.weekday];
}
