// Spec 7 and 9: "The HTTP client retries 3 times, 3000 ms apart. Success is status 200." Network
// errors and 5xx are retried, a 4xx never; the rule core/api/client.ts and the widget share.
import { describe, expect, it } from 'vitest';
import {
  HTTP_RETRIES,
  HTTP_RETRY_DELAY_MS,
  isRetryableStatus,
  isSuccessStatus,
  withRetries,
} from '../../../core/http/retry';

/** An attempt that plays `script` in order: a status answers, 'down' throws like a network error. */
function scripted(script: (number | 'down')[]) {
  const calls: number[] = [];
  const waits: number[] = [];
  const attempt = async () => {
    const step = script[Math.min(calls.length, script.length - 1)];
    calls.push(calls.length);
    if (step === 'down') throw new TypeError('Failed to fetch');
    return { status: step };
  };
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  return { attempt, sleep, calls, waits };
}

describe('withRetries (spec 7, 9)', () => {
  it('uses the spec numbers', () => {
    expect(HTTP_RETRIES).toBe(3);
    expect(HTTP_RETRY_DELAY_MS).toBe(3000);
    expect([200, 201, 204, 304].map(isSuccessStatus)).toEqual([true, false, false, false]);
    expect([400, 404, 429, 499, 500, 503].map(isRetryableStatus)).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
  });

  it.each([
    ['an answer at once', [200], 200, 1],
    ['a 4xx, never repeated', [404, 200], 404, 1],
    ['a 5xx then success', [503, 200], 200, 2],
    ['network errors then success', ['down', 'down', 200], 200, 3],
    ['a 5xx on every try: the last one after 3 retries', [500], 500, 4],
  ] as const)('%s', async (_name, script, status, tries) => {
    const s = scripted([...script]);
    const answer = await withRetries(s.attempt, { sleep: s.sleep });
    expect(answer.status).toBe(status);
    expect(s.calls).toHaveLength(tries);
    expect(s.waits).toEqual(Array(tries - 1).fill(3000));
  });

  it('throws the network error once the 3 retries are spent', async () => {
    const s = scripted(['down']);
    await expect(withRetries(s.attempt, { sleep: s.sleep })).rejects.toThrow('Failed to fetch');
    expect(s.calls).toHaveLength(4);
    expect(s.waits).toEqual([3000, 3000, 3000]);
  });

  it('sends once when told not to retry, and never repeats a cancelled call', async () => {
    const once = scripted([500, 200]);
    expect((await withRetries(once.attempt, { retries: 0, sleep: once.sleep })).status).toBe(500);
    expect(once.calls).toHaveLength(1);
    const abort = new DOMException('aborted', 'AbortError');
    let tries = 0;
    const cancelled = withRetries(
      async () => {
        tries++;
        throw abort;
      },
      { isFinal: (e) => e === abort, sleep: async () => {} },
    );
    await expect(cancelled).rejects.toBe(abort);
    expect(tries).toBe(1);
  });
});
