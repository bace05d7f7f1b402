// Errors that mean "the database cannot be reached right now" (PostgreSQL restarting, a cut
// connection, a full pool), as opposed to a bug: those become 503 with Retry-After, and the next
// request after the database is back succeeds without restarting the server.

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
// PostgreSQL: connection exceptions (08…), admin shutdown, crash shutdown, cannot connect now.
const PG_CODES = /^(08...|57P01|57P02|57P03)$/;
const MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|terminating connection/i;

export const RETRY_AFTER_UNAVAILABLE_S = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || PG_CODES.test(e.code))) return true;
    if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}

/** The disk (or quota) is full: a clear 507, and the writer has already removed its partial file. */
export function isStorageFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
