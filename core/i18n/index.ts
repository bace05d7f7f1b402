import rosetta from 'rosetta';

export const LOCALES = ['en', 'th'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** Cookie that remembers the chosen language (spec 9: 365 days). */
export const LOCALE_COOKIE = 'lang';
export const LOCALE_COOKIE_DAYS = 365;

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'th';
}

export type Dictionary = Record<string, unknown>;
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * A translator over the locale dictionaries. A missing Thai string falls back to English,
 * and a missing English one shows its key, so a gap is visible rather than blank.
 */
export function createI18n(dictionaries: Record<Locale, Dictionary>, locale: Locale = DEFAULT_LOCALE) {
  const r = rosetta<Dictionary>(dictionaries);
  let current: Locale = locale;
  r.locale(current);
  const t: Translate = (key, params) => {
    const value = r.t(key, params ?? {}, current);
    if (value) return value;
    const fallback = current === DEFAULT_LOCALE ? '' : r.t(key, params ?? {}, DEFAULT_LOCALE);
    return fallback || key;
  };
  return {
    t,
    get locale() {
      return current;
    },
    setLocale(next: Locale) {
      current = next;
      r.locale(next);
    },
  };
}
