// /setting/verification (issue 16): how customers verify — the fields of the short /go form,
// who checks the answers (the account's verification API, or an agent here), the customers'
// language and what the bot says — and the answers waiting for an agent's approval.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import {
  CUSTOMER_LANGUAGES,
  VERIFICATION_FIELD_TYPES,
  VERIFICATION_LIMITS,
  VERIFICATION_TEXT_KEYS,
  type VerificationField,
  validateVerificationSettings,
} from '../../core/verification/settings';
import { t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { canDo } from '../session/access';
import { ApiError } from '../session/api';
import { failed, saved, Toasts } from '../settings/ui';
import { FieldErrorText } from '../ui/FieldErrorText';
import {
  type ApiConnection,
  getVerificationSettings,
  listApis,
  saveVerificationSettings,
  type VerificationSettingsWire,
} from './calls';
import type { Errors } from './rows';
import { VerificationRequests } from './VerificationRequests';
import './apis.css';

function FieldRows({
  fields,
  onChange,
  labels,
  errors,
  disabled,
}: {
  fields: VerificationField[];
  onChange: (f: VerificationField[]) => void;
  labels: Record<string, string>;
  errors: Errors;
  disabled: boolean;
}) {
  const set = (i: number, patch: Partial<VerificationField>) =>
    onChange(fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const presets = Object.keys(labels).filter((k) => !fields.some((f) => f.key === k));
  return (
    <fieldset className="api-rows" disabled={disabled} data-testid="verification-fields">
      <legend>{t('verification.settings.fields')}</legend>
      {fields.map((f, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
        <div className="api-row" key={i}>
          <label className="st-field">
            <span>{t('verification.settings.key')}</span>
            <input className="st-input" value={f.key} onChange={(e) => set(i, { key: e.target.value })} />
            <FieldErrorText message={errors[`fields[${i}].key`]} />
          </label>
          <label className="st-field api-grow">
            <span>{t('verification.settings.label')}</span>
            <input
              className="st-input"
              value={f.label}
              placeholder={labels[f.key] ?? ''}
              onChange={(e) => set(i, { label: e.target.value })}
            />
            <FieldErrorText message={errors[`fields[${i}].label`]} />
          </label>
          <label className="st-field">
            <span>{t('verification.settings.type')}</span>
            <select
              className="st-select"
              value={f.type}
              onChange={(e) => set(i, { type: e.target.value as VerificationField['type'] })}
            >
              {VERIFICATION_FIELD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`verification.settings.types.${type}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="api-check">
            <input
              type="checkbox"
              checked={f.required}
              onChange={(e) => set(i, { required: e.target.checked })}
            />
            {t('verification.settings.required')}
          </label>
          <button
            type="button"
            className="st-icon-button"
            aria-label={t('apis.rows.remove')}
            onClick={() => onChange(fields.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </div>
      ))}
      <FieldErrorText message={errors.fields} />
      <div className="st-toolbar">
        {presets.map((key) => (
          <button
            key={key}
            type="button"
            className="st-link"
            onClick={() =>
              onChange([
                ...fields,
                {
                  key,
                  label: '',
                  type:
                    key === 'phone'
                      ? 'tel'
                      : key === 'email'
                        ? 'email'
                        : key === 'birth_date'
                          ? 'date'
                          : 'text',
                  required: false,
                },
              ])
            }
          >
            + {labels[key]}
          </button>
        ))}
        {fields.length < VERIFICATION_LIMITS.fields ? (
          <button
            type="button"
            className="st-link"
            onClick={() => onChange([...fields, { key: '', label: '', type: 'text', required: false }])}
          >
            + {t('verification.settings.addField')}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}

export default function VerificationPage({ titleKey }: PageProps) {
  useSignals();
  const [settings, setSettings] = useState<VerificationSettingsWire | null>(null);
  const [apis, setApis] = useState<ApiConnection[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const mayWrite = canDo('settings', 'write');

  useEffect(() => {
    getVerificationSettings()
      .then((r) => setSettings(r.settings))
      .catch(() => setLoadFailed(true));
    listApis()
      .then((r) => setApis(r.list))
      .catch(() => setApis([]));
  }, []);

  const patch = (p: Partial<VerificationSettingsWire>) => setSettings((s) => (s ? { ...s, ...p } : s));
  const save = async () => {
    if (!settings) return;
    const local = validateVerificationSettings(settings);
    if (local.length > 0) return setErrors(Object.fromEntries(local.map((e) => [e.field, e.message])));
    setBusy(true);
    try {
      const { defaults: _, presets: __, ...body } = settings;
      setSettings((await saveVerificationSettings(body)).settings);
      setErrors({});
      saved();
    } catch (err) {
      const list =
        err instanceof ApiError
          ? (err.body as { errors?: { field: string; message: string }[] }).errors
          : null;
      if (list?.length) setErrors(Object.fromEntries(list.map((e) => [e.field, e.message])));
      else failed(err);
    } finally {
      setBusy(false);
    }
  };
  const defaults = settings?.defaults[settings.language];

  return (
    <div className="st-page api-page">
      <PageHeader title={t(titleKey)} />
      <p className="muted api-lead">{t('verification.lead')}</p>
      {loadFailed ? <p className="st-error">{t('settings.common.loadFailed')}</p> : null}
      <VerificationRequests />
      {settings && defaults ? (
        <section className="st-section" aria-labelledby="verification-settings">
          <h2 id="verification-settings">{t('verification.settings.title')}</h2>
          <form
            className="st-form"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <fieldset className="api-rows" disabled={!mayWrite}>
              <legend>{t('verification.settings.mode')}</legend>
              {(['agent', 'api'] as const).map((mode) => (
                <label key={mode} className="api-check">
                  <input
                    type="radio"
                    name="verification-mode"
                    value={mode}
                    checked={settings.mode === mode}
                    onChange={() => patch({ mode })}
                  />
                  <span>
                    <strong>{t(`verification.settings.modes.${mode}`)}</strong>
                    <span className="muted"> — {t(`verification.settings.modes.${mode}Hint`)}</span>
                  </span>
                </label>
              ))}
              {settings.mode === 'api' ? (
                <label className="st-field">
                  <span>{t('verification.settings.api')}</span>
                  <select
                    className="st-select"
                    value={settings.api_connection_id ?? ''}
                    onChange={(e) => patch({ api_connection_id: e.target.value || null })}
                  >
                    <option value="">{t('apis.answers.choose')}</option>
                    {apis.map((a) => (
                      <option key={a._id} value={a._id}>
                        {a.name}
                        {a.status ? '' : ` (${t('apis.inactive')})`}
                      </option>
                    ))}
                  </select>
                  <small className="hint">{t('verification.settings.apiHint')}</small>
                  <FieldErrorText message={errors.api_connection_id} />
                </label>
              ) : null}
              <label className="st-field">
                <span>{t('verification.settings.language')}</span>
                <select
                  className="st-select"
                  value={settings.language}
                  onChange={(e) =>
                    patch({ language: e.target.value as VerificationSettingsWire['language'] })
                  }
                >
                  {CUSTOMER_LANGUAGES.map((l) => (
                    <option key={l} value={l}>
                      {t(`verification.settings.languages.${l}`)}
                    </option>
                  ))}
                </select>
              </label>
            </fieldset>
            <FieldRows
              fields={settings.fields}
              onChange={(fields) => patch({ fields })}
              labels={defaults.fields}
              errors={errors}
              disabled={!mayWrite}
            />
            <fieldset className="api-rows" disabled={!mayWrite}>
              <legend>{t('verification.settings.texts')}</legend>
              <p className="muted">{t('verification.settings.textsHint')}</p>
              <div className="api-two">
                {VERIFICATION_TEXT_KEYS.map((key) => (
                  <label className="st-field" key={key}>
                    <span>{t(`verification.settings.textKeys.${key}`)}</span>
                    <input
                      className="st-input"
                      value={settings.texts[key] ?? ''}
                      placeholder={defaults.texts[key]}
                      maxLength={key === 'button' ? VERIFICATION_LIMITS.buttonText : VERIFICATION_LIMITS.text}
                      onChange={(e) => patch({ texts: { ...settings.texts, [key]: e.target.value } })}
                    />
                    <FieldErrorText message={errors[`texts.${key}`]} />
                  </label>
                ))}
              </div>
            </fieldset>
            {mayWrite ? (
              <div className="st-toolbar">
                <button type="submit" className="st-button primary" disabled={busy}>
                  {t('settings.common.save')}
                </button>
              </div>
            ) : null}
          </form>
        </section>
      ) : null}
      <Toasts />
    </div>
  );
}
