// The widget's HTTP client on plain fetch, so the chat box does not carry ofetch's bytes. The retry
// rule is core's (core/http/retry.ts, shared with core/api/client.ts); on top of it the same
// contract as core's client: channel_id and bearer token on every call, ApiError unless 200.
// Every widget call may be repeated: sends carry their temp id, which the server keeps once.
import { type ApiClient, ApiError, type Query } from '../../core/api/client';
import { isSuccessStatus, withRetries } from '../../core/http/retry';

export interface WidgetHttpConfig {
  baseURL: string;
  channelId: () => string;
  token: () => string | null;
  retryDelayMs?: number;
}

function queryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createWidgetHttp(config: WidgetHttpConfig): ApiClient {
  async function request<T>(method: string, path: string, query?: Query, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { channel_id: config.channelId() };
    const token = config.token();
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await withRetries(
        () =>
          fetch(`${config.baseURL}${path}${queryString(query)}`, {
            method,
            headers,
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
        { delayMs: config.retryDelayMs },
      );
    } catch (err) {
      throw new ApiError(0, err instanceof Error ? err.message : 'Network error', 'network');
    }
    const data = await response.json().catch(() => null);
    if (isSuccessStatus(response.status)) return data as T;
    const b = (data ?? {}) as { message?: string; code?: string; field?: string };
    throw new ApiError(response.status, b.message ?? `HTTP ${response.status}`, b.code, b.field, data);
  }

  const client = {
    request: <T>(method: string, path: string, options: { query?: Query; body?: unknown } = {}) =>
      request<T>(method, path, options.query, options.body),
    get: <T>(path: string, query?: Query) => request<T>('GET', path, query),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, undefined, body),
    patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, undefined, body),
    put: <T>(path: string, body?: unknown) => request<T>('PUT', path, undefined, body),
    delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, undefined, body),
  };
  return client as unknown as ApiClient;
}
