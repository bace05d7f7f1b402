// /profile (spec 2 profile card): e-mail with its verified or unverified badge, names and phone,
// change password (spec 5 policy and typing filter), delete account with a confirm.
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { isStrongPassword } from '../../core/validation/password';
import { isTel, MESSAGES } from '../../core/validation/rules';
import { t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { ApiError } from '../session/api';
import { clearSession, currentAccount, profile } from '../session/state';
import { Confirm } from '../ui/Dialog';
import { changePassword, deleteOwnUser, updateProfile } from './calls';
import { PasswordField } from './PasswordField';
import { failed, fieldError, notify, saved, Toasts } from './ui';

function initials(name: string) {
  return [...name.trim()].slice(0, 1).join('').toUpperCase() || '?';
}

function DetailsForm() {
  const user = profile.value;
  const [form, setForm] = useState({
    display_name: user?.display_name ?? '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    phone: user?.phone ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const check = () => {
    const next: Record<string, string> = {};
    if (!form.display_name.trim()) next.display_name = MESSAGES.required;
    if (form.phone.trim() && !isTel(form.phone.trim())) next.phone = MESSAGES.tel;
    setErrors(next);
    return Object.keys(next).length === 0;
  };
  const save = async () => {
    setConfirming(false);
    try {
      const r = await updateProfile(form);
      profile.value = r.user;
      saved();
    } catch (err) {
      const f = fieldError(err);
      if (f) setErrors({ [f.field]: f.message });
      else failed(err);
    }
  };
  const input = (k: keyof typeof form, max: number) => (
    <label className="st-field">
      <span>{t(`settings.users.${k}`)}</span>
      <input
        className="st-input"
        name={k}
        value={form[k]}
        maxLength={max}
        inputMode={k === 'phone' ? 'numeric' : undefined}
        aria-invalid={Boolean(errors[k])}
        onChange={(e) =>
          setForm({ ...form, [k]: k === 'phone' ? e.target.value.replace(/\D/g, '') : e.target.value })
        }
      />
      {errors[k] ? <small className="error">{errors[k]}</small> : null}
    </label>
  );
  return (
    <section className="st-section">
      <h2>{t('settings.profile.details')}</h2>
      {input('display_name', 100)}
      <div className="st-row">
        {input('first_name', 100)}
        {input('last_name', 100)}
      </div>
      {input('phone', 10)}
      <div className="st-actions">
        <button type="button" className="st-button primary" onClick={() => check() && setConfirming(true)}>
          {t('settings.common.save')}
        </button>
      </div>
      {confirming ? (
        <Confirm
          title={t('settings.common.saveTitle')}
          text={t('settings.common.saveConfirm')}
          onYes={() => void save()}
          onNo={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const e: Record<string, string> = {};
    if (!current) e.current_password = MESSAGES.required;
    if (!next) e.new_password = MESSAGES.required;
    else if (!isStrongPassword(next)) e.new_password = t('settings.password.weak');
    if (next && again !== next) e.again = t('settings.password.mismatch');
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    try {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      setAgain('');
      notify('success', t('settings.common.success'), t('settings.password.changed'));
    } catch (err) {
      const f = fieldError(err);
      if (f) setErrors({ [f.field]: f.message });
      else failed(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="st-section">
      <h2>{t('settings.password.title')}</h2>
      <PasswordField
        label={t('settings.password.current')}
        value={current}
        onChange={setCurrent}
        error={errors.current_password}
        withPolicy={false}
        autoComplete="current-password"
      />
      <PasswordField
        label={t('settings.password.new')}
        value={next}
        onChange={setNext}
        error={errors.new_password}
      />
      <PasswordField
        label={t('settings.password.again')}
        value={again}
        onChange={setAgain}
        error={errors.again}
        withPolicy={false}
      />
      <div className="st-actions">
        <button type="button" className="st-button primary" disabled={busy} onClick={() => void submit()}>
          {t('settings.password.change')}
        </button>
      </div>
    </section>
  );
}

function DeleteAccount() {
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    if (!password) return setError(MESSAGES.required);
    try {
      await deleteOwnUser(password);
      clearSession();
      window.location.assign('/');
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setAsking(false);
        failed(err);
      } else {
        const f = fieldError(err);
        setError(f?.message ?? t('settings.common.saveFail'));
      }
    }
  };
  return (
    <section className="st-section st-danger-zone">
      <h2>{t('settings.profile.deleteTitle')}</h2>
      <p className="muted">{t('settings.profile.deleteText')}</p>
      <div className="st-actions" style={{ justifyContent: 'flex-start' }}>
        <button type="button" className="st-button danger" onClick={() => setAsking(true)}>
          {t('settings.profile.delete')}
        </button>
      </div>
      {asking ? (
        <Confirm
          title={t('settings.profile.deleteTitle')}
          text={t('settings.profile.deleteConfirm')}
          danger
          onYes={() => void remove()}
          onNo={() => {
            setAsking(false);
            setPassword('');
            setError(null);
          }}
        >
          <div style={{ marginTop: 12 }}>
            <PasswordField
              label={t('settings.password.current')}
              value={password}
              onChange={(v) => {
                setPassword(v);
                setError(null);
              }}
              error={error}
              withPolicy={false}
              autoComplete="current-password"
            />
          </div>
        </Confirm>
      ) : null}
    </section>
  );
}

export default function ProfilePage({ titleKey }: PageProps) {
  useSignals();
  const user = profile.value;
  if (!user) return null;
  return (
    <div className="st-page st-narrow">
      <PageHeader title={t(titleKey)} />
      <section className="st-section st-profile-card" data-testid="profile-card">
        <span className="avatar st-avatar-large">{initials(user.display_name)}</span>
        <div className="st-name-cell">
          <strong>{user.display_name}</strong>
          <small>{user.email}</small>
          <span
            className={`badge ${user.email_verified ? 'badge-ok' : 'badge-warn'}`}
            data-testid="email-badge"
          >
            {user.email_verified ? t('layout.emailVerified') : t('layout.emailUnverified')}
          </span>
          {currentAccount.value ? (
            <small>
              {t('layout.role')}: {currentAccount.value.role.name} · {currentAccount.value.name}
            </small>
          ) : null}
        </div>
      </section>
      <DetailsForm />
      <PasswordForm />
      <DeleteAccount />
      <Toasts />
    </div>
  );
}
