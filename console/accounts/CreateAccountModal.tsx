// The create-account modal (spec 2 settings modals): another official account with its first
// channel — a web chat ready at once, or a LINE, Messenger, Instagram or WeChat channel with the
// settings that platform needs. Its creator becomes its owner (level 1).
import { useState } from 'react';
import {
  CHANNEL_FIELDS,
  type ChannelField,
  INVALID_VALUE,
  isPlatformChannelType,
  validateChannelSettings,
} from '../../core/channels/settings';
import { MESSAGES } from '../../core/validation/rules';
import { t } from '../app/i18n';
import { api } from '../session/api';
import type { AccountSummary } from '../session/state';
import { FormField, TextField } from '../ui/FormField';
import { FormModal } from '../ui/FormModal';
import { type FieldErrors, useFieldSave } from '../ui/useFieldSave';
import { useUnsavedGuard } from '../ui/useUnsavedGuard';

const CHANNEL_TYPES = ['widget', 'line', 'messenger', 'instagram', 'wechat'] as const;
type ChannelType = (typeof CHANNEL_TYPES)[number];

export function CreateAccountModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (account: AccountSummary) => void;
}) {
  const [name, setName] = useState('');
  const [type, setType] = useState<ChannelType>('widget');
  const [channelName, setChannelName] = useState('');
  // What was typed for each channel type: changing the type and back finds it again.
  const [typed, setTyped] = useState<Partial<Record<ChannelType, Record<string, string>>>>({});
  const settings = typed[type] ?? {};
  const setSettings = (next: Record<string, string>) => setTyped({ ...typed, [type]: next });
  const { errors, setErrors, busy, run } = useFieldSave();
  const fields = isPlatformChannelType(type) ? CHANNEL_FIELDS[type] : [];
  // Spec 5: closing with something typed asks 'Leave without saving'.
  const filled = Object.values(typed).flatMap((values) => Object.values(values ?? {}).filter(Boolean));
  const guard = useUnsavedGuard({ name, channelName, filled }, onClose, { look: 'settings' });
  /** A type not chosen before takes the values of the same settings (Messenger's and Instagram's). */
  const changeType = (next: ChannelType) => {
    setType(next);
    setErrors({});
    if (typed[next] || !isPlatformChannelType(next)) return;
    const same = CHANNEL_FIELDS[next].filter((f) =>
      fields.some((g) => g.key === f.key && g.label === f.label && settings[f.key]),
    );
    if (same.length)
      setTyped({ ...typed, [next]: Object.fromEntries(same.map((f) => [f.key, settings[f.key]])) });
  };

  const submit = () => {
    const next: FieldErrors = {};
    if (!name.trim()) next.name = MESSAGES.required;
    // The channel's own checks (core/channels/settings.ts), as the channel settings form makes them.
    if (isPlatformChannelType(type))
      for (const e of validateChannelSettings(type, { name: channelName, config: settings }))
        next[`channel.${e.field.replace(/^config\./, 'settings.')}`] = e.message;
    return run(async () => {
      const { account } = await api<{ account: AccountSummary }>('/api/accounts', {
        method: 'POST',
        body: {
          name: name.trim(),
          channel: {
            type,
            name: channelName.trim() || undefined,
            ...(fields.length ? { settings } : {}),
          },
        },
      });
      onCreated(account);
    }, next);
  };

  /** "Not in the form the platform gives" says which form, naming the field, in the page's language. */
  const errorFor = (key: string, f: ChannelField) =>
    errors[key] === INVALID_VALUE && f.format
      ? t(`channels.formats.${f.format}`, { field: t(f.label) })
      : errors[key];

  return (
    <FormModal
      title={t('accounts.create.title')}
      onClose={guard.close}
      onSave={submit}
      busy={busy}
      saveLabel={t('accounts.create.submit')}
    >
      <p className="muted">{t('accounts.create.intro')}</p>
      <TextField
        label={t('accounts.create.name')}
        value={name}
        maxLength={100}
        error={errors.name}
        onChange={setName}
        autoFocus
      />
      <FormField label={t('accounts.create.channelType')} hint={t(`accounts.channelHint.${type}`)}>
        <select
          className="st-select"
          value={type}
          aria-invalid={Boolean(errors['channel.type'])}
          onChange={(e) => changeType(e.target.value as ChannelType)}
        >
          {CHANNEL_TYPES.map((c) => (
            <option key={c} value={c}>
              {t(`accounts.channel.${c}`)}
            </option>
          ))}
        </select>
      </FormField>
      <TextField
        label={t('accounts.create.channelName')}
        value={channelName}
        maxLength={100}
        placeholder={type === 'widget' ? t('accounts.create.widgetDefault') : ''}
        error={errors['channel.name']}
        onChange={setChannelName}
      />
      {fields.map((f) => {
        const key = `channel.settings.${f.key}`;
        return (
          <FormField
            key={f.key}
            label={`${t(f.label)}${f.required ? '' : ` (${t('accounts.create.optional')})`}`}
            error={errorFor(key, f)}
          >
            <input
              className="st-input"
              type={f.secret ? 'password' : 'text'}
              autoComplete="off"
              maxLength={f.max}
              value={settings[f.key] ?? ''}
              aria-invalid={Boolean(errors[key])}
              onChange={(e) => setSettings({ ...settings, [f.key]: e.target.value })}
            />
          </FormField>
        );
      })}
      <button type="submit" hidden />
      {guard.dialog}
    </FormModal>
  );
}
