// A report row (spec 3); durations are seconds, formatted with core/format/dates formatDuration.
import { defaulted, type Infer, number, optional, string, type } from 'superstruct';

const count = () => defaulted(number(), 0);

export const ReportRow = type({
  count_bot: count(),
  count_incoming: count(),
  count_outgoing: count(),
  count_missed: count(),
  count_expired: count(),
  chat_utilization: count(),
  away_duration: count(),
  avg_first_resp_time: count(),
  avg_chat_duration: count(),
  date: optional(string()),
  time: optional(string()),
  fullnameSort: optional(string()),
});
export type ReportRow = Infer<typeof ReportRow>;

/** Chat-log categories (spec 4) and their modal titles (spec 9), each followed by a name. */
export const CHAT_LOG_TITLES = {
  bot: 'Bot chats log',
  incoming: 'Incoming chats log',
  outgoing: 'Outgoing chats log',
  missed: 'Missed chats log',
  expired: 'Expired chats log',
  all: 'Total (Incoming + Outgoing) chats log',
} as const;
export type ChatLogCategory = keyof typeof CHAT_LOG_TITLES;
