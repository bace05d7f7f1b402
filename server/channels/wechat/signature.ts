// WeChat's webhook signature: SHA-1 of token, timestamp and nonce sorted and joined; compared in
// constant time. Requests older or newer than five minutes are refused (a replayed request).
import { createHash, timingSafeEqual } from 'node:crypto';

const WINDOW_SECONDS = 300;

export function wechatSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

export function isWeChatSignature(
  token: string,
  query: Record<string, unknown>,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const { signature, timestamp, nonce } = query;
  if (!token || typeof signature !== 'string' || typeof timestamp !== 'string' || typeof nonce !== 'string')
    return false;
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > WINDOW_SECONDS)
    return false;
  if (!/^[0-9a-f]{40}$/i.test(signature)) return false;
  return timingSafeEqual(
    Buffer.from(wechatSignature(token, timestamp, nonce), 'hex'),
    Buffer.from(signature, 'hex'),
  );
}
