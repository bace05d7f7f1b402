// The time shown beside a chat in the list (spec 9): the time today, 'Yesterday', the weekday
// within 7 days, DD/MM within the year, DD/MM/YY before it. Words come back as locale keys so the
// UI translates them; chatListTime does it with a given translate function.
// Plain Date arithmetic, no date library: the list works this out for every row it draws.

export type ChatListTime =
  | { kind: 'time'; text: string }
  | { kind: 'yesterday'; key: 'time.yesterday' }
  | { kind: 'weekday'; key: `weekday.${number}`; weekday: number }
  | { kind: 'date'; text: string };

export const WEEKDAYS_EN = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day as a whole number of days (whatever the clock change that day). */
const dayNumber = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY_MS;

export function chatListTimeToken(at: number | Date | null | undefined, now: Date): ChatListTime | null {
  if (at === null || at === undefined) return null;
  const when = new Date(at);
  if (Number.isNaN(when.getTime())) return null;
  const days = dayNumber(now) - dayNumber(when);
  if (days === 0) return { kind: 'time', text: `${pad(when.getHours())}:${pad(when.getMinutes())}` };
  if (days === 1) return { kind: 'yesterday', key: 'time.yesterday' };
  if (days > 1 && days < 7)
    return { kind: 'weekday', key: `weekday.${when.getDay()}`, weekday: when.getDay() };
  const dayMonth = `${pad(when.getDate())}/${pad(when.getMonth() + 1)}`;
  return {
    kind: 'date',
    text:
      when.getFullYear() === now.getFullYear() ? dayMonth : `${dayMonth}/${pad(when.getFullYear() % 100)}`,
  };
}

/** English words when no translate function is given. */
export function chatListTime(
  at: number | Date | null | undefined,
  now: Date,
  translate?: (key: string) => string,
): string {
  const token = chatListTimeToken(at, now);
  if (!token) return '';
  if (token.kind === 'time' || token.kind === 'date') return token.text;
  if (translate) return translate(token.key);
  return token.kind === 'yesterday' ? 'Yesterday' : WEEKDAYS_EN[token.weekday];
}
