// The generic field rules of spec 5 with their exact messages. Every check takes `unknown`
// and never throws, whatever it is given (null, numbers, huge strings, emoji, Thai, RTL).

export const MESSAGES = {
  required: 'This field is required.',
  color: 'code color is invalid format',
  tel: 'tel is invalid format',
  url: 'url is invalid format',
  latitude: 'latitude is invalid format',
  longitude: 'longitude is invalid format',
  email: 'email is invalid format',
  json: 'json is invalid format',
  number: 'number is invalid format',
  time: 'time is invalid format',
  wechat: 'wechat text is invalid format',
  minLength: (min: number) => `Please enter at least ${min} characters.`,
  maxLength: (max: number) => `Please enter no more than ${max} characters.`,
  /** A whole number outside its bounds. */
  range: (min: number, max: number) => `Enter a whole number from ${min} to ${max}.`,
  /** A value outside a fixed list names the field and what it may be. */
  oneOf: (field: string, choices: readonly string[]) => `${field} must be one of: ${choices.join(', ')}.`,
} as const;

export interface FieldError {
  field: string;
  message: string;
}

/** Empty means null, undefined, or a string of only white space (spec 5: "Text is empty if null or blank"). */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim().length === 0;
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Length in user-perceived characters, so an emoji or a Thai syllable with marks counts once. */
export function textLength(value: string): number {
  return countGraphemes(value, Number.POSITIVE_INFINITY);
}

/** Segmenting one long string takes time quadratic in its length (V8), so it goes in pieces. */
const SEGMENT_CHUNK = 512;

/** Counts graphemes but stops once past `stopAfter`, so a huge input costs no more than the limit. */
function countGraphemes(value: string, stopAfter: number): number {
  let n = 0;
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    let start = 0;
    while (start < value.length) {
      const end = Math.min(value.length, start + SEGMENT_CHUNK);
      let count = 0;
      let lastIndex = 0;
      for (const segment of segmenter.segment(value.slice(start, end))) {
        count += 1;
        lastIndex = segment.index;
      }
      if (end === value.length) return n + count;
      if (count > 1) {
        // The piece's last grapheme may go on in the next piece: it is counted there.
        n += count - 1;
        start += lastIndex;
      } else {
        // One grapheme longer than a piece (thousands of combining marks): count it once.
        n += 1;
        start = end;
      }
      if (n > stopAfter) return n;
    }
    return n;
  }
  for (const _ of value) if (++n > stopAfter) break;
  return n;
}

/**
 * The longest start of `value` of whole graphemes that is at most `maxUnits` UTF-16 units long
 * (how LINE and our stored names count), so a cut never splits an emoji or a Thai syllable.
 */
export function clipToUnits(value: string, maxUnits: number): string {
  if (value.length <= maxUnits) return value;
  if (typeof Intl === 'undefined' || !('Segmenter' in Intl)) {
    let out = '';
    for (const ch of value) {
      if (out.length + ch.length > maxUnits) break;
      out += ch;
    }
    return out;
  }
  // Only the start matters; a little past the limit is enough to see where its last grapheme ends.
  const head = value.slice(0, maxUnits + SEGMENT_CHUNK);
  let end = 0;
  for (const segment of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(head)) {
    const next = segment.index + segment.segment.length;
    if (next > maxUnits) break;
    end = next;
  }
  return value.slice(0, end);
}

export function hasMinLength(value: unknown, min: number): boolean {
  if (typeof value !== 'string' || value.length < min) return false;
  return countGraphemes(value, min) >= min;
}

export function hasMaxLength(value: unknown, max: number): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'string') return false;
  // A grapheme is at least one UTF-16 unit, so a short string needs no segmenting.
  return value.length <= max || countGraphemes(value, max) <= max;
}

/** `#` followed by 3, 6 or 8 hex digits. */
export function isColor(value: unknown): boolean {
  return typeof value === 'string' && /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(value);
}

/** An integer, as a number or as a string of digits. */
export function isNumber(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value);
  return typeof value === 'string' && /^-?\d+$/.test(value);
}

/**
 * An http or https address. With `placeholders`, `{name}` parts are allowed anywhere
 * (they are filled from an API before sending).
 */
export function isUrl(value: unknown, options: { placeholders?: boolean } = {}): boolean {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return false;
  if (/\s/.test(value)) return false;
  const candidate = options.placeholders ? value.replace(/\{[^{}\s]+\}/g, 'x') : value;
  if (!/^https?:\/\//i.test(candidate)) return false;
  try {
    const url = new URL(candidate);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export function isJson(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}

/** A standard e-mail pattern (WHATWG's, as browsers use for type=email). */
export function isEmail(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    value.length <= 254 &&
    /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/.test(
      value,
    )
  );
}

function decimalIn(value: unknown, limit: number): boolean {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^-?\d{1,3}(?:\.\d+)?$/.test(text.trim())) return false;
  const n = Number(text);
  return Number.isFinite(n) && n >= -limit && n <= limit;
}

export function isLatitude(value: unknown): boolean {
  return decimalIn(value, 90);
}

export function isLongitude(value: unknown): boolean {
  return decimalIn(value, 180);
}

/** Spec 9: phone numbers hold at most 10 digits. */
export const TEL_MAX_LENGTH = 10;

/** A telephone number: digits only, 1 to `max` of them (spec 5, 9). */
export function isTel(value: unknown, max: number = TEL_MAX_LENGTH): boolean {
  const text = typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value) : value;
  return typeof text === 'string' && text.length >= 1 && text.length <= max && /^\d+$/.test(text);
}

/** A 24-hour clock time written HH:MM (location opening hours, spec 3). */
export function isClockTime(value: unknown): boolean {
  return typeof value === 'string' && /^(?:[01]\d|2[0-3]):[0-5]\d$/.test(value);
}
