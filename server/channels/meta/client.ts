// Calls to Meta's Graph API (Messenger and Instagram) with the page token and its
// appsecret_proof, a time limit, and Graph's errors turned into delivery errors.
import { createHmac } from 'node:crypto';
import { SERVER_MESSAGES } from '../../../core/text/serverMessages';
import type { AppContext } from '../../context';
import { PermanentDeliveryError, TemporaryDeliveryError } from '../adapters';
import { networkFailure, PLATFORM_TIMEOUT_MS, retryAfterMs } from '../platformErrors';
import { type PlatformChannel, setting } from '../store';

export const GRAPH_VERSION = 'v21.0';

export function platformName(channel: PlatformChannel): string {
  return channel.type === 'instagram' ? 'Instagram' : 'Messenger';
}

/**
 * Graph error codes that mean "later": temporary trouble (1 unknown, 2 service unavailable, 1200
 * "Temporary send message failure"), throttling (4, 17, 32, 613) and the business use case limits
 * of Pages, Instagram and Messenger (80001, 80002, 80006). Everything else (10 or 551 outside the
 * window or unreachable person, 100 invalid parameter, 190 token, 200 permission) is final.
 */
const TEMPORARY_CODES = new Set([1, 2, 4, 17, 32, 613, 1200, 80001, 80002, 80006]);

export interface GraphError {
  message?: string;
  code?: number;
  error_subcode?: number;
  type?: string;
  /** Graph's own word that the same call may work later. */
  is_transient?: boolean;
}

export function graphFailure(
  platform: string,
  status: number,
  error: GraphError | undefined,
  retryAfter: string | null,
): Error {
  const reason = error?.message ? `${error.message}${error.code ? ` (code ${error.code})` : ''}` : '';
  const text = reason
    ? SERVER_MESSAGES.platformAnswered(platform, status, reason)
    : SERVER_MESSAGES.platformAnsweredBare(platform, status);
  const temporary =
    error?.is_transient === true || (error?.code !== undefined && TEMPORARY_CODES.has(error.code));
  if (status === 429 || status >= 500 || temporary)
    return new TemporaryDeliveryError(text, retryAfterMs(retryAfter));
  return new PermanentDeliveryError(text);
}

export async function graphCall<T>(
  ctx: AppContext,
  channel: PlatformChannel,
  method: 'GET' | 'POST',
  path: string,
  options: { query?: Record<string, string>; body?: unknown } = {},
): Promise<T> {
  const token = setting(channel, 'page_token');
  const url = new URL(`${ctx.config.graphApiBase}/${GRAPH_VERSION}${path}`);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  url.searchParams.set('access_token', token);
  const secret = channel.settings.app_secret;
  if (secret)
    url.searchParams.set('appsecret_proof', createHmac('sha256', secret).update(token).digest('hex'));
  const platform = platformName(channel);
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
    });
  } catch (err) {
    throw networkFailure(platform, err);
  }
  const text = await res.text().catch(() => '');
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const error = (json as { error?: GraphError } | null)?.error;
    throw graphFailure(
      platform,
      res.status,
      error ?? { message: text.slice(0, 200) },
      res.headers.get('retry-after'),
    );
  }
  return json as T;
}
