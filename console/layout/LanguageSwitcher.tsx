import { useSignals } from '@preact/signals-react/runtime';
import { useLocation, useSearch } from 'wouter';
import type { Locale } from '../../core/i18n/index';
import { localizePath } from '../../core/routes';
import { locale, setLocaleCookie, t } from '../app/i18n';

/** English / Thai: remembers the choice in a cookie and moves to the same page in that language. */
export function LanguageSwitcher() {
  useSignals();
  const [location, navigate] = useLocation();
  // The query is part of the page (e.g. ?kind=imagemap opens the image-map editor): it is kept.
  const search = useSearch();
  const choose = (next: Locale) => {
    setLocaleCookie(next);
    locale.value = next;
    navigate(localizePath(location, next) + (search ? `?${search}` : ''));
  };
  return (
    <fieldset className="lang-switch" aria-label={t('layout.language')}>
      {(['en', 'th'] as const).map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          aria-pressed={locale.value === code}
          className={locale.value === code ? 'active' : ''}
          onClick={() => choose(code)}
        >
          {code === 'en' ? 'EN' : 'TH'}
        </button>
      ))}
    </fieldset>
  );
}
