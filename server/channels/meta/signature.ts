// Meta's webhook signature: X-Hub-Signature-256 = "sha256=" + lowercase hex HMAC-SHA256 of the raw
// body with the app secret; compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function isMetaSignature(body: Buffer, appSecret: string, header: unknown): boolean {
  if (typeof header !== 'string' || !appSecret) return false;
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(match[1], 'hex'));
}

/** Compares two secrets without leaking where they differ. */
export function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || !expected) return false;
  const a = createHmac('sha256', 'compare').update(given).digest();
  const b = createHmac('sha256', 'compare').update(expected).digest();
  return timingSafeEqual(a, b);
}
