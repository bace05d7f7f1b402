// Reading request bodies and queries: every refusal is a 400 naming the field, with the spec's
// texts from core/validation (spec 5).
import { type ChatType, DEFAULT_CHAT_TYPE, isChatType } from '../../core/chat/chatTypes';
import { MESSAGES } from '../../core/validation/rules';
import { Invalid } from '../http/errors';

export type Fields = Record<string, unknown>;

export function fieldsOf(value: unknown): Fields {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
}

/** The first of several accepted names (the contract's name first, then older client names). */
function pick(fields: Fields, names: readonly string[]): unknown {
  for (const name of names) if (fields[name] !== undefined && fields[name] !== null) return fields[name];
  return undefined;
}

type Names = string | readonly string[];
const list = (names: Names) => (typeof names === 'string' ? [names] : names);

export function requiredString(fields: Fields, names: Names, options: { max?: number } = {}): string {
  const [field] = list(names);
  const value = pick(fields, list(names));
  if (typeof value !== 'string' && typeof value !== 'number') throw new Invalid(field, MESSAGES.required);
  const text = String(value);
  if (text.trim() === '') throw new Invalid(field, MESSAGES.required);
  if (options.max !== undefined && text.length > options.max)
    throw new Invalid(field, MESSAGES.maxLength(options.max));
  return text;
}

export function optionalString(fields: Fields, names: Names, options: { max?: number } = {}): string | null {
  const [field] = list(names);
  const value = pick(fields, list(names));
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' && typeof value !== 'number') throw new Invalid(field, MESSAGES.required);
  const text = String(value);
  if (options.max !== undefined && text.length > options.max)
    throw new Invalid(field, MESSAGES.maxLength(options.max));
  return text;
}

export function requiredBoolean(fields: Fields, names: Names): boolean {
  const [field] = list(names);
  const value = pick(fields, list(names));
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  throw new Invalid(field, MESSAGES.required);
}

export function optionalBoolean(fields: Fields, names: Names): boolean | null {
  return pick(fields, list(names)) === undefined ? null : requiredBoolean(fields, names);
}

export function integer(
  fields: Fields,
  names: Names,
  options: { min: number; max: number; fallback: number },
): number {
  const [field] = list(names);
  const value = pick(fields, list(names));
  if (value === undefined || value === '') return options.fallback;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n)) throw new Invalid(field, MESSAGES.number);
  if (n < options.min || n > options.max) throw new Invalid(field, MESSAGES.range(options.min, options.max));
  return n;
}

export function chatTypeOf(fields: Fields): ChatType {
  const value = fields.chat_type;
  if (value === undefined || value === '') return DEFAULT_CHAT_TYPE;
  if (!isChatType(value)) throw new Invalid('chat_type', MESSAGES.required);
  return value;
}

/** YYYY-MM-DD that is a real day. */
export function isoDay(fields: Fields, field: string): string {
  const value = requiredString(fields, field);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(+match[1], +match[2] - 1, +match[3])) : null;
  if (!match || !date || date.getUTCMonth() !== +match[2] - 1 || date.getUTCDate() !== +match[3])
    throw new Invalid(field, MESSAGES.time);
  return value;
}
