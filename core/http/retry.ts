// The HTTP retry rule of spec 7 and 9, once for every client (core/api/client.ts on ofetch, the
// widget's plain-fetch client): a call that gets no answer or a 5xx is tried again, 3 times, 3000 ms
// apart; a 4xx is never repeated; only 200 is success.

export const HTTP_RETRIES = 3;
export const HTTP_RETRY_DELAY_MS = 3000;

/** Spec 7: "Success is status 200." */
export const isSuccessStatus = (status: number) => status === 200;

/** Only a server failure is worth repeating; a 4xx would answer the same again. */
export const isRetryableStatus = (status: number) => status >= 500;

export interface RetryOptions {
  /** Repeats after the first try (0 sends once, e.g. a write that is not safe to repeat). */
  retries?: number;
  delayMs?: number;
  /** Injected in tests so retries do not really wait. */
  sleep?: (ms: number) => Promise<void>;
  /** A thrown error that must not be retried (the caller cancelled). */
  isFinal?: (error: unknown) => boolean;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `attempt` until it answers with something other than a 5xx, retrying network errors (a
 * throw) and 5xx answers. Out of retries, the last 5xx answer is returned and the last error thrown,
 * so the caller turns either into its own error the same way as a first failure.
 */
export async function withRetries<R extends { status: number }>(
  attempt: () => Promise<R>,
  options: RetryOptions = {},
): Promise<R> {
  const retries = options.retries ?? HTTP_RETRIES;
  const sleep = options.sleep ?? wait;
  for (let tried = 0; ; tried++) {
    try {
      const answer = await attempt();
      if (!isRetryableStatus(answer.status) || tried >= retries) return answer;
    } catch (error) {
      if (tried >= retries || options.isFinal?.(error)) throw error;
    }
    await sleep(options.delayMs ?? HTTP_RETRY_DELAY_MS);
  }
}
