// Contact field values by type (spec 3: date, date_time, array, other), the same on the form, the
// import and the server. Stored forms: date 'YYYY-MM-DD'; date_time 'YYYY-MM-DDTHH:mm' (the
// account's local time, as typed); array a list of strings; other a string. Empty is null.
import type { ContactDetailType } from '../models/contact';
import { MESSAGES } from './rules';

/** Spec 9: text limits are 300 generally. */
export const FIELD_VALUE_MAX_LENGTH = 300;
export const FIELD_ARRAY_MAX_ITEMS = 50;
export const FIELD_KEY_MAX_LENGTH = 50;
export const FIELD_LABEL_MAX_LENGTH = 100;

export const FIELD_MESSAGES = {
  date: 'date is invalid format',
  dateTime: 'date and time is invalid format',
  key: 'Use letters, digits and _ only, starting with a letter.',
} as const;

export type FieldValue = string | string[] | null;
export type FieldResult = { ok: true; value: FieldValue } | { ok: false; message: string };

const pad = (n: number) => String(n).padStart(2, '0');

function realDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** 'YYYY-MM-DD' or 'DD/MM/YYYY' (spec 9's display form) → 'YYYY-MM-DD', else null. */
export function parseDay(text: string): string | null {
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (m && realDay(+m[1], +m[2], +m[3])) return `${m[1]}-${pad(+m[2])}-${pad(+m[3])}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (m && realDay(+m[3], +m[2], +m[1])) return `${m[3]}-${pad(+m[2])}-${pad(+m[1])}`;
  return null;
}

/** A day plus HH:mm (ISO with T or a space, or 'DD/MM/YYYY HH:mm'); seconds and zones are dropped. */
export function parseDayTime(text: string): string | null {
  const m = /^(.+?)[T ](\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/.exec(text);
  if (!m) return null;
  const day = parseDay(m[1]);
  const hour = +m[2];
  const minute = +m[3];
  if (!day || hour > 23 || minute > 59) return null;
  return `${day}T${pad(hour)}:${pad(minute)}`;
}

function textOf(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw.toISOString();
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  if (typeof raw === 'string') return raw.trim();
  return null;
}

/** Checks and normalises a value for a field of `type`; '' and null clear it. */
export function normalizeFieldValue(type: ContactDetailType, raw: unknown): FieldResult {
  if (type === 'array') {
    const list = Array.isArray(raw)
      ? raw
      : typeof raw === 'string'
        ? raw.split(/[,\n]/)
        : raw === null || raw === undefined
          ? []
          : [raw];
    const items: string[] = [];
    for (const item of list) {
      const text = textOf(item);
      if (text === null) return { ok: false, message: MESSAGES.required };
      if (text === '') continue;
      if (text.length > FIELD_VALUE_MAX_LENGTH)
        return { ok: false, message: MESSAGES.maxLength(FIELD_VALUE_MAX_LENGTH) };
      items.push(text);
    }
    if (items.length > FIELD_ARRAY_MAX_ITEMS)
      return { ok: false, message: MESSAGES.maxLength(FIELD_ARRAY_MAX_ITEMS) };
    return { ok: true, value: items.length ? items : null };
  }
  if (raw instanceof Date && (type === 'date' || type === 'date_time')) {
    if (Number.isNaN(raw.getTime())) return { ok: false, message: FIELD_MESSAGES.date };
    const day = `${raw.getUTCFullYear()}-${pad(raw.getUTCMonth() + 1)}-${pad(raw.getUTCDate())}`;
    return {
      ok: true,
      value: type === 'date' ? day : `${day}T${pad(raw.getUTCHours())}:${pad(raw.getUTCMinutes())}`,
    };
  }
  const text = textOf(raw);
  if (text === null && raw !== null && raw !== undefined) return { ok: false, message: MESSAGES.required };
  if (!text) return { ok: true, value: null };
  if (type === 'date') {
    const day = parseDay(text) ?? parseDay(text.slice(0, 10));
    return day ? { ok: true, value: day } : { ok: false, message: FIELD_MESSAGES.date };
  }
  if (type === 'date_time') {
    const value = parseDayTime(text);
    return value ? { ok: true, value } : { ok: false, message: FIELD_MESSAGES.dateTime };
  }
  if (text.length > FIELD_VALUE_MAX_LENGTH)
    return { ok: false, message: MESSAGES.maxLength(FIELD_VALUE_MAX_LENGTH) };
  return { ok: true, value: text };
}

/** A field key: what imports, exports and the API name the field by. */
export function isFieldKey(value: unknown): boolean {
  return typeof value === 'string' && /^[A-Za-z][A-Za-z0-9_]{0,49}$/.test(value);
}

/** The text of a stored value for a table cell or an export ('' when empty). */
export function fieldValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(String).join(', ');
  return String(value);
}
