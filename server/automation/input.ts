// Request bodies read through the core structs: a missing or mistyped field is a 400 naming it
// (spec 5's 'This field is required.' for a missing one).
import { type Struct, validate } from 'superstruct';
import { fieldPath } from '../../core/template/form';
import { MESSAGES } from '../../core/validation/rules';
import { NotFound } from '../http/errors';
import { InvalidReply } from './send';

export function readBody<T>(struct: Struct<T, unknown>, body: unknown): T {
  const [error, value] = validate(body ?? {}, struct, { coerce: true });
  if (error) {
    throw new InvalidReply(
      error.failures().map((f) => ({
        field: fieldPath(f.path),
        message: f.value === undefined || f.value === null ? MESSAGES.required : f.message,
      })),
    );
  }
  return value;
}

const ID = /^[a-z0-9]{1,64}$/;

export function idParam(params: unknown, notFound: string): string {
  const id = (params as { id?: string }).id ?? '';
  if (!ID.test(id)) throw new NotFound(notFound);
  return id;
}
