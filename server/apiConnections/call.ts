// Calls an external API for the account: placeholders filled (URL-encoded in the address, JSON-
// escaped in a JSON body, no line breaks in headers), at most API_TIMEOUT_MS, at most
// API_RESPONSE_MAX bytes read, no redirects followed, and no loopback, private or link-local
// address unless API_ALLOW_PRIVATE=true (address.ts). The answer's declared variables are
// extracted (core/apis/variables.ts). Secret values never appear in what this returns.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import {
  type ApiBodyType,
  type ApiParameter,
  fillText,
  headerValue,
  jsonStringContent,
} from '../../core/apis/connection';
import { extractVariables, type Variables } from '../../core/apis/variables';
import type { VariableOption } from '../../core/template/form';
import type { AppContext } from '../context';
import { guardedLookup, isPrivateAddress, PrivateAddress } from './address';

export const API_TIMEOUT_MS = 5_000;
export const API_RESPONSE_MAX = 256 * 1024;
const SHOWN_BODY_MAX = 20_000;
const MASK = '••••••';

export type ApiCallError =
  | 'bad_url'
  | 'private_address'
  | 'timeout'
  | 'too_large'
  | 'network'
  | 'http_status'
  | 'not_json'
  | 'disabled';

export interface CallableConnection {
  slug: string;
  method: string;
  url: string;
  headers: ApiParameter[];
  bodyType: ApiBodyType;
  body: ApiParameter[];
  bodyJson: string;
  variablesOption: VariableOption[];
}

export interface ApiCallResult {
  ok: boolean;
  status: number | null;
  error: ApiCallError | null;
  /** The answer as text (cut for showing), secrets masked. */
  body: string;
  json: unknown;
  variables: Variables;
  durationMs: number;
  request: { method: string; url: string };
}

export interface ExtraParameters {
  headers?: ApiParameter[];
  body?: ApiParameter[];
  bodyJson?: string | null;
  bodyType?: ApiBodyType;
}

interface BuiltRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | null;
  secrets: string[];
}

/** The request as it goes out: the connection's parameters, then an action's own on top. */
export function buildRequest(
  c: CallableConnection,
  values: unknown,
  extra: ExtraParameters = {},
): BuiltRequest {
  const method = c.method.toUpperCase();
  const secrets: string[] = [];
  const fill = (p: ApiParameter, encode?: (v: string) => string) => {
    const value = fillText(p.value ?? '', values, encode);
    if (p.secret && value) secrets.push(value);
    return value;
  };
  const url = new URL(fillText(c.url.trim(), values, encodeURIComponent));
  const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9, */*;q=0.5' };
  for (const h of [...c.headers, ...(extra.headers ?? [])])
    if (h.key.trim()) headers[h.key.trim().toLowerCase()] = headerValue(fill(h));
  const bodyType = extra.bodyType ?? c.bodyType;
  let body: string | null = null;
  const jsonText = extra.bodyJson?.trim() ? extra.bodyJson : c.bodyJson;
  if (bodyType === 'json' && jsonText?.trim()) {
    body = fillText(jsonText, values, jsonStringContent);
  } else {
    const fields = [...c.body, ...(extra.body ?? [])].filter((p) => p.key.trim());
    if (fields.length > 0) {
      if (method === 'GET' || method === 'DELETE') {
        for (const p of fields) url.searchParams.set(p.key.trim(), fill(p));
      } else body = JSON.stringify(Object.fromEntries(fields.map((p) => [p.key.trim(), fill(p)])));
    }
  }
  if (body !== null) headers['content-type'] ??= 'application/json';
  return { method, url, headers, body, secrets };
}

function masked(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 3) out = out.split(s).join(MASK);
  return out;
}

interface RawAnswer {
  status: number;
  contentType: string;
  bytes: Buffer;
}

function send(request: BuiltRequest, allowPrivate: boolean): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const transport = request.url.protocol === 'https:' ? https : http;
    const req = transport.request(
      request.url,
      {
        method: request.method,
        headers: {
          ...request.headers,
          ...(request.body !== null ? { 'content-length': String(Buffer.byteLength(request.body)) } : {}),
        },
        lookup: guardedLookup(allowPrivate) as unknown as net.LookupFunction,
        agent: false,
      },
      (res) => {
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > API_RESPONSE_MAX) {
          res.destroy();
          return reject(Object.assign(new Error('too large'), { code: 'too_large' }));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > API_RESPONSE_MAX) {
            res.destroy();
            req.destroy();
            reject(Object.assign(new Error('too large'), { code: 'too_large' }));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            bytes: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(API_TIMEOUT_MS, () =>
      req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })),
    );
    req.on('error', reject);
    if (request.body !== null) req.write(request.body);
    req.end();
  });
}

function errorOf(err: unknown): ApiCallError {
  if (err instanceof PrivateAddress) return 'private_address';
  const code = (err as { code?: string })?.code;
  if (code === 'timeout') return 'timeout';
  if (code === 'too_large') return 'too_large';
  return 'network';
}

/**
 * Calls the connection with `values` for its placeholders. Never throws: every failure is an
 * answer with `ok: false` and an `error`, logged here with the connection's key.
 */
export async function callApi(
  ctx: AppContext,
  connection: CallableConnection,
  values: unknown,
  extra: ExtraParameters = {},
): Promise<ApiCallResult> {
  const started = Date.now();
  let request: BuiltRequest;
  try {
    request = buildRequest(connection, values, extra);
  } catch {
    return failure('bad_url', { method: connection.method, url: connection.url }, started);
  }
  const shown = { method: request.method, url: masked(request.url.toString(), request.secrets) };
  const fail = (error: ApiCallError, extraLog: Record<string, unknown> = {}) => {
    ctx.log.warn({ api: connection.slug, error, url: shown.url, ...extraLog }, 'external API call failed');
    return failure(error, shown, started);
  };
  if (request.url.protocol !== 'http:' && request.url.protocol !== 'https:') return fail('bad_url');
  const host = request.url.hostname.replace(/^\[|\]$/g, '');
  // Literal addresses never go through a name lookup, so they are checked here.
  if (net.isIP(host) && !ctx.config.apiAllowPrivate && isPrivateAddress(host)) return fail('private_address');
  let answer: RawAnswer;
  try {
    answer = await send(request, ctx.config.apiAllowPrivate);
  } catch (err) {
    return fail(errorOf(err), { reason: err instanceof Error ? err.message : String(err) });
  }
  const text = answer.bytes.toString('utf8');
  let json: unknown = null;
  try {
    json = text.trim() ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const ok2xx = answer.status >= 200 && answer.status < 300;
  const error: ApiCallError | null = !ok2xx
    ? 'http_status'
    : json === null && text.trim()
      ? 'not_json'
      : null;
  const body = masked(
    text.length > SHOWN_BODY_MAX ? `${text.slice(0, SHOWN_BODY_MAX)}…` : text,
    request.secrets,
  );
  if (error === 'http_status')
    ctx.log.warn(
      { api: connection.slug, status: answer.status, url: shown.url },
      'external API answered an error',
    );
  const safe = json === null ? null : maskedJson(json, request.secrets);
  return {
    ok: error === null,
    status: answer.status,
    error,
    body,
    json: safe,
    variables: ok2xx && safe !== null ? extractVariables(safe, connection.variablesOption) : {},
    durationMs: Date.now() - started,
    request: shown,
  };
}

function maskedJson(json: unknown, secrets: readonly string[]): unknown {
  if (secrets.length === 0) return json;
  return JSON.parse(masked(JSON.stringify(json), secrets));
}

function failure(
  error: ApiCallError,
  request: { method: string; url: string },
  started: number,
): ApiCallResult {
  return {
    ok: false,
    status: null,
    error,
    body: '',
    json: null,
    variables: {},
    durationMs: Date.now() - started,
    request,
  };
}
