// Broadcasts (spec 3 "Broadcast", spec 2 tabs, spec 4 statuses).
import {
  array,
  defaulted,
  enums,
  type Infer,
  nullable,
  number,
  optional,
  size,
  string,
  type,
  unknown,
} from 'superstruct';

/** Spec 5, 9: at most 5 bubbles; a filtered target must reach at least 100. */
export const MAX_BROADCAST_BUBBLES = 5;
export const MIN_TARGET_REACH = 100;

export const BROADCAST_STATUSES = ['Scheduled', 'Drafts', 'Sent', 'Failed', 'Expired'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];
export const BROADCAST_TABS = ['Scheduled', 'Drafts', 'Sent', 'All Time', 'Failed'] as const;

export const BROADCAST_RECIPIENTS = ['all', 'targeting'] as const;
export type BroadcastRecipients = (typeof BROADCAST_RECIPIENTS)[number];

/** A targeting entry: a filter type (e.g. tag) and the text values it matches. */
export const MessagesTarget = type({ type: string(), option: defaulted(array(string()), () => []) });
export type MessagesTarget = Infer<typeof MessagesTarget>;

export const BroadcastMessageStats = type({
  click: defaulted(number(), 0),
  view: defaulted(number(), 0),
});

export const Broadcast = type({
  _id: optional(string()),
  name: defaulted(string(), ''),
  /** Message bubbles; their content shape belongs to core/template. */
  messages: defaulted(size(array(unknown()), 0, MAX_BROADCAST_BUBBLES), () => []),
  /** ISO date-time; null sends now. */
  broadcast_time: optional(nullable(string())),
  recipients: defaulted(enums(BROADCAST_RECIPIENTS), 'all'),
  messages_target: defaulted(array(MessagesTarget), () => []),
  excluded_target: defaulted(array(MessagesTarget), () => []),
  status: defaulted(enums(BROADCAST_STATUSES), 'Drafts'),
  target_estimate: optional(nullable(number())),
  statistics: optional(array(BroadcastMessageStats)),
});
export type Broadcast = Infer<typeof Broadcast>;
