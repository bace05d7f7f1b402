// /invite/{token}: the invited person sees the account and role, sets a password that meets the
// policy (spec 5), then signs in. Public: they have no session yet.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { roleLabel } from '../../core/access/roleNames';
import { localizePath } from '../../core/routes';
import { isStrongPassword } from '../../core/validation/password';
import { MESSAGES } from '../../core/validation/rules';
import { locale, t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import type { PageProps } from '../app/pages';
import { Brand, FormError, SignedOutPage } from '../pages/SignedOutPage';
import { ApiError } from '../session/api';
import { clearSession } from '../session/state';
import { TextField } from '../ui/FormField';
import { acceptInvitation, describeInvitation } from './calls';
import { PasswordField } from './PasswordField';
import './settings.css';

type Info = Awaited<ReturnType<typeof describeInvitation>>;

/** The fields the form shows an error under. */
const SHOWN = ['display_name', 'password'];

export default function InvitePage({ params }: PageProps) {
  useSignals();
  const [, navigate] = useLocation();
  const token = params.token ?? '';
  const [info, setInfo] = useState<Info | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    describeInvitation(token)
      .then((r) => {
        setInfo(r);
        setName(r.email.split('@')[0]);
      })
      .catch(() => setInvalid(true));
  }, [token]);

  const submit = async () => {
    const next: Record<string, string> = {};
    if (!name.trim()) next.display_name = MESSAGES.required;
    if (!password) next.password = MESSAGES.required;
    else if (!isStrongPassword(password)) next.password = t('settings.password.weak');
    if (password && again !== password) next.again = t('settings.password.mismatch');
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      await acceptInvitation({ token, password, display_name: name.trim() });
      // Whoever was signed in on this browser is not the person who was invited.
      clearSession();
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setInvalid(true);
      // The form shows errors under its name and passwords; another refusal (the e-mail already
      // has a user) says why above the form, in the page's language.
      else if (err instanceof ApiError && SHOWN.includes(err.body.field ?? ''))
        setErrors({ [err.body.field as string]: err.body.message });
      else if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.body.message)
        setErrors({ form: localMessage(err.body.message) });
      else setErrors({ form: t('settings.common.saveFail') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SignedOutPage>
      <div className="login-card" style={{ maxWidth: 440 }}>
        <Brand />
        {invalid ? (
          <>
            <h1>{t('settings.invite.invalid')}</h1>
            <p className="muted">{t('settings.invite.invalidText')}</p>
            <button
              type="button"
              className="primary-button"
              onClick={() => navigate(localizePath('/', locale.value))}
            >
              {t('settings.invite.signIn')}
            </button>
          </>
        ) : done ? (
          <>
            <h1>{t('settings.invite.done')}</h1>
            <p className="muted">{t('settings.invite.doneText', { email: info?.email ?? '' })}</p>
            <button
              type="button"
              className="primary-button"
              onClick={() => navigate(localizePath('/', locale.value))}
              data-testid="go-sign-in"
            >
              {t('settings.invite.signIn')}
            </button>
          </>
        ) : info ? (
          <form
            className="st-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <h1 style={{ fontSize: 18, margin: '12px 0 0' }}>
              {t('settings.invite.heading', { account: info.account_name })}
            </h1>
            <p className="muted" style={{ margin: 0 }}>
              {t('settings.invite.detail', {
                email: info.email,
                role: roleLabel({ name: info.role, level: info.role_level }, t),
              })}
            </p>
            <FormError message={errors.form} />
            <TextField
              label={t('settings.users.display_name')}
              name="display_name"
              value={name}
              maxLength={100}
              error={errors.display_name}
              onChange={setName}
            />
            <PasswordField
              label={t('settings.password.new')}
              name="password"
              value={password}
              onChange={setPassword}
              error={errors.password}
            />
            <PasswordField
              label={t('settings.password.again')}
              name="password-again"
              value={again}
              onChange={setAgain}
              error={errors.again}
              withPolicy={false}
            />
            <button type="submit" className="primary-button" disabled={busy}>
              {t('settings.invite.submit')}
            </button>
          </form>
        ) : (
          <p className="muted">{t('layout.loading')}</p>
        )}
      </div>
    </SignedOutPage>
  );
}
