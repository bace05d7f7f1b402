// The console's HTTP calls go through core's client (core/api/client.ts): bearer token and
// channel_id on every request, retries of what is safe to repeat, success only on 200, and a 401
// with Unauthorization or Token_Expired signs the user out and returns to the root (spec 6).
import {
  type ApiClient,
  ApiError,
  type ApiErrorBody,
  createApiClient,
  type HttpMethod,
  type Query,
  UNAUTHORIZED_MESSAGES,
} from '../../core/api/client';

import { withLoading } from '../app/loadingBar';

export { ApiError, type ApiErrorBody };

let getToken: () => string | null = () => null;
let getChannelId: () => string | null = () => null;
let onUnauthorized: () => void = () => {};

/** The one client of the console; features may pass it to core/api/endpoints functions. */
export const client: ApiClient = createApiClient({
  // Same origin as the console.
  baseURL: typeof location !== 'undefined' ? location.origin : '',
  token: () => getToken(),
  channelId: () => getChannelId(),
  onUnauthorized: () => onUnauthorized(),
});

export function configureApi(options: {
  token: () => string | null;
  channelId: () => string | null;
  unauthorized: () => void;
}) {
  getToken = options.token;
  getChannelId = options.channelId;
  onUnauthorized = options.unauthorized;
}

export interface ApiOptions {
  method?: HttpMethod;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A call the user waits for: past 200 ms it shows the loading bar (spec 9). */
export function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  return withLoading(() =>
    client.request<T>(options.method ?? 'GET', path, {
      query: options.query as Query | undefined,
      body: options.body,
      headers: options.headers,
      signal: options.signal,
    }),
  );
}

// ---------- calls made outside the client: file downloads, uploads with progress ----------

/** The bearer token and channel_id the client would send. */
export function sessionHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const bearer = getToken();
  const channelId = getChannelId();
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (channelId) headers.channel_id = channelId;
  return headers;
}

/** What the client does with a 401 (spec 6): Unauthorization or Token_Expired signs the user out. */
export function signOutIfUnauthorized(status: number, body: unknown): void {
  const message = (body as { message?: unknown } | null)?.message;
  if (status === 401 && (UNAUTHORIZED_MESSAGES as readonly unknown[]).includes(message)) onUnauthorized();
}

/** fetch with the session's headers; a 401 signs out as the client's calls do. */
export async function sessionFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(path, {
    ...init,
    headers: { ...sessionHeaders(), ...(init.headers as Record<string, string> | undefined) },
  });
  if (res.status === 401)
    signOutIfUnauthorized(
      401,
      await res
        .clone()
        .json()
        .catch(() => null),
    );
  return res;
}

/** An opened XMLHttpRequest (for upload progress) with the session's headers and a JSON answer; a
 *  401 signs out as the client's calls do. The caller sets its handlers and sends. */
export function sessionXhr(method: HttpMethod, path: string): XMLHttpRequest {
  const xhr = new XMLHttpRequest();
  xhr.open(method, path);
  for (const [name, value] of Object.entries(sessionHeaders())) xhr.setRequestHeader(name, value);
  xhr.responseType = 'json';
  xhr.addEventListener('load', () => signOutIfUnauthorized(xhr.status, xhr.response));
  return xhr;
}

/** Hands a downloaded file to the browser under its name. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name a download's Content-Disposition gives, or `fallback`. */
export const downloadName = (res: Response, fallback: string) =>
  /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
