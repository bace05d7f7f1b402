// Reading a broadcast from a request: the body through core's struct (a mistyped field is a 400
// naming it), spec 5's checks with the server's own reach count, and every problem listed.
import { type Struct, validate } from 'superstruct';
import {
  BROADCAST_ACTIONS,
  type BroadcastAction,
  BroadcastBody,
  validateBroadcastBody,
} from '../../core/broadcast/compose';
import { fieldPath } from '../../core/template/form';
import { type FieldError, MESSAGES } from '../../core/validation/rules';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { estimateReach } from './targets';

/** A 400 naming the first bad field and listing all of them (`errors`). */
export class InvalidBroadcast extends HttpError {
  constructor(readonly errors: FieldError[]) {
    super(400, errors[0]?.message ?? MESSAGES.required, 'invalid', errors[0]?.field || 'name');
  }

  override toJSON() {
    return { ...super.toJSON(), errors: this.errors };
  }
}

export function readStruct<T>(struct: Struct<T, unknown>, body: unknown): T {
  const [error, value] = validate(body ?? {}, struct, { coerce: true });
  if (error) {
    throw new InvalidBroadcast(
      error.failures().map((f) => ({
        field: fieldPath(f.path),
        message: f.value === undefined || f.value === null ? MESSAGES.required : f.message,
      })),
    );
  }
  return value;
}

export function actionOf(body: unknown): BroadcastAction {
  const action = (body as { action?: unknown } | null)?.action ?? 'draft';
  if (!(BROADCAST_ACTIONS as readonly unknown[]).includes(action))
    throw new InvalidBroadcast([{ field: 'action', message: MESSAGES.required }]);
  return action as BroadcastAction;
}

export interface ReadBroadcast {
  body: BroadcastBody;
  action: BroadcastAction;
  reach: number;
  /** Contacts reached per channel id (only channels reached). */
  byChannel: Record<string, number>;
}

/** The body, checked for `action`; throws InvalidBroadcast with every problem. */
export async function readBroadcast(
  db: Db,
  accountId: string,
  raw: unknown,
  now: Date,
): Promise<ReadBroadcast> {
  const action = actionOf(raw);
  const body = readStruct(BroadcastBody, raw);
  body.name = body.name.trim();
  if (body.recipients === 'all') body.messages_target = [];
  const errors = validateBroadcastBody(body, action, now);
  if (errors.some((e) => e.field.startsWith('messages_target') || e.field.startsWith('excluded_target')))
    throw new InvalidBroadcast(errors);
  const { total: reach, byChannel } = await estimateReach(db, accountId, {
    recipients: body.recipients,
    messagesTarget: body.messages_target,
    excludedTarget: body.excluded_target,
  });
  const checked = validateBroadcastBody(body, action, now, reach);
  if (checked.length > 0) throw new InvalidBroadcast(checked);
  return { body, action, reach, byChannel };
}
