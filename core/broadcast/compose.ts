// A broadcast as the composer saves it (spec 2, 3, 5): a name, 1 to 5 message bubbles of the reply
// item types (core/automation/replyMessage.ts, so templates from the editor and files from the
// media library are picked the same way), who receives it, and when. Saving a draft needs only a
// name; scheduling or sending needs everything, with spec 5's texts.
import { array, defaulted, enums, type Infer, nullable, number, optional, string, type } from 'superstruct';
import { ReplyItem, validateReplyMessage } from '../automation/replyMessage';
import { BROADCAST_RECIPIENTS, MAX_BROADCAST_BUBBLES, MessagesTarget } from '../models/broadcast';
import { BROADCAST_ALERTS, BROADCAST_MESSAGES, validateBroadcast } from '../validation/broadcast';
import { type FieldError, hasMaxLength, isBlank, MESSAGES } from '../validation/rules';

/** The bubble types the composer offers (the reply types that make sense for everyone at once). */
export const BROADCAST_MESSAGE_TYPES = [
  'text',
  'image',
  'video',
  'file',
  'sticker',
  'template_message',
  'carousel',
  'imageMap',
  'button',
  'location',
] as const;
export type BroadcastMessageType = (typeof BROADCAST_MESSAGE_TYPES)[number];

/**
 * Who a filter picks: contacts with any of the tags, on any of the channels, or verified /
 * not verified. Several filters must all match; an excluded target matching any of its
 * filters takes the contact out.
 */
export const TARGET_TYPES = ['tag', 'channel', 'verify'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];
export const VERIFY_OPTIONS = ['verified', 'unverified'] as const;

/** Platforms a broadcast reaches (web widget visitors are not friends of the account). */
export const BROADCAST_CHANNEL_TYPES = ['line', 'messenger', 'instagram', 'wechat'] as const;

export const BROADCAST_LIMITS = {
  name: 100,
  targets: 10,
  options: 200,
  /** How far ahead a broadcast may be scheduled. */
  aheadDays: 365,
} as const;

/** The three things the composer can do with what it holds. */
export const BROADCAST_ACTIONS = ['draft', 'schedule', 'send_now'] as const;
export type BroadcastAction = (typeof BROADCAST_ACTIONS)[number];

export const BroadcastBody = type({
  name: defaulted(string(), ''),
  messages: defaulted(array(ReplyItem), () => []),
  broadcast_time: optional(nullable(string())),
  recipients: defaulted(enums(BROADCAST_RECIPIENTS), 'all'),
  messages_target: defaulted(array(MessagesTarget), () => []),
  excluded_target: defaulted(array(MessagesTarget), () => []),
  target_estimate: optional(nullable(number())),
});
export type BroadcastBody = Infer<typeof BroadcastBody>;

export const TARGET_MESSAGES = {
  unknownType: 'This filter is not supported.',
  tooMany: `At most ${BROADCAST_LIMITS.targets} filters are allowed.`,
} as const;

function validateTargets(
  list: BroadcastBody['messages_target'],
  field: string,
  add: (f: string, m: string) => void,
) {
  if (list.length > BROADCAST_LIMITS.targets) add(field, TARGET_MESSAGES.tooMany);
  list.forEach((target, i) => {
    if (!(TARGET_TYPES as readonly string[]).includes(target.type))
      add(`${field}[${i}].type`, TARGET_MESSAGES.unknownType);
    else if (target.option.length > BROADCAST_LIMITS.options || target.option.some((o) => o.length > 64))
      add(`${field}[${i}].option`, MESSAGES.maxLength(64));
    else if (
      target.type === 'verify' &&
      target.option.some((o) => !(VERIFY_OPTIONS as readonly string[]).includes(o))
    )
      add(`${field}[${i}].option`, TARGET_MESSAGES.unknownType);
  });
}

/**
 * Field-named problems of a broadcast about to be saved (`draft`) or sent (`schedule`,
 * `send_now`). `reach` is the server's own count of who the targeting picks (the composer's
 * estimate is never trusted); `now` decides whether a time is past.
 */
export function validateBroadcastBody(
  body: BroadcastBody,
  action: BroadcastAction,
  now: Date,
  reach?: number | null,
): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const add = (field: string, message: string) => {
    if (seen.has(field)) return;
    seen.add(field);
    errors.push({ field, message });
  };
  if (isBlank(body.name)) add('name', BROADCAST_ALERTS.name);
  else if (!hasMaxLength(body.name, BROADCAST_LIMITS.name))
    add('name', MESSAGES.maxLength(BROADCAST_LIMITS.name));
  if (body.messages.length > MAX_BROADCAST_BUBBLES) add('messages', BROADCAST_MESSAGES.tooManyBubbles);
  body.messages.forEach((m, i) => {
    if (!(BROADCAST_MESSAGE_TYPES as readonly string[]).includes(m.type))
      add(`messages[${i}].type`, TARGET_MESSAGES.unknownType);
  });
  validateTargets(body.messages_target, 'messages_target', add);
  validateTargets(body.excluded_target, 'excluded_target', add);
  if (action === 'draft') return errors;

  for (const e of validateBroadcast(
    { ...body, target_estimate: reach ?? body.target_estimate, send_now: action === 'send_now' },
    now,
  ))
    add(e.field, e.message);
  if (action === 'schedule' && !seen.has('broadcast_time')) {
    const when = Date.parse(body.broadcast_time ?? '');
    if (when - now.getTime() > BROADCAST_LIMITS.aheadDays * 86_400_000)
      add('broadcast_time', BROADCAST_ALERTS.dateTime);
  }
  if (body.messages.length > 0 && body.messages.length <= MAX_BROADCAST_BUBBLES) {
    // Every bubble complete for its type (media need a file, templates a pick, …).
    for (const e of validateReplyMessage({
      name: body.name || '-',
      items: body.messages,
      quick_replies: [],
      is_active: true,
    })) {
      if (!e.field.startsWith('items')) continue;
      add(e.field.replace(/^items/, 'messages'), e.message);
    }
  }
  return errors;
}

/** What the list's tabs show (spec 2): Expired ones sit with the failed, sending ones with the scheduled. */
export const TAB_STATUSES = {
  Scheduled: ['Scheduled', 'Sending'],
  Drafts: ['Drafts'],
  Sent: ['Sent'],
  'All Time': null,
  Failed: ['Failed', 'Expired'],
} as const;

/** A broadcast is being sent: past 'Scheduled', before its outcome. */
export const SENDING_STATUS = 'Sending';
export type BroadcastState = 'Drafts' | 'Scheduled' | 'Sending' | 'Sent' | 'Failed' | 'Expired';

/** Whether the composer may still change it (not started). */
export function isEditable(status: BroadcastState): boolean {
  return status === 'Drafts' || status === 'Scheduled';
}
