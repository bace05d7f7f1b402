import { useSignals } from '@preact/signals-react/runtime';
import { type FormEvent, useState } from 'react';
import { isEmail, MESSAGES } from '../../core/validation/rules';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import { ApiError } from '../session/api';
import { signIn } from '../session/state';
import { FieldErrorText } from '../ui/FieldErrorText';
import { Brand, FormError, SignedOutPage } from './SignedOutPage';

type Errors = { email?: string; password?: string; form?: string };

export function LoginPage() {
  useSignals();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {};
    if (!email.trim()) next.email = MESSAGES.required;
    else if (!isEmail(email.trim())) next.email = MESSAGES.email;
    if (!password) next.password = MESSAGES.required;
    setErrors(next);
    if (next.email || next.password) return;
    setBusy(true);
    try {
      await signIn(email.trim(), password);
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) setErrors({ form: t('login.tooMany') });
      else if (err instanceof ApiError && err.status === 400 && err.body.field)
        setErrors({ [err.body.field]: localMessage(err.body.message) });
      else if (err instanceof ApiError && err.status === 401) setErrors({ form: t('login.failed') });
      // A deactivated user's right password: the server says why (spec 8: not a network failure).
      else if (err instanceof ApiError && err.status === 403 && err.body.message)
        setErrors({ form: localMessage(err.body.message) });
      else setErrors({ form: t('login.network') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SignedOutPage>
      <form className="login-card" onSubmit={submit} noValidate aria-labelledby="login-heading">
        <Brand />
        <h1 id="login-heading">{t('login.heading')}</h1>
        <FormError message={errors.form} />
        <label className="field">
          <span>{t('login.email')}</span>
          <input
            name="email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? 'email-error' : undefined}
          />
          <FieldErrorText message={errors.email} className="field-error" id="email-error" />
        </label>
        <div className="field">
          <label htmlFor="login-password">{t('login.password')}</label>
          <span className="password-row">
            <input
              id="login-password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={Boolean(errors.password)}
              aria-describedby={errors.password ? 'password-error' : undefined}
            />
            <button
              type="button"
              className="link-button"
              onClick={() => setShowPassword((v) => !v)}
              aria-pressed={showPassword}
            >
              {showPassword ? t('login.hidePassword') : t('login.showPassword')}
            </button>
          </span>
          <FieldErrorText message={errors.password} className="field-error" id="password-error" />
        </div>
        <button type="submit" className="primary-button" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
    </SignedOutPage>
  );
}
