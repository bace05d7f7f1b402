// What the reply composer may send (spec 5 "Chat").
import { isBlank } from './rules';

/** Blank reply text (only spaces and line breaks) is not sent. */
export function isSendableText(value: unknown): value is string {
  return typeof value === 'string' && !isBlank(value);
}

/**
 * Pasted text arrives as plain text with the spaces and line breaks around it removed, Windows and
 * old-Mac line breaks made plain, and invisible control characters dropped. Inner spaces and line
 * breaks stay: removing them would run a pasted sentence together.
 */
export function cleanPastedText(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\p{Cc}\u200B\uFEFF]/gu, (c) => (c === '\n' || c === '\t' ? c : ''))
    .replace(/^[ \t\n\u00A0]+|[ \t\n\u00A0]+$/g, '');
}
