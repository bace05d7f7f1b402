// Field checks composed into a form validator that returns field-named errors (spec 5 messages).
// A format check passes on a blank value so optional fields stay optional; `required` catches blanks.
import {
  type FieldError,
  hasMaxLength,
  hasMinLength,
  isBlank,
  isClockTime,
  isColor,
  isEmail,
  isJson,
  isLatitude,
  isLongitude,
  isNumber,
  isTel,
  isUrl,
  MESSAGES,
  TEL_MAX_LENGTH,
} from './rules';

/** Returns the error message, or null when the value passes. */
export type Check = (value: unknown) => string | null;

const format =
  (test: (value: unknown) => boolean, message: string): Check =>
  (value) =>
    isBlank(value) || test(value) ? null : message;

export const required: Check = (value) => (isBlank(value) ? MESSAGES.required : null);
export const minLength =
  (min: number): Check =>
  (value) =>
    isBlank(value) || hasMinLength(value, min) ? null : MESSAGES.minLength(min);
export const maxLength =
  (max: number): Check =>
  (value) =>
    isBlank(value) || hasMaxLength(value, max) ? null : MESSAGES.maxLength(max);
export const color = format(isColor, MESSAGES.color);
export const email = format(isEmail, MESSAGES.email);
export const json = format(isJson, MESSAGES.json);
export const integer = format(isNumber, MESSAGES.number);
export const latitude = format(isLatitude, MESSAGES.latitude);
export const longitude = format(isLongitude, MESSAGES.longitude);
export const clockTime = format(isClockTime, MESSAGES.time);
export const tel = (max: number = TEL_MAX_LENGTH): Check => format((v) => isTel(v, max), MESSAGES.tel);
export const url = (options: { placeholders?: boolean } = {}): Check =>
  format((v) => isUrl(v, options), MESSAGES.url);

export type FormChecks = Record<string, readonly Check[]>;

/** Reads a field from anything: a missing object or field reads as undefined, never throws. */
function field(values: unknown, name: string): unknown {
  if (values === null || typeof values !== 'object') return undefined;
  return (values as Record<string, unknown>)[name];
}

/** The first failing check of each field, in the order the fields are listed. */
export function validateForm(values: unknown, checks: FormChecks): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, list] of Object.entries(checks)) {
    const value = field(values, name);
    for (const check of list) {
      const message = check(value);
      if (message) {
        errors.push({ field: name, message });
        break;
      }
    }
  }
  return errors;
}
