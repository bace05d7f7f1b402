// A contact's details beside the list (320 px, spec 2 sidebar): verification, typed fields and
// tags as the member's role may see and change them (spec 6; the server enforces the same).
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { canWriteFirst } from '../../core/chat/contactWindow';
import { formatDate, formatDateTime } from '../../core/format/dates';
import { FIELD_MESSAGES, fieldValueText, normalizeFieldValue } from '../../core/validation/contactField';
import { t } from '../app/i18n';
import { liveChatPath } from '../reports/ChatLogTable';
import { failed, fieldError, saved } from '../settings/ui';
import { DateField } from '../ui/DateField';
import { ConfirmSave } from '../ui/Dialog';
import { parseText } from '../ui/dateText';
import { FieldErrorText } from '../ui/FieldErrorText';
import { type ContactFieldView, type ContactView, getContact, type Masterdata, updateContact } from './calls';

function shownValue(field: ContactFieldView): string {
  if (field.hidden) return '-';
  if (field.value === null || field.value === undefined || field.value === '') return '-';
  if (field.type === 'date') return formatDate(field.value) || String(field.value);
  if (field.type === 'date_time') return formatDateTime(field.value) || String(field.value);
  return fieldValueText(field.value);
}

function inputValue(field: ContactFieldView): string {
  if (field.value === null || field.value === undefined) return '';
  return fieldValueText(field.value);
}

function FieldInput({
  field,
  value,
  onChange,
  onBadDate,
  error,
}: {
  field: ContactFieldView;
  value: string;
  onChange: (v: string) => void;
  /** A date box tells whether what is typed in it is no date (it hands the form '' for that). */
  onBadDate: (bad: boolean) => void;
  error?: string;
}) {
  if (field.type === 'date' || field.type === 'date_time') {
    const withTime = field.type === 'date_time';
    return (
      <label
        className="st-field"
        onInput={(e) => {
          const box = e.target as HTMLInputElement;
          if (box.classList.contains('date-field-input')) onBadDate(parseText(box.value, withTime) === null);
        }}
      >
        <span>{field.label}</span>
        <DateField
          className="st-input"
          withTime={withTime}
          value={value}
          aria-invalid={Boolean(error)}
          onChange={(v) => {
            if (v !== '') onBadDate(false);
            onChange(v);
          }}
        />
        <FieldErrorText message={error} />
      </label>
    );
  }
  return (
    <label className="st-field">
      <span>{field.label}</span>
      <input
        className="st-input"
        type="text"
        value={value}
        maxLength={field.type === 'array' ? 2000 : 300}
        placeholder={field.type === 'array' ? t('contacts.arrayHint') : undefined}
        aria-invalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldErrorText message={error} />
    </label>
  );
}

export function ContactDrawer({
  contactId,
  masterdata,
  onClose,
  onChanged,
}: {
  contactId: string;
  masterdata: Masterdata | null;
  onClose: () => void;
  onChanged: (contact: ContactView) => void;
}) {
  const [contact, setContact] = useState<ContactView | null>(null);
  const [nickname, setNickname] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [verified, setVerified] = useState(false);
  const [verifyType, setVerifyType] = useState('');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [adding, setAdding] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Date boxes holding text that is no date: saving them would clear the stored day.
  const [badDates, setBadDates] = useState<Record<string, boolean>>({});
  // A reset draws the field boxes anew, so a date box drops text the form never took.
  const [generation, setGeneration] = useState(0);
  const [confirming, setConfirming] = useState(false);

  const reset = useCallback((c: ContactView) => {
    setContact(c);
    setNickname(c.line_nickname ?? '');
    setValues(Object.fromEntries(c.contact_detail.map((f) => [f.key, inputValue(f)])));
    setVerified(c.verify.is_verify);
    setVerifyType(c.verify.verify_type ?? '');
    setTagIds(c.tags.map((x) => x._id));
    setErrors({});
    setBadDates({});
    setGeneration((n) => n + 1);
  }, []);

  useEffect(() => {
    setContact(null);
    getContact(contactId)
      .then((r) => reset(r.contact))
      .catch(failed);
  }, [contactId, reset]);

  if (!contact) {
    return (
      <aside className="ct-drawer" aria-label={t('contacts.details')}>
        <p className="muted">{t('layout.loading')}</p>
      </aside>
    );
  }
  const mayWrite = masterdata?.can_write ?? false;
  const editableTags = new Set(contact.tags.filter((x) => x.editable).map((x) => x._id));
  const known = new Map(contact.tags.map((x) => [x._id, x]));
  const addable = (masterdata?.tags ?? []).filter((x) => x.is_active && !tagIds.includes(x._id));
  // The inbox lists only chats; a contact that never wrote opens in /live from here (Take starts
  // its chat) when its channel lets an agent write first, and one with a history opens to read it.
  const opensChat =
    contact.channel !== null &&
    (contact.last_message_at !== null || canWriteFirst(contact.channel_type, contact.social_id !== '-'));

  const check = () => {
    const next: Record<string, string> = {};
    for (const f of contact.contact_detail) {
      if (!f.editable) continue;
      if (badDates[f.key]) {
        next[f.key] = f.type === 'date_time' ? FIELD_MESSAGES.dateTime : FIELD_MESSAGES.date;
        continue;
      }
      const r = normalizeFieldValue(f.type, values[f.key] ?? '');
      if (!r.ok) next[f.key] = r.message;
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  };
  const save = async () => {
    setConfirming(false);
    const changedFields = contact.contact_detail
      .filter((f) => f.editable && (values[f.key] ?? '') !== inputValue(f))
      .map((f) => ({ key: f.key, value: values[f.key] ?? '' }));
    try {
      const r = await updateContact({
        _id: contact._id,
        line_nickname: nickname,
        ...(changedFields.length ? { contact_detail: changedFields } : {}),
        ...(verified !== contact.verify.is_verify ||
        (verified && verifyType !== (contact.verify.verify_type ?? ''))
          ? { verify: { is_verify: verified, verify_type: verifyType || null } }
          : {}),
        tags: [...tagIds, ...contact.api_tags.map((x) => x._id)],
      });
      reset(r.contact);
      onChanged(r.contact);
      saved();
    } catch (err) {
      // A refused field value (or a field removed meanwhile) shows under that field.
      const refused = fieldError(err);
      const key = refused?.field.startsWith('contact_detail.')
        ? refused.field.slice('contact_detail.'.length)
        : null;
      if (refused && key && contact.contact_detail.some((f) => f.key === key))
        setErrors({ [key]: refused.message });
      else failed(err);
    }
  };

  return (
    <aside className="ct-drawer" aria-label={t('contacts.details')} data-testid="contact-drawer">
      <header className="ct-drawer-head">
        <h2>{t('contacts.details')}</h2>
        <button
          type="button"
          className="st-icon-button"
          aria-label={t('settings.common.close')}
          onClick={onClose}
        >
          ×
        </button>
      </header>
      <div className="ct-drawer-body">
        <section className="ct-profile">
          <span className="ct-avatar large" aria-hidden="true">
            {contact.line_image ? (
              <img src={contact.line_image} alt="" />
            ) : (
              ([...contact.display_name][0] ?? '?')
            )}
          </span>
          <strong>{contact.display_name || t('contacts.unnamed')}</strong>
          <small className="muted">
            {t(`contacts.channel.${contact.channel_type}`)} · {contact.channel?.name ?? ''}
          </small>
          <small className="muted">
            {t('contacts.socialId')}: {contact.social_id}
          </small>
          {opensChat ? (
            <Link className="st-button small ct-open-chat" href={liveChatPath(contact._id)}>
              {t('contacts.openChat')}
            </Link>
          ) : null}
        </section>

        <section className="ct-block">
          <label className="st-field">
            <span>{t('contacts.nickname')}</span>
            <input
              className="st-input"
              value={nickname}
              maxLength={100}
              disabled={!mayWrite}
              onChange={(e) => setNickname(e.target.value)}
            />
          </label>
        </section>

        <section className="ct-block">
          <h3>{t('contacts.verification')}</h3>
          <label className="st-toolbar">
            <input
              type="checkbox"
              checked={verified}
              disabled={!mayWrite}
              onChange={(e) => setVerified(e.target.checked)}
            />
            {t('contacts.verifiedCustomer')}
          </label>
          {verified ? (
            <label className="st-field">
              <span>{t('contacts.verifyType')}</span>
              <input
                className="st-input"
                value={verifyType}
                maxLength={50}
                placeholder={t('contacts.verifyTypeHint')}
                disabled={!mayWrite}
                onChange={(e) => setVerifyType(e.target.value)}
              />
            </label>
          ) : null}
          {contact.verify.verified_at ? (
            <small className="muted">
              {t('contacts.verifiedAt', { date: formatDateTime(contact.verify.verified_at) })}
            </small>
          ) : null}
        </section>

        <section className="ct-block">
          <h3>{t('contacts.fields')}</h3>
          {contact.contact_detail.length === 0 ? <p className="muted">{t('contacts.noFields')}</p> : null}
          {contact.contact_detail.map((f) =>
            f.editable ? (
              <FieldInput
                key={`${generation}-${f.key}`}
                field={f}
                value={values[f.key] ?? ''}
                error={errors[f.key]}
                onChange={(v) => setValues((all) => ({ ...all, [f.key]: v }))}
                onBadDate={(bad) => setBadDates((all) => ({ ...all, [f.key]: bad }))}
              />
            ) : (
              <div key={f.key} className="ct-readonly" data-testid={`field-${f.key}`}>
                <span>{f.label}</span>
                <strong>{shownValue(f)}</strong>
              </div>
            ),
          )}
        </section>

        <section className="ct-block">
          <h3>{t('contacts.tags')}</h3>
          <div className="st-chips">
            {tagIds.length === 0 && contact.api_tags.length === 0 ? (
              <span className="muted">{t('contacts.noTags')}</span>
            ) : null}
            {tagIds.map((id) => {
              const tag = known.get(id) ?? masterdata?.tags.find((x) => x._id === id);
              const removable = mayWrite && (!known.has(id) || editableTags.has(id));
              return (
                <span key={id} className="st-chip" title={tag?.name}>
                  <span>{tag?.name ?? id}</span>
                  {removable ? (
                    <button
                      type="button"
                      aria-label={t('contacts.removeTag', { name: tag?.name ?? '' })}
                      onClick={() => setTagIds(tagIds.filter((x) => x !== id))}
                    >
                      ×
                    </button>
                  ) : null}
                </span>
              );
            })}
            {contact.api_tags.map((x) => (
              <span key={x._id} className="st-chip api" title={x.name}>
                <span>{x.name}</span>
              </span>
            ))}
          </div>
          {mayWrite && addable.length ? (
            <div className="st-toolbar">
              <select
                className="st-select st-grow"
                aria-label={t('contacts.addTag')}
                value={adding}
                onChange={(e) => setAdding(e.target.value)}
              >
                <option value="">{t('contacts.chooseTag')}</option>
                {addable.map((x) => (
                  <option key={x._id} value={x._id}>
                    {x.name}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="st-button small"
                disabled={!adding}
                onClick={() => {
                  setTagIds([...tagIds, adding]);
                  setAdding('');
                }}
              >
                {t('contacts.addTag')}
              </button>
            </div>
          ) : null}
        </section>
      </div>
      {mayWrite ? (
        <footer className="ct-drawer-foot">
          <button type="button" className="st-button" onClick={() => reset(contact)}>
            {t('settings.common.cancel')}
          </button>
          <button type="button" className="st-button primary" onClick={() => check() && setConfirming(true)}>
            {t('settings.common.save')}
          </button>
        </footer>
      ) : null}
      {confirming ? <ConfirmSave onYes={() => void save()} onNo={() => setConfirming(false)} /> : null}
    </aside>
  );
}
