// The values a response offers (spec 3 variables_option: key, data_type, sub): each variable is
// read from the response by its key, made its declared type, and arrays and objects keep only the
// fields listed in `sub`. Templates, conditions and tel/uri actions read these values, nothing else.
import type { VariableOption } from '../template/form';
import { valueAt } from './connection';

export type Variables = Record<string, unknown>;

function isWebAddress(value: string): boolean {
  return /^https?:\/\/\S+$/i.test(value);
}

function scalar(value: unknown): string | number | boolean | undefined {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return undefined;
}

function fieldsOf(value: unknown, sub: readonly VariableOption[]): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  if (sub.length === 0) return value;
  const out: Variables = {};
  for (const option of sub) {
    const v = convert(valueAt(value, option.key), option);
    if (v !== undefined) out[option.key] = v;
  }
  return out;
}

/** One value as its declared type; undefined when it is missing or not that type. */
export function convert(value: unknown, option: VariableOption): unknown {
  if (value === undefined || value === null) return undefined;
  switch (option.data_type) {
    case 'string': {
      const s = scalar(value);
      return s === undefined ? undefined : String(s);
    }
    case 'number': {
      const n =
        typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
      return Number.isFinite(n) && !(typeof value === 'string' && value.trim() === '') ? n : undefined;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 1 || value === '1') return true;
      if (value === 'false' || value === 0 || value === '0') return false;
      return undefined;
    case 'image':
    case 'url':
      return typeof value === 'string' && isWebAddress(value.trim()) ? value.trim() : undefined;
    case 'array':
      if (!Array.isArray(value)) return undefined;
      return value
        .map((entry) => (option.sub.length > 0 ? fieldsOf(entry, option.sub) : scalar(entry)))
        .filter((entry) => entry !== undefined);
    case 'object':
      return fieldsOf(value, option.sub);
    default:
      return undefined;
  }
}

/** The declared variables found in a response body (parsed JSON). */
export function extractVariables(body: unknown, options: readonly VariableOption[]): Variables {
  const out: Variables = {};
  for (const option of options) {
    const value = convert(valueAt(body, option.key), option);
    if (value !== undefined) out[option.key] = value;
  }
  return out;
}
