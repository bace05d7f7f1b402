// Customer verification (spec 3 Contact verify, issue 16): the short form a customer fills on /go
// (the fields the account asks for), who checks it (an external API, or an agent in the console),
// and what the bot says. The console and the server apply these same rules.
import {
  type FieldError,
  hasMaxLength,
  isBlank,
  isEmail,
  isNumber,
  isTel,
  MESSAGES,
} from '../validation/rules';

export const VERIFICATION_MODES = ['agent', 'api'] as const;
export type VerificationMode = (typeof VERIFICATION_MODES)[number];

export const VERIFICATION_FIELD_TYPES = ['text', 'tel', 'email', 'number', 'date'] as const;
export type VerificationFieldType = (typeof VERIFICATION_FIELD_TYPES)[number];

export const VERIFICATION_STATUSES = [
  'open',
  'pending',
  'verified',
  'rejected',
  'failed',
  'expired',
  'cancelled',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const CUSTOMER_LANGUAGES = ['en', 'th'] as const;
export type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number];

export interface VerificationField {
  key: string;
  /** Shown above the input; a preset key with no label shows the preset's label in the page's language. */
  label: string;
  type: VerificationFieldType;
  required: boolean;
}

/** Fields most accounts ask for; their labels come from the locale files. */
export const PRESET_FIELDS: readonly VerificationField[] = [
  { key: 'phone', label: '', type: 'tel', required: true },
  { key: 'member_no', label: '', type: 'text', required: false },
  { key: 'email', label: '', type: 'email', required: false },
  { key: 'birth_date', label: '', type: 'date', required: false },
];
export const DEFAULT_FIELDS: readonly VerificationField[] = [PRESET_FIELDS[0]];

/** What the bot and the /go page say; blank ones use the locale's default. */
export const VERIFICATION_TEXT_KEYS = [
  'intro',
  'button',
  'already',
  'success',
  'pending',
  'rejected',
  'failed',
  'logout',
  'notVerified',
] as const;
export type VerificationTextKey = (typeof VERIFICATION_TEXT_KEYS)[number];
export type VerificationTexts = Record<VerificationTextKey, string>;

export const VERIFICATION_LIMITS = {
  fields: 8,
  key: 40,
  label: 60,
  text: 300,
  buttonText: 20,
  value: 100,
  /** Wrong answers a link takes before it stops working. */
  attempts: 5,
  /** Minutes a verify link stays usable. */
  linkMinutes: 60,
} as const;

export const VERIFICATION_MESSAGES = {
  date: 'date is invalid format',
  duplicateKey: 'This key is used twice.',
  key: 'Use letters, digits and _ only.',
  noFields: 'Add at least one field.',
  noApi: 'Choose the API that checks the answers.',
} as const;

export interface VerificationSettingsInput {
  mode: VerificationMode;
  api_connection_id: string | null;
  fields: VerificationField[];
  texts: Partial<VerificationTexts>;
  language: CustomerLanguage;
}

const KEY = /^[A-Za-z][A-Za-z0-9_]*$/;

export function validateVerificationSettings(s: VerificationSettingsInput): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });
  if (!(VERIFICATION_MODES as readonly string[]).includes(s.mode)) add('mode', MESSAGES.required);
  if (s.mode === 'api' && isBlank(s.api_connection_id)) add('api_connection_id', VERIFICATION_MESSAGES.noApi);
  if (!(CUSTOMER_LANGUAGES as readonly string[]).includes(s.language)) add('language', MESSAGES.required);
  if (s.fields.length === 0) add('fields', VERIFICATION_MESSAGES.noFields);
  if (s.fields.length > VERIFICATION_LIMITS.fields)
    add('fields', `At most ${VERIFICATION_LIMITS.fields} are allowed.`);
  const seen = new Set<string>();
  s.fields.forEach((f, i) => {
    const at = `fields[${i}]`;
    if (isBlank(f.key)) add(`${at}.key`, MESSAGES.required);
    else if (f.key.length > VERIFICATION_LIMITS.key)
      add(`${at}.key`, MESSAGES.maxLength(VERIFICATION_LIMITS.key));
    else if (!KEY.test(f.key)) add(`${at}.key`, VERIFICATION_MESSAGES.key);
    else if (seen.has(f.key.toLowerCase())) add(`${at}.key`, VERIFICATION_MESSAGES.duplicateKey);
    seen.add((f.key ?? '').toLowerCase());
    if (!hasMaxLength(f.label ?? '', VERIFICATION_LIMITS.label))
      add(`${at}.label`, MESSAGES.maxLength(VERIFICATION_LIMITS.label));
    else if (isBlank(f.label) && !PRESET_FIELDS.some((p) => p.key === f.key))
      add(`${at}.label`, MESSAGES.required);
    if (!(VERIFICATION_FIELD_TYPES as readonly string[]).includes(f.type))
      add(`${at}.type`, MESSAGES.required);
  });
  for (const key of VERIFICATION_TEXT_KEYS) {
    const value = s.texts[key];
    const max = key === 'button' ? VERIFICATION_LIMITS.buttonText : VERIFICATION_LIMITS.text;
    if (value !== undefined && !hasMaxLength(value, max)) add(`texts.${key}`, MESSAGES.maxLength(max));
  }
  return errors;
}

function isDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** The customer's answers, trimmed (a phone number loses its spaces and dashes). */
export function cleanAnswers(fields: readonly VerificationField[], form: Record<string, unknown>) {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const raw = form[f.key];
    let value = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
    if (f.type === 'tel') value = value.replace(/[\s\-().]/g, '');
    out[f.key] = value;
  }
  return out;
}

/** Spec 5 texts for each answer that is missing or malformed. */
export function validateAnswers(
  fields: readonly VerificationField[],
  answers: Record<string, string>,
): FieldError[] {
  const errors: FieldError[] = [];
  for (const f of fields) {
    const value = answers[f.key] ?? '';
    const add = (message: string) => errors.push({ field: f.key, message });
    if (value === '') {
      if (f.required) add(MESSAGES.required);
      continue;
    }
    if (!hasMaxLength(value, VERIFICATION_LIMITS.value)) add(MESSAGES.maxLength(VERIFICATION_LIMITS.value));
    else if (f.type === 'tel' && !isTel(value)) add(MESSAGES.tel);
    else if (f.type === 'email' && !isEmail(value)) add(MESSAGES.email);
    else if (f.type === 'number' && !isNumber(value)) add(MESSAGES.number);
    else if (f.type === 'date' && !isDay(value)) add(VERIFICATION_MESSAGES.date);
  }
  return errors;
}
