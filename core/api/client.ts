// The HTTP client every UI uses (spec 7, 8, 6): base URL from configuration, channel_id and bearer
// token on every call, 3 retries 3000 ms apart on network errors and 5xx only (never on a 4xx, and
// only for requests that are safe to repeat), success only on 200, and a 401
// Unauthorization/Token_Expired handed to onUnauthorized (sign out, go to root).
import { createFetch } from 'ofetch';
import { HTTP_RETRIES, HTTP_RETRY_DELAY_MS, isSuccessStatus, withRetries } from '../http/retry';

export const API_RETRIES = HTTP_RETRIES;
export const API_RETRY_DELAY_MS = HTTP_RETRY_DELAY_MS;
export const UNAUTHORIZED_MESSAGES = ['Unauthorization', 'Token_Expired'] as const;

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type Query = Record<
  string,
  string | number | boolean | null | undefined | readonly (string | number)[]
>;
export type ExtraHeaders = Record<string, string>;

/** The error body of design.md, plus whatever else the server sent (e.g. `business_hour`). */
export type ApiErrorBody = { message: string; code?: string; field?: string } & Record<string, unknown>;

/** The error body of design.md `{ message, code, field? }`; status 0 means no answer (network or abort). */
export class ApiError extends Error {
  /** Spec 8: on a failure the caller gets the error response body (always with a message). */
  readonly body: ApiErrorBody;

  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly field?: string,
    body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    const sent =
      body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    this.body = { ...sent, message, ...(code ? { code } : {}), ...(field ? { field } : {}) };
  }

  get isUnauthorized(): boolean {
    return this.status === 401 && (UNAUTHORIZED_MESSAGES as readonly string[]).includes(this.message);
  }
}

export interface ApiClientConfig {
  baseURL: string;
  /** The selected chat channel; read on every call. */
  channelId: () => string | null | undefined;
  token?: () => string | null | undefined;
  onUnauthorized?: (error: ApiError) => void;
  retries?: number;
  retryDelayMs?: number;
  /** Injected in tests so retries do not really wait. */
  sleep?: (ms: number) => Promise<void>;
  /** Defaults to the global fetch. */
  fetch?: typeof globalThis.fetch;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: ExtraHeaders;
  signal?: AbortSignal;
  /** Retry on network errors and 5xx; defaults to isRetrySafe. */
  retry?: boolean;
}

/** Body fields that make a write idempotent on the server (a repeat returns what was stored). */
export const IDEMPOTENCY_FIELDS = ['tempId', 'temp_id'] as const;

function carriesIdempotencyKey(body: unknown, headers?: ExtraHeaders): boolean {
  if (headers && Object.keys(headers).some((h) => h.toLowerCase() === 'idempotency-key')) return true;
  if (typeof FormData !== 'undefined' && body instanceof FormData)
    return IDEMPOTENCY_FIELDS.some((k) => body.has(k));
  if (!body || typeof body !== 'object') return false;
  return IDEMPOTENCY_FIELDS.some((k) => typeof (body as Record<string, unknown>)[k] === 'string');
}

/**
 * Whether repeating a request cannot do a thing twice: reads, PUT and DELETE, and writes that carry
 * a temp id or an Idempotency-Key. Other POST/PATCH calls are sent once, so a retry after a lost
 * answer never creates a second note, contact or broadcast.
 */
export function isRetrySafe(method: HttpMethod, body?: unknown, headers?: ExtraHeaders): boolean {
  if (method === 'GET' || method === 'PUT' || method === 'DELETE') return true;
  return carriesIdempotencyKey(body, headers);
}

function errorFrom(status: number, statusText: string, body: unknown): ApiError {
  const b = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const message =
    text(b.message) ?? (typeof body === 'string' && body ? body : statusText || `HTTP ${status}`);
  return new ApiError(status, message, text(b.code), text(b.field), body);
}

function isAbort(err: unknown): boolean {
  const e = err as { name?: string; cause?: { name?: string } } | null;
  return e?.name === 'AbortError' || e?.cause?.name === 'AbortError';
}

export function createApiClient(config: ApiClientConfig) {
  const $fetch = createFetch({ fetch: config.fetch ?? ((...args) => globalThis.fetch(...args)) });
  const retries = config.retries ?? API_RETRIES;
  const delay = config.retryDelayMs ?? API_RETRY_DELAY_MS;
  const sleep = config.sleep;

  function headersFor(extra?: ExtraHeaders): ExtraHeaders {
    const headers: ExtraHeaders = { ...extra };
    const channelId = config.channelId();
    if (channelId) headers.channel_id = channelId;
    const token = config.token?.();
    if (token) headers.authorization = `Bearer ${token}`;
    return headers;
  }

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const allowed = (options.retry ?? isRetrySafe(method, options.body, options.headers)) ? retries : 0;
    let response: Awaited<ReturnType<typeof $fetch.raw>>;
    try {
      response = await withRetries(
        () =>
          $fetch.raw(path, {
            baseURL: config.baseURL,
            method,
            query: options.query as Record<string, unknown> | undefined,
            body: options.body as BodyInit | Record<string, unknown> | undefined,
            headers: headersFor(options.headers),
            signal: options.signal,
            retry: 0,
            ignoreResponseError: true,
          }),
        {
          retries: allowed,
          delayMs: delay,
          sleep,
          isFinal: (err) => isAbort(err) || !!options.signal?.aborted,
        },
      );
    } catch (err) {
      if (isAbort(err) || options.signal?.aborted)
        throw new ApiError(0, 'Operation canceled by the user.', 'aborted');
      throw new ApiError(0, err instanceof Error ? err.message : 'Network error', 'network');
    }
    if (isSuccessStatus(response.status)) return response._data as T;
    const error = errorFrom(response.status, response.statusText, response._data);
    if (error.isUnauthorized) config.onUnauthorized?.(error);
    throw error;
  }

  return {
    request,
    get: <T>(path: string, query?: Query, headers?: ExtraHeaders) =>
      request<T>('GET', path, { query, headers }),
    post: <T>(path: string, body?: unknown, headers?: ExtraHeaders) =>
      request<T>('POST', path, { body, headers }),
    patch: <T>(path: string, body?: unknown, headers?: ExtraHeaders) =>
      request<T>('PATCH', path, { body, headers }),
    put: <T>(path: string, body?: unknown, headers?: ExtraHeaders) =>
      request<T>('PUT', path, { body, headers }),
    delete: <T>(path: string, body?: unknown, headers?: ExtraHeaders) =>
      request<T>('DELETE', path, { body, headers }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
