// An external API connection (settings "API", spec 2 and 3 "API variable settings"): where it is
// (method, URL with {placeholders}), what it is sent (headers, a body as fields or JSON), which
// response values it offers (variables_option) and, for apiCondition actions, how the bot answers
// (conditions on those values, a fallback). The console and the server check it with these rules.
import { valueAt } from '../template/apiVariables';
import type { VariableOption } from '../template/form';
import { VARIABLE_TYPES } from '../template/form';
import { type FieldError, hasMaxLength, isBlank, isJson, isUrl, MESSAGES } from '../validation/rules';

/** A value by dotted path; the templates' placeholders read values the same way. */
export { valueAt };

export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ApiMethod = (typeof API_METHODS)[number];
export const API_BODY_TYPES = ['fields', 'json'] as const;
export type ApiBodyType = (typeof API_BODY_TYPES)[number];

export const API_LIMITS = {
  name: 100,
  slug: 64,
  url: 2000,
  parameters: 30,
  parameterKey: 100,
  parameterValue: 2000,
  bodyJson: 20_000,
  variables: 50,
  conditions: 20,
  replyText: 300,
} as const;

export const API_MESSAGES = {
  slug: 'Use letters, digits, - and _ only.',
  slugTaken: 'Another API already uses this key.',
  headerName: 'This is not a valid header name.',
  duplicateKey: 'This key is used twice.',
  tooMany: (max: number) => `At most ${max} are allowed.`,
} as const;

/** A header or body field; a secret value is kept on the server and never shown again. */
export interface ApiParameter {
  key: string;
  value: string;
  secret?: boolean;
}

export const CONDITION_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'greater_than',
  'less_than',
  'exists',
  'not_exists',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];
/** Operators that need no value to compare with. */
export const VALUELESS_OPERATORS: readonly ConditionOperator[] = ['exists', 'not_exists'];

export const REPLY_KINDS = ['text', 'template', 'reply'] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];

/** What the bot answers: a text (with {placeholders} of the response), a template or a reply message. */
export interface ApiReply {
  type: ReplyKind;
  text?: string;
  id?: string;
}

export interface ApiCondition {
  variable: string;
  operator: ConditionOperator;
  value: string;
  reply: ApiReply;
}

/** apiCondition answers: the first condition that holds wins; else the fallback text. */
export interface ApiAnswers {
  conditions: ApiCondition[];
  fallback: string;
}

export interface ApiConnectionInput {
  name: string;
  slug: string;
  method: ApiMethod;
  url: string;
  headers: ApiParameter[];
  body_type: ApiBodyType;
  body: ApiParameter[];
  body_json: string;
  status: boolean;
  variables_option: VariableOption[];
  sample_values: Record<string, string>;
  answers: ApiAnswers;
}

/** Header names that usually carry credentials start out secret. */
export function looksSecret(key: string): boolean {
  return /auth|token|secret|pass|key|cookie|signature/i.test(key);
}

/** `{name}`, `{contact.phone}`, `{items[1].id}`: a name, never JSON such as `{"a":1}`. */
export const API_PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_.\-[\]]*)\}/g;

export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(API_PLACEHOLDER)].map((m) => m[1]);
}

/** Every placeholder a connection asks for, each once, in the order written. */
export function connectionPlaceholders(
  c: Pick<ApiConnectionInput, 'url' | 'headers' | 'body' | 'body_json' | 'body_type'>,
): string[] {
  const texts = [
    c.url,
    ...c.headers.map((h) => h.value),
    ...(c.body_type === 'json' ? [c.body_json] : c.body.map((b) => b.value)),
  ];
  return [...new Set(texts.flatMap((t) => placeholdersOf(t ?? '')))];
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

/** Fills placeholders with `encode(value)`; an unknown one becomes empty. */
export function fillText(text: string, values: unknown, encode: (v: string) => string = (v) => v): string {
  return text.replace(API_PLACEHOLDER, (_, path: string) => {
    const value = scalarText(valueAt(values, path));
    return value === undefined ? '' : encode(value);
  });
}

/** Inside a JSON body a value is written as JSON string content, so quotes cannot break out. */
export const jsonStringContent = (v: string) => JSON.stringify(v).slice(1, -1);

/** Header values never carry line breaks (no header injection). */
export const headerValue = (v: string) => v.replace(/[\r\n]+/g, ' ');

const SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const VARIABLE_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

function checkParameters(
  list: readonly ApiParameter[],
  field: string,
  add: (field: string, message: string) => void,
  header: boolean,
) {
  if (list.length > API_LIMITS.parameters) add(field, API_MESSAGES.tooMany(API_LIMITS.parameters));
  const seen = new Set<string>();
  list.forEach((p, i) => {
    const at = `${field}[${i}]`;
    if (isBlank(p.key)) {
      add(`${at}.key`, MESSAGES.required);
      return;
    }
    if (!hasMaxLength(p.key, API_LIMITS.parameterKey))
      add(`${at}.key`, MESSAGES.maxLength(API_LIMITS.parameterKey));
    else if (header && !HEADER_NAME.test(p.key.trim())) add(`${at}.key`, API_MESSAGES.headerName);
    const lower = p.key.trim().toLowerCase();
    if (seen.has(lower)) add(`${at}.key`, API_MESSAGES.duplicateKey);
    seen.add(lower);
    if (!hasMaxLength(p.value ?? '', API_LIMITS.parameterValue))
      add(`${at}.value`, MESSAGES.maxLength(API_LIMITS.parameterValue));
  });
}

function checkVariables(
  list: readonly VariableOption[],
  field: string,
  add: (field: string, message: string) => void,
  depth = 0,
) {
  if (list.length > API_LIMITS.variables) add(field, API_MESSAGES.tooMany(API_LIMITS.variables));
  const seen = new Set<string>();
  list.forEach((v, i) => {
    const at = `${field}[${i}]`;
    if (isBlank(v.key)) add(`${at}.key`, MESSAGES.required);
    else if (!VARIABLE_KEY.test(v.key)) add(`${at}.key`, API_MESSAGES.slug);
    else if (seen.has(v.key)) add(`${at}.key`, API_MESSAGES.duplicateKey);
    seen.add(v.key);
    if (!(VARIABLE_TYPES as readonly string[]).includes(v.data_type))
      add(`${at}.data_type`, MESSAGES.required);
    if (depth < 3 && (v.sub ?? []).length > 0) checkVariables(v.sub, `${at}.sub`, add, depth + 1);
  });
}

export function checkReply(
  reply: ApiReply | null | undefined,
  field: string,
  add: (field: string, message: string) => void,
) {
  if (!reply || !(REPLY_KINDS as readonly string[]).includes(reply.type)) {
    add(`${field}.type`, MESSAGES.required);
    return;
  }
  if (reply.type === 'text') {
    if (isBlank(reply.text)) add(`${field}.text`, MESSAGES.required);
    else if (!hasMaxLength(reply.text, API_LIMITS.replyText))
      add(`${field}.text`, MESSAGES.maxLength(API_LIMITS.replyText));
  } else if (isBlank(reply.id)) add(`${field}.id`, MESSAGES.required);
}

export function checkAnswers(
  answers: ApiAnswers,
  field: string,
  add: (field: string, message: string) => void,
) {
  if (answers.conditions.length > API_LIMITS.conditions)
    add(`${field}.conditions`, API_MESSAGES.tooMany(API_LIMITS.conditions));
  answers.conditions.forEach((c, i) => {
    const at = `${field}.conditions[${i}]`;
    if (isBlank(c.variable)) add(`${at}.variable`, MESSAGES.required);
    if (!(CONDITION_OPERATORS as readonly string[]).includes(c.operator))
      add(`${at}.operator`, MESSAGES.required);
    else if (!VALUELESS_OPERATORS.includes(c.operator) && isBlank(c.value))
      add(`${at}.value`, MESSAGES.required);
    checkReply(c.reply, `${at}.reply`, add);
  });
  if (!hasMaxLength(answers.fallback ?? '', API_LIMITS.replyText))
    add(`${field}.fallback`, MESSAGES.maxLength(API_LIMITS.replyText));
}

/** Every problem of a connection, by field (a secret left blank keeps its stored value: the server's rule). */
export function validateApiConnection(c: ApiConnectionInput): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });
  if (isBlank(c.name)) add('name', MESSAGES.required);
  else if (!hasMaxLength(c.name, API_LIMITS.name)) add('name', MESSAGES.maxLength(API_LIMITS.name));
  if (isBlank(c.slug)) add('slug', MESSAGES.required);
  else if (c.slug.length > API_LIMITS.slug) add('slug', MESSAGES.maxLength(API_LIMITS.slug));
  else if (!SLUG.test(c.slug)) add('slug', API_MESSAGES.slug);
  if (!(API_METHODS as readonly string[]).includes(c.method)) add('method', MESSAGES.required);
  if (isBlank(c.url)) add('url', MESSAGES.required);
  else if (!isUrl(c.url.replace(API_PLACEHOLDER, 'x'))) add('url', MESSAGES.url);
  checkParameters(c.headers, 'headers', add, true);
  if (c.body_type === 'json') {
    if (!isBlank(c.body_json)) {
      if (!hasMaxLength(c.body_json, API_LIMITS.bodyJson))
        add('body_json', MESSAGES.maxLength(API_LIMITS.bodyJson));
      // Placeholders stand for values: `"{name}"` inside a string or `{count}` as a number.
      else if (!isJson(c.body_json.replace(API_PLACEHOLDER, '0'))) add('body_json', MESSAGES.json);
    }
  } else checkParameters(c.body, 'body', add, false);
  checkVariables(c.variables_option, 'variables_option', add);
  checkAnswers(c.answers, 'answers', add);
  return errors;
}

/** The first condition that holds for the response values, or -1. */
export function firstMatch(conditions: readonly ApiCondition[], values: unknown): number {
  return conditions.findIndex((c) => conditionHolds(c, values));
}

export function conditionHolds(
  c: Pick<ApiCondition, 'variable' | 'operator' | 'value'>,
  values: unknown,
): boolean {
  const found = valueAt(values, c.variable.trim());
  if (c.operator === 'exists') return found !== undefined && found !== null && found !== '';
  if (c.operator === 'not_exists') return found === undefined || found === null || found === '';
  const text = Array.isArray(found)
    ? found.map((v) => scalarText(v) ?? '').join(',')
    : (scalarText(found) ?? (found && typeof found === 'object' ? JSON.stringify(found) : ''));
  const wanted = (c.value ?? '').trim();
  const asNumbers =
    text.trim() !== '' && wanted !== '' && Number.isFinite(Number(text)) && Number.isFinite(Number(wanted));
  switch (c.operator) {
    case 'equals':
      return asNumbers ? Number(text) === Number(wanted) : text.trim().toLowerCase() === wanted.toLowerCase();
    case 'not_equals':
      return asNumbers ? Number(text) !== Number(wanted) : text.trim().toLowerCase() !== wanted.toLowerCase();
    case 'contains':
      return Array.isArray(found)
        ? found.some((v) => (scalarText(v) ?? '').toLowerCase() === wanted.toLowerCase())
        : text.toLowerCase().includes(wanted.toLowerCase());
    case 'greater_than':
      return asNumbers && Number(text) > Number(wanted);
    case 'less_than':
      return asNumbers && Number(text) < Number(wanted);
    default:
      return false;
  }
}
