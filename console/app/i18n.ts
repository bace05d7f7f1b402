// The console's language: taken from the address (/th…), remembered in a cookie for 365 days.
import { signal } from '@preact/signals-react';
import { createI18n, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, type Locale } from '../../core/i18n/index';
import { splitLocale } from '../../core/routes';
import en from '../../locales/en.json';
import th from '../../locales/th.json';

const i18n = createI18n({ en, th });

export const locale = signal<Locale>(splitLocale(window.location.pathname).locale);

/** Texts without parameters, by language and key: the dictionaries never change, and a list of
 *  chats asks for the same few labels on every row it draws. */
const plain = new Map<string, string>();

/** Translates a key in the current language; components that call it re-render when it changes. */
export function t(key: string, params?: Record<string, unknown>): string {
  const lang = locale.value;
  if (params) {
    i18n.setLocale(lang);
    return i18n.t(key, params);
  }
  const id = `${lang}:${key}`;
  let text = plain.get(id);
  if (text === undefined) {
    i18n.setLocale(lang);
    text = i18n.t(key);
    plain.set(id, text);
  }
  return text;
}

export function setLocaleCookie(next: Locale) {
  const maxAge = LOCALE_COOKIE_DAYS * 24 * 60 * 60;
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is missing in Firefox and Safari.
  document.cookie = `${LOCALE_COOKIE}=${next}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

export function localeFromCookie(): Locale | null {
  const match = new RegExp(`(?:^|; )${LOCALE_COOKIE}=(en|th)(?:;|$)`).exec(document.cookie);
  return (match?.[1] as Locale | undefined) ?? null;
}
