// Connect or change a LINE, Messenger, Instagram or WeChat channel: its settings (secrets are
// write-only: once saved they show as "saved" and a blank field keeps them), on/off, the webhook
// address to paste into the platform's console, and a connection test that shows the platform's answer.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState } from 'react';
import {
  CHANNEL_FIELDS,
  INVALID_VALUE,
  type PlatformChannelType,
  validateChannelSettings,
} from '../../core/channels/settings';
import type { FieldError } from '../../core/validation/rules';
import { t } from '../app/i18n';
import { canDo } from '../session/access';
import { Confirm } from '../ui/Dialog';
import { FieldErrorText } from '../ui/FieldErrorText';
import { FacebookLoginButton } from './FacebookLoginButton';
import {
  type ConnectionResult,
  connectChannel,
  facebookLogin,
  isSaveError,
  loadPlatformChannels,
  type PlatformChannelWire,
  platformChannels,
  testChannel,
  updateChannel,
} from './platformState';

export function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard refused (insecure page, permissions): the address stays selectable.
      setCopied(false);
    }
  };
  return (
    <>
      <button type="button" className="ws-button" onClick={copy}>
        {copied ? t('channels.copied') : t('channels.copy')}
      </button>
      <span role="status" className="visually-hidden">
        {copied ? t('channels.copied') : ''}
      </span>
    </>
  );
}

/** What the platform's answer calls a value, in the page's language (a key we do not know as it came). */
function detailLabel(key: string): string {
  const label = t(`channels.details.${key}`);
  return label === `channels.details.${key}` ? key : label;
}

function ConnectionAnswer({ result }: { result: ConnectionResult }) {
  return (
    <div
      className={result.ok ? 'pc-result pc-ok' : 'pc-result pc-fail'}
      role="status"
      data-testid="connection-result"
    >
      <strong>{result.ok ? t('channels.testOk') : t('channels.testFail')}</strong>
      {result.call ? <code> {result.call}</code> : null}
      {result.message ? <p>{result.message}</p> : null}
      {Object.keys(result.details).length > 0 ? (
        <dl>
          {Object.entries(result.details).map(([k, v]) => (
            <div key={k}>
              <dt>{detailLabel(k)}</dt>
              <dd>{String(v ?? '—')}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/** The modal; `channelId` null connects a new channel of `type`. */
export function PlatformChannelModal({
  type,
  channelId,
  onClose,
}: {
  type: PlatformChannelType;
  channelId: string | null;
  onClose: () => void;
}) {
  useSignals();
  const titleId = useId();
  const formId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [currentId, setCurrentId] = useState(channelId);
  const channel: PlatformChannelWire | undefined = platformChannels.value.find((c) => c._id === currentId);
  const [name, setName] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [enabled, setEnabled] = useState(true);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const [result, setResult] = useState<ConnectionResult | null>(null);
  const [testing, setTesting] = useState(false);
  // Spec 5: an edit asks Yes / No first; switching the channel off says what stops.
  const [confirming, setConfirming] = useState(false);
  const confirmingRef = useRef(false);
  confirmingRef.current = confirming;
  // Read-only 'settings' (a supervisor by default) sees the channel; saving and testing need write.
  const mayWrite = canDo('settings', 'write');

  useEffect(() => {
    if (platformChannels.value.length === 0 || !facebookLogin.value) void loadPlatformChannels();
    const onKey = (e: KeyboardEvent) => {
      // Escape in the Yes / No question closes only the question.
      if (e.key === 'Escape' && !confirmingRef.current) onClose();
    };
    document.addEventListener('keydown', onKey);
    ref.current?.querySelector<HTMLElement>('input')?.focus();
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const loadedId = channel?._id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fills the form once per loaded channel.
  useEffect(() => {
    if (!channel) return;
    setName(channel.name);
    setValues({ ...channel.settings });
    setEnabled(channel.enabled);
  }, [loadedId]);

  const fields = CHANNEL_FIELDS[type];
  const saved = new Set(channel?.secrets_set ?? []);
  const errorFor = (field: string) => {
    const message = errors.find((e) => e.field === field)?.message ?? null;
    // "Not in the form the platform gives" says which form, naming the field, in the page's language.
    const format = fields.find((f) => `config.${f.key}` === field);
    if (message === INVALID_VALUE && format?.format)
      return t(`channels.formats.${format.format}`, { field: t(format.label) });
    return message;
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateChannelSettings(type, { name, config: values }, channel ? saved : new Set());
    setErrors(found);
    if (found.length > 0) return;
    if (channel) setConfirming(true);
    else await store();
  };

  const store = async () => {
    setConfirming(false);
    setStatus('saving');
    const answer = channel
      ? await updateChannel(channel._id, { name, settings: values, enabled })
      : await connectChannel(type, name, values);
    if (isSaveError(answer)) {
      setStatus('failed');
      setErrors([{ field: (answer.field ?? '').replace(/^settings\./, 'config.'), message: answer.message }]);
      return;
    }
    setStatus('saved');
    // A test of the credentials before this save no longer says anything about them.
    setResult(null);
    setCurrentId(answer._id);
    // Secrets are not sent back: the form forgets what was typed.
    setValues({ ...answer.settings });
  };

  const test = async () => {
    if (!channel) return;
    setTesting(true);
    setResult(await testChannel(channel._id));
    setTesting(false);
  };

  const appId = values.app_id ?? '';
  const kindLabel = t(`channels.kinds.${type}`);
  return (
    <div className="ws-layer">
      <button
        type="button"
        className="ws-backdrop"
        aria-label={t('channels.close')}
        tabIndex={-1}
        onClick={onClose}
      />
      <div
        className="ws-modal pc-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={ref}
        data-testid="platform-channel-modal"
      >
        <header className="ws-head">
          <h2 id={titleId}>{channel ? channel.name : t('channels.connectTitle', { kind: kindLabel })}</h2>
          <button type="button" className="ws-x" aria-label={t('channels.close')} onClick={onClose}>
            ×
          </button>
        </header>
        <form className="ws-body" id={formId} onSubmit={save} noValidate>
          <p className="muted">{t(`channels.help.${type}`)}</p>
          <div className="field ws-field">
            <label htmlFor={`${formId}-name`}>{t('channels.name')}</label>
            <input
              id={`${formId}-name`}
              value={name}
              maxLength={100}
              aria-invalid={errorFor('name') ? true : undefined}
              onChange={(e) => setName(e.target.value)}
            />
            <FieldErrorText className="field-error" message={errorFor('name')} />
          </div>
          {fields.map((f) => {
            const id = `${formId}-${f.key}`;
            const error = errorFor(`config.${f.key}`);
            return (
              <div className="field ws-field" key={f.key}>
                <label htmlFor={id}>
                  {t(f.label)}
                  {f.required ? '' : ` ${t('channels.optional')}`}
                </label>
                <input
                  id={id}
                  name={f.key}
                  type={f.secret ? 'password' : 'text'}
                  autoComplete={f.secret ? 'new-password' : 'off'}
                  value={values[f.key] ?? ''}
                  placeholder={f.secret && saved.has(f.key) ? t('channels.secretSaved') : ''}
                  aria-invalid={error ? true : undefined}
                  onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
                />
                <FieldErrorText className="field-error" message={error} />
              </div>
            );
          })}
          {(type === 'messenger' || type === 'instagram') && /^\d+$/.test(appId) && facebookLogin.value ? (
            <FacebookLoginButton
              appId={appId}
              kind={type}
              config={facebookLogin.value}
              onPage={(page) => {
                setValues({ ...values, page_id: page.pageId, page_token: page.pageToken });
                if (!name) setName(page.name);
              }}
            />
          ) : null}
          {channel ? (
            <label className="ws-check">
              <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
              {t('channels.enabled')}
            </label>
          ) : null}
          {channel ? (
            <section className="pc-webhook">
              <h3 className="ws-subtitle">{t('channels.webhookUrl')}</h3>
              <p className="muted">{t(`channels.webhookHelp.${type}`)}</p>
              <div className="ws-row">
                <input
                  readOnly
                  value={channel.webhook_url}
                  aria-label={t('channels.webhookUrl')}
                  data-testid="webhook-url"
                />
                <CopyButton text={channel.webhook_url} />
              </div>
            </section>
          ) : null}
          {result ? <ConnectionAnswer result={result} /> : null}
        </form>
        <footer className="ws-foot">
          <span role="status">
            {status === 'saved' ? <span className="ws-ok">{t('channels.saveSuccess')}</span> : null}
            {status === 'failed' ? <span className="field-error">{t('channels.saveFail')}</span> : null}
          </span>
          {channel && mayWrite ? (
            <button type="button" className="ws-button" onClick={test} disabled={testing}>
              {testing ? t('channels.testing') : t('channels.test')}
            </button>
          ) : null}
          {mayWrite ? (
            <button
              type="submit"
              form={formId}
              className="primary-button ws-save"
              disabled={status === 'saving'}
            >
              {channel ? t('channels.save') : t('channels.connect')}
            </button>
          ) : null}
        </footer>
      </div>
      {confirming && channel ? (
        <Confirm
          title={channel.enabled && !enabled ? t('channels.switchOffTitle') : t('settings.common.saveTitle')}
          text={
            channel.enabled && !enabled
              ? t('channels.switchOffConfirm', { name: name.trim() || channel.name })
              : t('settings.common.saveConfirm')
          }
          danger={channel.enabled && !enabled}
          onYes={() => void store()}
          onNo={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}

/** The channel table's settings button for a connected channel (ChannelSettingsPage's CHANNEL_KINDS). */
export function PlatformChannelSettings({ widgetId, onClose }: { widgetId: string; onClose: () => void }) {
  useSignals();
  const known = platformChannels.value.find((c) => c._id === widgetId);
  useEffect(() => {
    if (!known) void loadPlatformChannels();
  }, [known]);
  if (!known) return null;
  return <PlatformChannelModal type={known.type} channelId={widgetId} onClose={onClose} />;
}
