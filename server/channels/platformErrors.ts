// What a platform's answer means for a delivery: a refusal (4xx) fails the message with the
// platform's own reason (resendable); 429, 5xx and network trouble are retried with backoff.
import { SERVER_MESSAGES as M } from '../../core/text/serverMessages';
import { PermanentDeliveryError, TemporaryDeliveryError } from './adapters';

/** Every platform call gives up after this long; the delivery claim (30 s) outlives it. */
export const PLATFORM_TIMEOUT_MS = 15_000;

const REASON_MAX = 500;

/** Retry-After in seconds or as a date, in milliseconds; undefined when absent or odd. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The error for an answer with `status`; `reason` is the platform's words. */
export function platformFailure(
  platform: string,
  status: number,
  reason: string,
  retryAfter?: string | null,
): Error {
  const text = (
    reason ? M.platformAnswered(platform, status, reason) : M.platformAnsweredBare(platform, status)
  ).slice(0, REASON_MAX);
  if (status === 429 || status >= 500 || status === 408)
    return new TemporaryDeliveryError(text, retryAfterMs(retryAfter));
  return new PermanentDeliveryError(text);
}

/** A call that never got an answer (refused connection, DNS, timeout): worth another try. */
export function networkFailure(platform: string, err: unknown): TemporaryDeliveryError {
  const cause = err instanceof Error ? err.message : '';
  return new TemporaryDeliveryError(
    timedOut(err)
      ? M.platformNoAnswer(platform)
      : cause
        ? M.platformUnreachable(platform, cause)
        : M.platformUnreachableBare(platform),
  );
}

/** A picture to pass on that could not be fetched (no answer): worth another try. */
export function pictureNetworkFailure(err: unknown): TemporaryDeliveryError {
  const cause = err instanceof Error ? err.message : '';
  return new TemporaryDeliveryError(
    timedOut(err) || !cause ? M.pictureNoAnswer : M.pictureUnreachable(cause),
  );
}

const timedOut = (err: unknown) => err instanceof Error && err.name === 'TimeoutError';

/** Rejects after `ms` when the call has not settled; the call itself is left to finish or fail. */
export function withTimeout<T>(call: Promise<T>, ms = PLATFORM_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new Error('no answer in time');
      err.name = 'TimeoutError';
      reject(err);
    }, ms);
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}

/** The platform's explanation from a JSON error body (LINE `message`/`details`, Graph `error.message`, WeChat `errmsg`). */
export function reasonFromBody(body: string): string {
  try {
    const json = JSON.parse(body) as Record<string, unknown>;
    if (typeof json.message === 'string') {
      const details = Array.isArray(json.details)
        ? (json.details as { message?: string; property?: string }[])
            .map((d) => [d.property, d.message].filter(Boolean).join(': '))
            .filter(Boolean)
        : [];
      return details.length ? `${json.message} (${details.join('; ')})` : json.message;
    }
    const error = json.error as Record<string, unknown> | undefined;
    if (error && typeof error.message === 'string') return error.message;
    if (typeof json.errmsg === 'string') return `${json.errmsg} (${String(json.errcode)})`;
  } catch {
    // Not JSON: the text itself is the reason.
  }
  return body.trim().slice(0, 200);
}
