// The chat box's strings: the "widget" section of each locale through core's translator
// (core/i18n, rosetta). English is in the box; Thai is a chunk of its own (localeTh.ts), loaded once
// a Thai widget needs it, so English visitors do not download it.
import { type Translate as CoreTranslate, createI18n } from '../../core/i18n/index';
import { MESSAGES } from '../../core/validation/rules';
import { widget as en } from '../../locales/en.json';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

let th: Record<string, unknown> | null = null;
let thLoading: Promise<void> | null = null;

/** Resolves once the locale's strings are here (at once for English); a failed load may be retried. */
export function loadLocale(locale: string): Promise<void> {
  if (locale !== 'th' || th) return Promise.resolve();
  thLoading ??= import('./localeTh').then(
    (m) => {
      th = m.widget;
    },
    (err) => {
      thLoading = null;
      throw err;
    },
  );
  return thLoading;
}

export const localeReady = (locale: string) => locale !== 'th' || th !== null;

/**
 * 'warnings.tooLarge' → the string in that locale; English while Thai is still loading or lacks
 * it, else the key, so a gap is visible rather than blank.
 */
export function translator(locale: string): Translate {
  const { t } = createI18n({ en, th: th ?? {} }, locale === 'th' ? 'th' : 'en');
  return t as CoreTranslate as Translate;
}

const WARNING_KEYS: Record<string, string> = {
  'Too large file size': 'warnings.tooLarge',
  'Not allow file type': 'warnings.notAllowed',
  'Image have no resolution': 'warnings.noResolution',
  'Please check your files again': 'warnings.checkAgain',
  'Not match resolution': 'warnings.notMatchResolution',
};

/** core/ and the server speak spec 5/8 English; the visitor reads their own language. */
export function localMessage(
  t: Translate,
  message: string,
  params?: Record<string, string | number>,
): string {
  if (WARNING_KEYS[message]) return t(WARNING_KEYS[message]);
  if (message === MESSAGES.required) return t('errors.required');
  if (message === MESSAGES.email) return t('errors.email');
  if (message === MESSAGES.tel) return t('errors.tel');
  const max = /no more than (\d+) characters/.exec(message);
  if (max) return t('errors.maxLength', { max: max[1] });
  return t(message, params);
}
