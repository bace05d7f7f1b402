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

const pluralRules = new Map<Locale, Intl.PluralRules>();

/**
 * The plural category of a message's number (`count`, else `n`): a key may have a variant for it,
 * such as `count_one` next to `count` ("1 chat" beside "{{count}} chats"); Thai has none.
 */
function pluralOf(params: Record<string, unknown>, locale: Locale): string | null {
  const raw = params.count ?? params.n;
  // Numbers often come formatted for display ("1,250").
  const n = typeof raw === 'string' && /^\d[\d,]*(\.\d+)?$/.test(raw) ? Number(raw.replaceAll(',', '')) : raw;
  if (typeof n !== 'number' || !Number.isFinite(n)) return null;
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(n);
}

/**
 * A translator over the locale dictionaries. A missing Thai string falls back to English,
 * and a missing English one shows its key, so a gap is visible rather than blank. A number in
 * `count` (or `n`) picks the key's plural variant when there is one (`key_one`, …).
 */
export function createI18n(dictionaries: Record<Locale, Dictionary>, locale: Locale = DEFAULT_LOCALE) {
  const r = rosetta<Dictionary>(dictionaries);
  let current: Locale = locale;
  r.locale(current);
  const lookup = (key: string, params: Record<string, unknown>, locale: Locale) => {
    const plural = pluralOf(params, locale);
    return (plural && r.t(`${key}_${plural}`, params, locale)) || r.t(key, params, locale);
  };
  const t: Translate = (key, params) => {
    const value = lookup(key, params ?? {}, current);
    if (value) return value;
    const fallback = current === DEFAULT_LOCALE ? '' : lookup(key, params ?? {}, DEFAULT_LOCALE);
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
