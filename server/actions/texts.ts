// What the bot and the /go page say to customers, in the language the account chose for them
// (verification settings, English by default), from the locale files.
import type { LocationCardLabels } from '../../core/automation/location';
import type { CustomerLanguage } from '../../core/verification/settings';
import en from '../../locales/en.json';
import th from '../../locales/th.json';

const LOCALES: Record<CustomerLanguage, unknown> = { en, th };

/** The text at a dotted path (`actions.customer.apiFallback`), English when Thai lacks it. */
export function localeText(lang: CustomerLanguage, path: string, vars: Record<string, string> = {}): string {
  const find = (root: unknown) =>
    path
      .split('.')
      .reduce<unknown>(
        (node, part) =>
          node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
        root,
      );
  const found = find(LOCALES[lang]) ?? find(LOCALES.en);
  const text = typeof found === 'string' ? found : path;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => vars[name] ?? whole);
}

/** A location card's buttons and hours line in the customer's language (locales location.card). */
export function locationCardLabels(lang: CustomerLanguage): LocationCardLabels {
  return {
    map: localeText(lang, 'location.card.map'),
    call: localeText(lang, 'location.card.call'),
    // The times are put in by core/automation/location.ts.
    hours: localeText(lang, 'location.card.hours', { open: '{{open}}', close: '{{close}}' }),
  };
}
