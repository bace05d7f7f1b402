// The contact list's dialogs: add a contact, import a file, merge two contacts, manage fields.
import { useCallback, useEffect, useState } from 'react';
import { formatNumber } from '../../core/format/numbers';
import { CONTACT_DETAIL_TYPES, type ContactDetailType } from '../../core/models/contact';
import { FIELD_MESSAGES, isFieldKey } from '../../core/validation/contactField';
import { MESSAGES } from '../../core/validation/rules';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import { getRoleRefs, type RoleRef } from '../settings/calls';
import { EntryPermissions } from '../settings/EntryPermissions';
import { failed, fieldError, notify, saved } from '../settings/ui';
import { Confirm, ConfirmSave, Modal } from '../ui/Dialog';
import { FormField, TextField } from '../ui/FormField';
import { DoneButton, FormModal, SaveCancel } from '../ui/FormModal';
import { EditDeleteCell } from '../ui/RowActions';
import { useFieldSave } from '../ui/useFieldSave';
import {
  type ContactView,
  createContact,
  createField,
  deleteField,
  type FieldDef,
  getFields,
  type ImportReport,
  importFile,
  type Masterdata,
  mergeContacts,
  updateField,
} from './calls';

export function CreateContactDialog({
  masterdata,
  onClose,
  onCreated,
}: {
  masterdata: Masterdata;
  onClose: () => void;
  onCreated: (c: ContactView) => void;
}) {
  const [name, setName] = useState('');
  const [channel, setChannel] = useState(masterdata.channels[0]?._id ?? '');
  const [socialId, setSocialId] = useState('');
  const { errors, setErrors, busy, run } = useFieldSave();
  const submit = async () => {
    if (!name.trim()) return setErrors({ line_name: MESSAGES.required });
    await run(async () => {
      const r = await createContact({
        line_name: name.trim(),
        channel,
        social_id: socialId.trim() || undefined,
      });
      saved();
      onCreated(r.contact);
    });
  };
  return (
    <FormModal title={t('contacts.add')} onClose={onClose} onSave={submit} busy={busy}>
      <TextField
        label={t('contacts.name')}
        value={name}
        maxLength={200}
        error={errors.line_name}
        onChange={setName}
        autoFocus
      />
      <FormField label={t('contacts.channelLabel')}>
        <ChannelSelect channels={masterdata.channels} value={channel} onChange={setChannel} />
      </FormField>
      <TextField
        label={t('contacts.socialId')}
        value={socialId}
        maxLength={200}
        error={errors.social_id}
        hint={t('contacts.socialIdHint')}
        onChange={setSocialId}
      />
    </FormModal>
  );
}

function ChannelSelect({
  channels,
  value,
  onChange,
}: {
  channels: Masterdata['channels'];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <select className="st-select" value={value} onChange={(e) => onChange(e.target.value)}>
      {channels.map((c) => (
        <option key={c._id} value={c._id}>
          {c.name} ({t(`contacts.channel.${c.type}`)})
        </option>
      ))}
    </select>
  );
}

export function ImportDialog({
  masterdata,
  onClose,
  onDone,
}: {
  masterdata: Masterdata;
  onClose: () => void;
  onDone: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [channel, setChannel] = useState(masterdata.channels[0]?._id ?? '');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!file) return setError(MESSAGES.required);
    setBusy(true);
    setError(null);
    try {
      setReport(await importFile(file, channel));
      onDone();
    } catch (err) {
      setError(err instanceof Error ? localMessage(err.message) : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={t('contacts.import')}
      onClose={onClose}
      footer={
        <SaveCancel
          onCancel={onClose}
          onSave={submit}
          busy={busy}
          saveLabel={busy ? t('contacts.importing') : t('contacts.import')}
          done={report !== null}
        />
      }
    >
      {report ? (
        <div className="st-form" data-testid="import-report">
          <p className="st-note">
            {t('contacts.importDone', {
              total: formatNumber(report.total),
              created: formatNumber(report.created),
              updated: formatNumber(report.updated),
              failed: formatNumber(report.failed),
            })}
          </p>
          {report.skipped_fields.length ? (
            <p className="muted">
              {t('contacts.importSkipped', { fields: report.skipped_fields.join(', ') })}
            </p>
          ) : null}
          {report.errors.length ? (
            <ul className="ct-errors">
              {report.errors.map((e) => (
                <li key={`${e.row}-${e.field}`}>
                  {t('contacts.importRow', { row: formatNumber(e.row) })}
                  {e.field ? ` · ${e.field}` : ''}: {localMessage(e.message)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <div className="st-form">
          <p className="muted" style={{ margin: 0 }}>
            {t('contacts.importHint')}
          </p>
          <FormField label={t('contacts.file')}>
            <input
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setError(null);
              }}
            />
          </FormField>
          <FormField label={t('contacts.importChannel')}>
            <ChannelSelect channels={masterdata.channels} value={channel} onChange={setChannel} />
          </FormField>
          {error ? <p className="st-error">{localMessage(error)}</p> : null}
        </div>
      )}
    </Modal>
  );
}

export function MergeDialog({
  pair,
  onClose,
  onMerged,
}: {
  pair: [ContactView, ContactView];
  onClose: () => void;
  onMerged: (c: ContactView) => void;
}) {
  const newer = (c: ContactView) => (c.last_message_at ? Date.parse(c.last_message_at) : 0);
  const [primaryId, setPrimaryId] = useState(newer(pair[1]) > newer(pair[0]) ? pair[1]._id : pair[0]._id);
  const [confirming, setConfirming] = useState(false);
  const other = pair.find((c) => c._id !== primaryId) as ContactView;
  const merge = async () => {
    setConfirming(false);
    try {
      const r = await mergeContacts(primaryId, other._id);
      notify('success', t('settings.common.success'), t('contacts.merged'));
      onMerged(r.contact);
    } catch (err) {
      failed(err);
    }
  };
  return (
    <Modal
      title={t('contacts.merge')}
      onClose={onClose}
      footer={
        <SaveCancel onCancel={onClose} onSave={() => setConfirming(true)} saveLabel={t('contacts.merge')} />
      }
    >
      <div className="st-form">
        <p className="muted" style={{ margin: 0 }}>
          {t('contacts.mergeRule')}
        </p>
        <fieldset className="st-field" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="st-label">{t('contacts.keep')}</legend>
          {pair.map((c) => (
            <label key={c._id} className="ct-merge-choice">
              <input
                type="radio"
                name="primary"
                checked={primaryId === c._id}
                onChange={() => setPrimaryId(c._id)}
              />
              <span className="st-name-cell">
                <strong>{c.display_name}</strong>
                <small>
                  {t(`contacts.channel.${c.channel_type}`)} · {c.social_id}
                </small>
              </span>
            </label>
          ))}
        </fieldset>
        {other.social_id !== '-' ? (
          <p className="st-note">{t('contacts.mergeWarning', { name: other.display_name })}</p>
        ) : null}
      </div>
      {confirming ? (
        <Confirm
          title={t('contacts.merge')}
          text={t('contacts.mergeConfirm', { other: other.display_name })}
          danger
          onYes={() => void merge()}
          onNo={() => setConfirming(false)}
        />
      ) : null}
    </Modal>
  );
}

export function FieldsDialog({ onClose, onChanged }: { onClose: () => void; onChanged: () => void }) {
  const [fields, setFields] = useState<FieldDef[] | null>(null);
  const [roles, setRoles] = useState<RoleRef[]>([]);
  const [key, setKey] = useState('');
  const [label, setLabel] = useState('');
  const [type, setType] = useState<ContactDetailType>('other');
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<FieldDef | null>(null);
  const [deleting, setDeleting] = useState<FieldDef | null>(null);
  const load = useCallback(() => {
    getFields()
      .then((r) => setFields(r.list))
      .catch(failed);
  }, []);
  useEffect(() => {
    load();
    getRoleRefs()
      .then((r) => setRoles(r.list))
      .catch(() => {});
  }, [load]);
  const add = async () => {
    if (!key.trim()) return setError(MESSAGES.required);
    if (!isFieldKey(key.trim())) return setError(FIELD_MESSAGES.key);
    try {
      await createField({ key: key.trim(), label: label.trim() || key.trim(), type });
      setKey('');
      setLabel('');
      saved();
      load();
      onChanged();
    } catch (err) {
      const f = fieldError(err);
      if (f) setError(f.message);
      else failed(err);
    }
  };
  return (
    <Modal
      title={t('contacts.fieldsTitle')}
      onClose={onClose}
      size="wide"
      footer={<DoneButton onClick={onClose} />}
    >
      <div className="st-form">
        {fields && fields.length === 0 ? <p className="muted">{t('contacts.noFieldsYet')}</p> : null}
        {fields && fields.length > 0 ? (
          <div className="st-table-card">
            <table className="st-table">
              <thead>
                <tr>
                  <th scope="col">{t('contacts.fieldLabel')}</th>
                  <th scope="col">{t('contacts.fieldKey')}</th>
                  <th scope="col">{t('contacts.fieldType')}</th>
                  <th scope="col" className="actions" />
                </tr>
              </thead>
              <tbody>
                {fields.map((f) => (
                  <tr key={f._id}>
                    <td>{f.label}</td>
                    <td>
                      <code>{f.key}</code>
                    </td>
                    <td>{t(`contacts.type.${f.type}`)}</td>
                    <EditDeleteCell
                      linkClass="st-link"
                      editLabel={t('contacts.permissions')}
                      deleteLabel={t('settings.common.delete')}
                      onEdit={() => setEditing(f)}
                      onDelete={() => setDeleting(f)}
                    />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <section className="st-section">
          <h2>{t('contacts.newField')}</h2>
          <div className="st-row">
            <TextField label={t('contacts.fieldLabel')} value={label} maxLength={100} onChange={setLabel} />
            <FormField label={t('contacts.fieldKey')}>
              <input
                className="st-input"
                value={key}
                maxLength={50}
                aria-invalid={Boolean(error)}
                onChange={(e) => {
                  setKey(e.target.value);
                  setError(null);
                }}
              />
            </FormField>
            <FormField label={t('contacts.fieldType')}>
              <select
                className="st-select"
                value={type}
                onChange={(e) => setType(e.target.value as ContactDetailType)}
              >
                {CONTACT_DETAIL_TYPES.map((x) => (
                  <option key={x} value={x}>
                    {t(`contacts.type.${x}`)}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          {error ? (
            <small className="st-error">{localMessage(error)}</small>
          ) : (
            <small className="muted">{t('contacts.fieldKeyHint')}</small>
          )}
          <div className="st-actions">
            <button type="button" className="st-button primary" onClick={() => void add()}>
              + {t('contacts.addField')}
            </button>
          </div>
        </section>
      </div>
      {editing ? (
        <FieldPermissionDialog
          field={editing}
          roles={roles}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
            onChanged();
          }}
        />
      ) : null}
      {deleting ? (
        <Confirm
          title={t('settings.common.deleteTitle')}
          text={t('settings.common.deleteConfirm')}
          danger
          onNo={() => setDeleting(null)}
          onYes={() => {
            const f = deleting;
            setDeleting(null);
            void deleteField(f._id)
              .then(() => {
                load();
                onChanged();
              })
              .catch(failed);
          }}
        />
      ) : null}
    </Modal>
  );
}

function FieldPermissionDialog({
  field,
  roles,
  onClose,
  onSaved,
}: {
  field: FieldDef;
  roles: RoleRef[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [label, setLabel] = useState(field.label);
  const [permission, setPermission] = useState(field.permission);
  // Spec 5: an edit asks Yes / No before it is saved.
  const [confirming, setConfirming] = useState(false);
  const save = async () => {
    setConfirming(false);
    try {
      await updateField(field._id, { label: label.trim() || field.label, permission });
      saved();
      onSaved();
    } catch (err) {
      failed(err);
    }
  };
  return (
    <Modal
      title={field.label}
      onClose={onClose}
      footer={<SaveCancel onCancel={onClose} onSave={() => setConfirming(true)} />}
    >
      <div className="st-form">
        <TextField label={t('contacts.fieldLabel')} value={label} maxLength={100} onChange={setLabel} />
        <EntryPermissions roles={roles} value={permission} onChange={setPermission} />
      </div>
      {confirming ? <ConfirmSave onYes={() => void save()} onNo={() => setConfirming(false)} /> : null}
    </Modal>
  );
}
