// A message from core's rules or from the server (spec 5 and 8 texts, in English) in the console's
// language; one no list knows is shown as it was written.
import { translateMessage } from '../../core/text/messageKeys';
import { t } from './i18n';

export function localMessage(message: string): string {
  return knownMessage(message) ?? message;
}

/** The message in the console's language, or null when no list knows it. */
export function knownMessage(message: string | null | undefined): string | null {
  return translateMessage(message, t);
}
