// The frame of the pages seen without a session (sign in, accept an invitation): the language
// switcher above a card that starts with the product's name.
import type { ReactNode } from 'react';
import { t } from '../app/i18n';
import { LanguageSwitcher } from '../layout/LanguageSwitcher';

export function SignedOutPage({ children }: { children: ReactNode }) {
  return (
    <main className="login-page">
      <div className="login-lang">
        <LanguageSwitcher />
      </div>
      {children}
    </main>
  );
}

export function Brand() {
  return (
    <div className="login-brand" aria-hidden="true">
      <span className="brand-mark" />
      {t('app.name')}
    </div>
  );
}

/** What went wrong with the form as a whole (not one field), read out at once. */
export function FormError({ message }: { message?: string }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}
