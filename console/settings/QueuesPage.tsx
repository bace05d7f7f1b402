// /setting/queue: chat groups (spec 3 Queue: name, assigned type, assigned agents, visibility).
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import { formatNumber } from '../../core/format/numbers';
import { QUEUE_ASSIGNED_TYPES, QUEUE_VISIBILITIES } from '../../core/models/account';
import { MESSAGES } from '../../core/validation/rules';
import { t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { canDo } from '../session/access';
import { ConfirmDeleteSetting } from '../ui/ConfirmDelete';
import { ConfirmSave, Modal } from '../ui/Dialog';
import { FieldErrorText } from '../ui/FieldErrorText';
import { FormField, TextField } from '../ui/FormField';
import { SaveCancel } from '../ui/FormModal';
import { SettingsTable } from '../ui/ListTable';
import { SettingsRowActions } from '../ui/RowActions';
import { useEditing } from '../ui/useEditing';
import { type FieldErrors, useFieldSave } from '../ui/useFieldSave';
import { deleteQueue, getQueues, type QueueRow, saveQueue } from './calls';
import { EmptyState, failed, saved, Toasts } from './ui';

type Agent = { _id: string; display_name: string; email: string };

function QueueDialog({
  queue,
  agents,
  onClose,
  onSaved,
}: {
  queue: QueueRow | null;
  agents: Agent[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState(queue?.name ?? '');
  const [assignType, setAssignType] = useState<QueueRow['assign_type']>(queue?.assign_type ?? 'manual');
  const [visibility, setVisibility] = useState<QueueRow['visibility']>(queue?.visibility ?? 'everyone');
  const [members, setMembers] = useState<string[]>(queue?.members.map((m) => m._id) ?? []);
  const [perAgent, setPerAgent] = useState(queue?.chats_per_agent ? String(queue.chats_per_agent) : '');
  const { errors, passes, busy, run } = useFieldSave();
  const [confirming, setConfirming] = useState(false);
  const problems = () => {
    const next: FieldErrors = {};
    if (!name.trim()) next.name = MESSAGES.required;
    if (perAgent && !/^\d+$/.test(perAgent)) next.chats_per_agent = MESSAGES.number;
    return next;
  };
  // Spec 5: an edit asks Yes / No before it is saved.
  const submit = () => {
    if (!queue) return save();
    if (passes(problems())) setConfirming(true);
  };
  const save = () => {
    setConfirming(false);
    return run(async () => {
      await saveQueue(queue?._id ?? null, {
        name: name.trim(),
        assign_type: assignType,
        visibility,
        members,
        chats_per_agent: perAgent ? Number(perAgent) : null,
      });
      saved();
      onSaved();
    }, problems());
  };
  return (
    <Modal
      title={queue ? t('settings.queues.edit') : t('settings.queues.create')}
      onClose={onClose}
      footer={<SaveCancel onCancel={onClose} onSave={submit} busy={busy} />}
    >
      <div className="st-form">
        <TextField
          label={t('settings.queues.name')}
          value={name}
          maxLength={100}
          error={errors.name}
          onChange={setName}
          autoFocus
        />
        <FormField label={t('settings.queues.assignType')} hint={t(`settings.queues.typeHint.${assignType}`)}>
          <select
            className="st-select"
            value={assignType}
            onChange={(e) => setAssignType(e.target.value as QueueRow['assign_type'])}
          >
            {QUEUE_ASSIGNED_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`settings.queues.type.${type}`)}
              </option>
            ))}
          </select>
        </FormField>
        <fieldset className="st-field" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="st-label">{t('settings.queues.visibility')}</legend>
          {QUEUE_VISIBILITIES.map((v) => (
            <label key={v} className="st-toolbar">
              <input
                type="radio"
                name="visibility"
                value={v}
                checked={visibility === v}
                disabled={queue?.is_default && v === 'selected'}
                onChange={() => setVisibility(v)}
              />
              {t(`settings.queues.vis.${v}`)}
            </label>
          ))}
          <FieldErrorText message={errors.visibility} />
        </fieldset>
        <div className="st-field">
          <span>{t('settings.queues.agents')}</span>
          <small className="hint">{t('settings.queues.agentsHint')}</small>
          <div className="st-checklist">
            {agents.map((a) => (
              <label key={a._id}>
                <input
                  type="checkbox"
                  checked={members.includes(a._id)}
                  onChange={(e) =>
                    setMembers(e.target.checked ? [...members, a._id] : members.filter((id) => id !== a._id))
                  }
                />
                <span>
                  {a.display_name} <small className="muted">{a.email}</small>
                </span>
              </label>
            ))}
          </div>
          <FieldErrorText message={errors.members} />
        </div>
        <TextField
          label={t('settings.queues.perAgent')}
          inputMode="numeric"
          value={perAgent}
          placeholder={t('settings.queues.noLimit')}
          error={errors.chats_per_agent}
          onChange={(next) => setPerAgent(next.replace(/\D/g, '').slice(0, 3))}
        />
      </div>
      {confirming ? <ConfirmSave onYes={() => void save()} onNo={() => setConfirming(false)} /> : null}
    </Modal>
  );
}

export default function QueuesPage({ titleKey }: PageProps) {
  useSignals();
  const [data, setData] = useState<{ list: QueueRow[]; agents: Agent[] } | null>(null);
  const { editing, setEditing, edited, closeEditor, afterSave } = useEditing<QueueRow>();
  const [deleting, setDeleting] = useState<QueueRow | null>(null);
  const mayWrite = canDo('settings', 'write');
  const load = useCallback(() => {
    getQueues()
      .then(setData)
      .catch((err) => failed(err));
  }, []);
  useEffect(() => load(), [load]);
  const createButton = mayWrite ? (
    <button type="button" className="st-button primary" onClick={() => setEditing('new')}>
      + {t('settings.queues.create')}
    </button>
  ) : null;
  return (
    <div className="st-page">
      <PageHeader title={t(titleKey)}>{createButton}</PageHeader>
      {data && data.list.length === 0 ? (
        <EmptyState
          title={t('settings.queues.empty')}
          text={t('settings.queues.emptyText')}
          action={createButton}
        />
      ) : null}
      {data && data.list.length > 0 ? (
        <SettingsTable
          withActions={mayWrite}
          head={
            <>
              <th scope="col">{t('settings.queues.name')}</th>
              <th scope="col">{t('settings.queues.assignType')}</th>
              <th scope="col">{t('settings.queues.agents')}</th>
              <th scope="col" className="st-hide-narrow">
                {t('settings.queues.visibility')}
              </th>
              <th scope="col" className="num st-hide-narrow">
                {t('settings.queues.openChats')}
              </th>
            </>
          }
        >
          {data.list.map((q) => (
            <tr key={q._id} data-testid="queue-row">
              <td>
                <div className="st-name-cell">
                  <strong>{q.name}</strong>
                  {q.is_default ? <small>{t('settings.queues.default')}</small> : null}
                </div>
              </td>
              <td>{t(`settings.queues.type.${q.assign_type}`)}</td>
              <td>
                {q.members.length ? (
                  <div className="st-chips">
                    {q.members.map((m) => (
                      <span key={m._id} className="st-chip" title={m.display_name}>
                        <span>{m.display_name}</span>
                      </span>
                    ))}
                  </div>
                ) : (
                  <span className="muted">{t('settings.queues.anyAgent')}</span>
                )}
              </td>
              <td className="st-hide-narrow">{t(`settings.queues.vis.${q.visibility}`)}</td>
              <td className="num st-hide-narrow">{formatNumber(q.open_chats)}</td>
              {mayWrite ? (
                <SettingsRowActions
                  onEdit={() => setEditing(q)}
                  onDelete={q.is_default ? undefined : () => setDeleting(q)}
                />
              ) : null}
            </tr>
          ))}
        </SettingsTable>
      ) : null}
      {editing && data ? (
        <QueueDialog queue={edited} agents={data.agents} onClose={closeEditor} onSaved={afterSave(load)} />
      ) : null}
      <ConfirmDeleteSetting
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={(q) => deleteQueue(q._id)}
        onDeleted={load}
        detail={(q) => t('settings.queues.deleteDetail', { name: q.name })}
      />
      <Toasts />
    </div>
  );
}
