// Broadcast composer rules (spec 5 "Broadcast"): target reach, bubble count and the composer alerts.
import { MAX_BROADCAST_BUBBLES, MIN_TARGET_REACH } from '../models/broadcast';
import { type FieldError, isBlank } from './rules';

export const BROADCAST_MESSAGES = {
  targetReach: 'target reach number must be 100 or more',
  tooManyBubbles: 'Can you send Message templates only 5 Bubble.',
} as const;

/** The composer's alerts; spec 5 names them, the wording is ours. */
export const BROADCAST_ALERTS = {
  tag: 'Please select a tag name.',
  dateTime: 'Please select the correct date and time.',
  template: 'Please select a message template.',
  businessHours: 'Please add business hours.',
  name: 'Name is required.',
  file: 'File is required.',
} as const;

export interface BroadcastDraft {
  name?: unknown;
  /** 'all' friends, or 'targeting' with filters. */
  recipients?: unknown;
  messages_target?: unknown;
  target_estimate?: unknown;
  /** One entry per message bubble. */
  messages?: unknown;
  /** ISO date-time of a scheduled send; ignored when sending now. */
  broadcast_time?: unknown;
  send_now?: unknown;
}

export function isTargetReachEnough(estimate: unknown): boolean {
  return typeof estimate === 'number' && Number.isFinite(estimate) && estimate >= MIN_TARGET_REACH;
}

export function isBubbleCountAllowed(count: unknown): boolean {
  return typeof count === 'number' && Number.isInteger(count) && count <= MAX_BROADCAST_BUBBLES;
}

function hasTagChoice(targets: unknown): boolean {
  if (!Array.isArray(targets)) return false;
  return targets.some(
    (t) =>
      t && typeof t === 'object' && Array.isArray(t.option) && t.option.some((o: unknown) => !isBlank(o)),
  );
}

/** Field-named errors for a broadcast about to be saved or sent; `now` decides whether a time is past. */
export function validateBroadcast(draft: BroadcastDraft | null | undefined, now: Date): FieldError[] {
  const d: BroadcastDraft = draft && typeof draft === 'object' ? draft : {};
  const errors: FieldError[] = [];
  if (isBlank(d.name) || typeof d.name !== 'string')
    errors.push({ field: 'name', message: BROADCAST_ALERTS.name });
  if (d.recipients === 'targeting') {
    if (!hasTagChoice(d.messages_target))
      errors.push({ field: 'messages_target', message: BROADCAST_ALERTS.tag });
    else if (!isTargetReachEnough(d.target_estimate))
      errors.push({ field: 'target_estimate', message: BROADCAST_MESSAGES.targetReach });
  }
  const messages = Array.isArray(d.messages) ? d.messages : [];
  if (messages.length === 0) errors.push({ field: 'messages', message: BROADCAST_ALERTS.template });
  else if (!isBubbleCountAllowed(messages.length))
    errors.push({ field: 'messages', message: BROADCAST_MESSAGES.tooManyBubbles });
  if (d.send_now !== true) {
    const when = typeof d.broadcast_time === 'string' ? Date.parse(d.broadcast_time) : Number.NaN;
    if (!Number.isFinite(when) || when <= now.getTime())
      errors.push({ field: 'broadcast_time', message: BROADCAST_ALERTS.dateTime });
  }
  return errors;
}
