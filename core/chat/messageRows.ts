// How the message pane lays messages out (spec 4): a date divider when the day changes, and
// consecutive messages of the same type, sender and minute share one avatar and one time label
// (avatar on the first of the run, time on the last).
import dayjs from 'dayjs';
import { formatDate } from '../format/dates';
import type { Message } from '../models/message';

export type MessageRow<M> =
  | { kind: 'divider'; day: string; label: string }
  | { kind: 'message'; message: M; showAvatar: boolean; showTime: boolean };

type Groupable = Pick<Message, 'type' | 'timestamp' | 'from_id' | 'from_type'>;

const minute = (m: Groupable) => Math.floor(m.timestamp / 60);
const sender = (m: Groupable) => `${m.from_type ?? ''}:${m.from_id ?? ''}`;
const day = (m: Groupable) => dayjs(m.timestamp * 1000).format('YYYY-MM-DD');

export function sameGroup(a: Groupable, b: Groupable): boolean {
  return a.type === b.type && sender(a) === sender(b) && minute(a) === minute(b);
}

export function messageRows<M extends Groupable>(messages: readonly M[]): MessageRow<M>[] {
  const rows: MessageRow<M>[] = [];
  messages.forEach((message, i) => {
    const prev = messages[i - 1];
    const next = messages[i + 1];
    const today = day(message);
    const newDay = !prev || day(prev) !== today;
    if (newDay) rows.push({ kind: 'divider', day: today, label: formatDate(message.timestamp * 1000) });
    rows.push({
      kind: 'message',
      message,
      showAvatar: newDay || !sameGroup(prev, message),
      showTime: !next || day(next) !== today || !sameGroup(message, next),
    });
  });
  return rows;
}

/**
 * Spec 4: the first customer message not yet replied to whose minute is the current minute is
 * marked top-unread. Returns its index, or -1.
 */
export function topUnreadIndex(
  messages: readonly Pick<Message, 'type' | 'timestamp' | 'is_replied'>[],
  now: Date,
): number {
  const nowMinute = Math.floor(now.getTime() / 60_000);
  return messages.findIndex(
    (m) => m.type === 'question' && !m.is_replied && Math.floor(m.timestamp / 60) === nowMinute,
  );
}
