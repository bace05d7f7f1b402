// /profile (spec 2 profile card): e-mail with its verified or unverified badge, names and phone,
// change password (spec 5 policy and typing filter), delete account with a confirm.
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { roleLabel } from '../../core/access/roleNames';
import { isStrongPassword } from '../../core/validation/password';
import { MESSAGES } from '../../core/validation/rules';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { ApiError } from '../session/api';
import { clearSession, currentAccount, profile } from '../session/state';
import { Confirm, ConfirmSave } from '../ui/Dialog';
import { type FieldErrors, useFieldSave } from '../ui/useFieldSave';
import { changePassword, deleteOwnUser, updateProfile } from './calls';
import { NameFields, namesProblems } from './NameFields';
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
  const { errors, passes, run } = useFieldSave();
  const [confirming, setConfirming] = useState(false);
  const save = () => {
    setConfirming(false);
    return run(async () => {
      const r = await updateProfile(form);
      profile.value = r.user;
      saved();
    });
  };
  return (
    <section className="st-section">
      <h2>{t('settings.profile.details')}</h2>
      <NameFields names={form} errors={errors} onChange={(k, v) => setForm({ ...form, [k]: v })} named />
      <div className="st-actions">
        <button
          type="button"
          className="st-button primary"
          onClick={() => passes(namesProblems(form)) && setConfirming(true)}
        >
          {t('settings.common.save')}
        </button>
      </div>
      {confirming ? <ConfirmSave onYes={() => void save()} onNo={() => setConfirming(false)} /> : null}
    </section>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const { errors, busy, run } = useFieldSave();
  const submit = () => {
    const e: FieldErrors = {};
    if (!current) e.current_password = MESSAGES.required;
    if (!next) e.new_password = MESSAGES.required;
    else if (!isStrongPassword(next)) e.new_password = t('settings.password.weak');
    if (next && again !== next) e.again = t('settings.password.mismatch');
    return run(async () => {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      setAgain('');
      notify('success', t('settings.common.success'), t('settings.password.changed'));
    }, e);
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
        setError(f ? localMessage(f.message) : t('settings.common.saveFail'));
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
              {t('layout.role')}: {roleLabel(currentAccount.value.role, t)} · {currentAccount.value.name}
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
