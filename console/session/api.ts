// The console's HTTP calls: bearer token and channel_id on every request; a 401 with
// Unauthorization or Token_Expired signs the user out and returns to the root (spec 6).
import { ofetch } from 'ofetch';

export interface ApiErrorBody {
  message: string;
  code?: string;
  field?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }
}

let getToken: () => string | null = () => null;
let getChannelId: () => string | null = () => null;
let onUnauthorized: () => void = () => {};

export function configureApi(options: {
  token: () => string | null;
  channelId: () => string | null;
  unauthorized: () => void;
}) {
  getToken = options.token;
  getChannelId = options.channelId;
  onUnauthorized = options.unauthorized;
}

export async function api<T>(
  path: string,
  options: {
    method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
    query?: Record<string, unknown>;
    body?: unknown;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  const token = getToken();
  const channelId = getChannelId();
  if (token) headers.authorization = `Bearer ${token}`;
  if (channelId) headers.channel_id = channelId;
  try {
    return await ofetch<T>(path, {
      method: options.method ?? 'GET',
      query: options.query,
      body: options.body as Record<string, unknown> | undefined,
      headers,
      retry: 0,
    });
  } catch (err) {
    const e = err as { status?: number; data?: ApiErrorBody; statusCode?: number };
    const status = e.status ?? e.statusCode ?? 0;
    const body: ApiErrorBody =
      e.data && typeof e.data.message === 'string' ? e.data : { message: String(err), code: 'network' };
    if (status === 401 && (body.message === 'Unauthorization' || body.message === 'Token_Expired'))
      onUnauthorized();
    throw new ApiError(status, body);
  }
}
