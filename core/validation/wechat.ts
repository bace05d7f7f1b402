// WeChat text (spec 5): 1 to 20 characters of letters, digits, hyphen, apostrophe or Chinese characters.
import type { FieldError } from './rules';
import { MESSAGES } from './rules';

export const WECHAT_TEXT_MAX = 20;

export function isWeChatText(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const chars = [...value];
  return (
    chars.length >= 1 &&
    chars.length <= WECHAT_TEXT_MAX &&
    chars.every((c) => /^[A-Za-z0-9'\-\p{Script=Han}]$/u.test(c))
  );
}

export function validateWeChatText(value: unknown, field = 'text'): FieldError[] {
  if (typeof value !== 'string' || value.length === 0) return [{ field, message: MESSAGES.required }];
  return isWeChatText(value) ? [] : [{ field, message: MESSAGES.wechat }];
}
