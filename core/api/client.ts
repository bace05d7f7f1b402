// The HTTP client every UI uses (spec 7, 8, 6): base URL from configuration, channel_id and bearer
// token on every call, 3 retries 3000 ms apart on network errors and 5xx only, success only on 200,
// and a 401 Unauthorization/Token_Expired handed to onUnauthorized (sign out, go to root).
import { createFetch } from 'ofetch';

export const API_RETRIES = 3;
export const API_RETRY_DELAY_MS = 3000;
export const UNAUTHORIZED_MESSAGES = ['Unauthorization', 'Token_Expired'] as const;

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type Query = Record<
  string,
  string | number | boolean | null | undefined | readonly (string | number)[]
>;
export type ExtraHeaders = Record<string, string>;

/** The error body of design.md `{ message, code, field? }`; status 0 means no answer (network or abort). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly field?: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
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
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
  const sleep = config.sleep ?? wait;

  function headersFor(extra?: ExtraHeaders): ExtraHeaders {
    const headers: ExtraHeaders = { ...extra };
    const channelId = config.channelId();
    if (channelId) headers.channel_id = channelId;
    const token = config.token?.();
    if (token) headers.authorization = `Bearer ${token}`;
    return headers;
  }

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let response: Awaited<ReturnType<typeof $fetch.raw>>;
      try {
        response = await $fetch.raw(path, {
          baseURL: config.baseURL,
          method,
          query: options.query as Record<string, unknown> | undefined,
          body: options.body as BodyInit | Record<string, unknown> | undefined,
          headers: headersFor(options.headers),
          signal: options.signal,
          retry: 0,
          ignoreResponseError: true,
        });
      } catch (err) {
        if (isAbort(err) || options.signal?.aborted)
          throw new ApiError(0, 'Operation canceled by the user.', 'aborted');
        if (attempt < retries) {
          await sleep(delay);
          continue;
        }
        throw new ApiError(0, err instanceof Error ? err.message : 'Network error', 'network');
      }
      if (response.status >= 500 && attempt < retries) {
        await sleep(delay);
        continue;
      }
      if (response.status === 200) return response._data as T;
      const error = errorFrom(response.status, response.statusText, response._data);
      if (error.isUnauthorized) config.onUnauthorized?.(error);
      throw error;
    }
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
