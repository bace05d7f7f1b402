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
