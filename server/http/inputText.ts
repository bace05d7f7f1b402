// Text that PostgreSQL cannot store must not reach it: a NUL character is refused (400 naming the
// field), and lone UTF-16 surrogates (invalid Unicode, which jsonb refuses) become U+FFFD, as a
// browser shows them. Runs on every parsed JSON body, query string and path parameter (an id sent
// as `%00`) before any route sees them.
import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { Invalid } from './errors';

export const NOT_ALLOWED_CHARACTER = SERVER_MESSAGES.badCharacter;
const MAX_DEPTH = 64;
const LONE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const HAS_LONE_SURROGATE = new RegExp(LONE);
const LONE_SURROGATES = new RegExp(LONE, 'g');

function cleanString(value: string, field: string, stripNul = false): string {
  if (value.includes('\u0000')) {
    if (!stripNul) throw new Invalid(field || 'body', NOT_ALLOWED_CHARACTER);
    value = value.replaceAll('\u0000', '');
  }
  return HAS_LONE_SURROGATE.test(value) ? value.replace(LONE_SURROGATES, '\uFFFD') : value;
}

/** The same value with every string cleaned; keys too. Throws Invalid for NUL or absurd nesting. */
export function cleanInput(value: unknown, field = '', depth = 0, stripNul = false): unknown {
  if (typeof value === 'string') return cleanString(value, field, stripNul);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) throw new Invalid(field || 'body', SERVER_MESSAGES.tooDeep);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++)
      value[i] = cleanInput(value[i], field ? `${field}.${i}` : String(i), depth + 1, stripNul);
    return value;
  }
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    const clean = cleanString(key, field ? `${field}.${key}` : key, stripNul);
    const item = cleanInput(object[key], field ? `${field}.${clean}` : clean, depth + 1, stripNul);
    if (clean !== key) delete object[key];
    object[clean] = item;
  }
  return object;
}

/** A platform's webhook (LINE, Meta): the customer's message is kept, without the NULs. */
export function cleanPlatformInput<T>(value: T): T {
  return cleanInput(value, '', 0, true) as T;
}

export function registerInputText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.params && typeof request.params === 'object') request.params = cleanInput(request.params);
    if (request.query && typeof request.query === 'object') request.query = cleanInput(request.query);
    if (request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body))
      request.body = cleanInput(request.body);
  });
}
