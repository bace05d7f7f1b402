// API connections in the database, always scoped to one account. What leaves the server never
// holds a secret value: a secret parameter is sent back as `{ key, value: '', secret: true,
// has_value }`, and saving it with a blank value keeps the stored one.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  API_BODY_TYPES,
  type ApiAnswers,
  type ApiConnectionInput,
  type ApiParameter,
  CONDITION_OPERATORS,
  connectionPlaceholders,
  looksSecret,
  REPLY_KINDS,
  validateApiConnection,
} from '../../core/apis/connection';
import { VARIABLE_TYPES, type VariableOption } from '../../core/template/form';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { fieldsOf } from '../chat/input';
import type { Db } from '../db/client';
import { byName } from '../db/order';
import { NotFound } from '../http/errors';
import type { CallableConnection } from './call';
import { InvalidFields } from './invalid';
import { apiConnections } from './schema';

export type ApiConnectionRow = typeof apiConnections.$inferSelect;
export const API_NOT_FOUND = SERVER_MESSAGES.apiMissing;

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function parameters(value: unknown, header: boolean): ApiParameter[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((raw) => fieldsOf(raw))
    .map((p) => {
      const key = str(p.key).trim();
      const secret = typeof p.secret === 'boolean' ? p.secret : header && looksSecret(key);
      return { key, value: str(p.value), secret };
    })
    .filter((p) => p.key !== '' || p.value !== '');
}

function variables(value: unknown, depth = 0): VariableOption[] {
  if (!Array.isArray(value)) return [];
  return value.map((raw) => {
    const v = fieldsOf(raw);
    const type = str(v.data_type);
    return {
      key: str(v.key).trim(),
      data_type: ((VARIABLE_TYPES as readonly string[]).includes(type)
        ? type
        : 'string') as VariableOption['data_type'],
      sub: depth < 3 ? variables(v.sub, depth + 1) : [],
    };
  });
}

/** apiCondition answers from a body (or an action's own `action.conditions`). */
export function readAnswers(value: unknown): ApiAnswers {
  const a = fieldsOf(value);
  const conditions = Array.isArray(a.conditions) ? a.conditions : [];
  return {
    conditions: conditions.map((raw) => {
      const c = fieldsOf(raw);
      const reply = fieldsOf(c.reply);
      const kind = str(reply.type);
      const operator = str(c.operator);
      return {
        variable: str(c.variable).trim(),
        operator: ((CONDITION_OPERATORS as readonly string[]).includes(operator)
          ? operator
          : '') as ApiAnswers['conditions'][number]['operator'],
        value: str(c.value),
        reply: {
          type: ((REPLY_KINDS as readonly string[]).includes(kind) ? kind : '') as 'text',
          text: str(reply.text),
          id: str(reply.id),
        },
      };
    }),
    fallback: str(a.fallback),
  };
}

function samples(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fieldsOf(value))) if (k.length <= 100) out[k] = str(v).slice(0, 500);
  return out;
}

/** A secret left blank keeps the stored value of the same key. */
function keepSecrets(next: ApiParameter[], stored: readonly ApiParameter[]): ApiParameter[] {
  return next.map((p) => {
    if (!p.secret || p.value !== '') return p;
    const old = stored.find((s) => s.key.toLowerCase() === p.key.toLowerCase() && s.secret);
    return old ? { ...p, value: old.value } : p;
  });
}

/** A create or update body (keys left out keep their stored value), checked by field. */
export function readConnectionInput(body: unknown, stored: ApiConnectionRow | null): ApiConnectionInput {
  const b = fieldsOf(body);
  const has = (k: string) => b[k] !== undefined;
  const method = str(b.method ?? stored?.method ?? 'GET').toUpperCase();
  const bodyType = str(b.body_type ?? stored?.bodyType ?? 'fields');
  const input: ApiConnectionInput = {
    name: has('name') ? str(b.name).trim() : (stored?.name ?? ''),
    slug: has('slug') ? str(b.slug).trim() : (stored?.slug ?? ''),
    method: method as ApiConnectionInput['method'],
    url: has('url') ? str(b.url).trim() : (stored?.url ?? ''),
    headers: has('headers')
      ? keepSecrets(parameters(b.headers, true), stored?.headers ?? [])
      : (stored?.headers ?? []),
    body_type: bodyType as ApiConnectionInput['body_type'],
    body: has('body') ? keepSecrets(parameters(b.body, false), stored?.body ?? []) : (stored?.body ?? []),
    body_json: has('body_json') ? str(b.body_json) : (stored?.bodyJson ?? ''),
    status: has('status')
      ? b.status === true || b.status === 'active' || b.status === 'true'
      : (stored?.status ?? true),
    variables_option: has('variables_option')
      ? variables(b.variables_option)
      : (stored?.variablesOption ?? []),
    sample_values: has('sample_values') ? samples(b.sample_values) : (stored?.sampleValues ?? {}),
    answers: has('answers') ? readAnswers(b.answers) : (stored?.answers ?? { conditions: [], fallback: '' }),
  };
  const errors = validateApiConnection(input);
  if (!(API_BODY_TYPES as readonly string[]).includes(bodyType))
    errors.push({ field: 'body_type', message: 'This field is required.' });
  if (errors.length > 0) throw new InvalidFields(errors);
  return input;
}

export function columnsOf(input: ApiConnectionInput) {
  return {
    name: input.name,
    slug: input.slug,
    method: input.method,
    url: input.url,
    headers: input.headers,
    bodyType: input.body_type,
    body: input.body,
    bodyJson: input.body_json,
    status: input.status,
    variablesOption: input.variables_option,
    sampleValues: input.sample_values,
    answers: input.answers,
  };
}

const hidden = (list: readonly ApiParameter[]) =>
  list.map((p) =>
    p.secret ? { key: p.key, value: '', secret: true, has_value: p.value !== '' } : { ...p, secret: false },
  );

/** The connection as the console sees it: secret values left out. */
export function connectionToWire(row: ApiConnectionRow) {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    method: row.method,
    url: row.url,
    headers: hidden(row.headers),
    body_type: row.bodyType,
    body: hidden(row.body),
    body_json: row.bodyJson,
    status: row.status,
    variables_option: row.variablesOption,
    sample_values: row.sampleValues,
    answers: row.answers,
    placeholders: connectionPlaceholders({
      url: row.url,
      headers: row.headers,
      body: row.body,
      body_json: row.bodyJson,
      body_type: row.bodyType,
    }),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function callable(row: ApiConnectionRow | ApiConnectionInput): CallableConnection {
  if ('bodyType' in row)
    return {
      slug: row.slug,
      method: row.method,
      url: row.url,
      headers: row.headers,
      bodyType: row.bodyType,
      body: row.body,
      bodyJson: row.bodyJson,
      variablesOption: row.variablesOption,
    };
  return {
    slug: row.slug,
    method: row.method,
    url: row.url,
    headers: row.headers,
    bodyType: row.body_type,
    body: row.body,
    bodyJson: row.body_json,
    variablesOption: row.variables_option,
  };
}

export async function listConnections(db: Db, accountId: string) {
  return db
    .select()
    .from(apiConnections)
    .where(eq(apiConnections.accountId, accountId))
    .orderBy(...byName(apiConnections.name), asc(apiConnections.createdAt));
}

export async function findConnection(db: Db, accountId: string, id: string): Promise<ApiConnectionRow> {
  const [row] = await db
    .select()
    .from(apiConnections)
    .where(and(eq(apiConnections.accountId, accountId), eq(apiConnections.id, id)))
    .limit(1);
  if (!row) throw new NotFound(API_NOT_FOUND);
  return row;
}

/** The connection an action or template names: its key (slug, any case) or its id. */
export async function connectionByKey(
  db: Db,
  accountId: string,
  key: string,
): Promise<ApiConnectionRow | null> {
  const wanted = key.trim();
  if (!wanted) return null;
  const [row] = await db
    .select()
    .from(apiConnections)
    .where(
      and(
        eq(apiConnections.accountId, accountId),
        sql`(lower(${apiConnections.slug}) = lower(${wanted}) or ${apiConnections.id} = ${wanted})`,
      ),
    )
    .limit(1);
  return row ?? null;
}
