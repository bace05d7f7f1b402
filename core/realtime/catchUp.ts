// Catching up after a socket came back without its state (the widget's and the console's). Each
// HTTP call already retries a 5xx or a network error 3 times, 3 s apart (core/http/retry.ts); this
// is for a server busy or unreachable for longer while the socket is up: nothing else would bring
// what the socket missed before the next drop.

/** A failed catch-up is tried again after this, doubling up to the max. */
export const CATCH_UP_RETRY_MS = 1_000;
export const CATCH_UP_RETRY_MAX_MS = 10_000;

/**
 * Calls `attempt` until it succeeds (resolves true), 1 s and then up to 10 s apart, for as long as
 * `current()` holds (the connection it began on is still the one up). Whether it succeeded.
 */
export async function catchUpWhile(
  attempt: () => Promise<boolean>,
  current: () => boolean,
): Promise<boolean> {
  for (let wait = CATCH_UP_RETRY_MS; ; wait = Math.min(wait * 2, CATCH_UP_RETRY_MAX_MS)) {
    if (await attempt()) return true;
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (!current()) return false;
  }
}

/** catchUpWhile for as long as the socket's current connection lasts: a new one has a new id and
 *  catches up itself. */
export function catchUpOnConnection(
  socket: { connected: boolean; id?: string },
  attempt: () => Promise<boolean>,
): Promise<boolean> {
  const id = socket.id;
  return catchUpWhile(attempt, () => socket.connected && socket.id === id);
}
