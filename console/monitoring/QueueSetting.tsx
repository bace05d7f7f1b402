// "Queue setting" (spec 2 header): each queue's assignment type, visibility and chats per agent,
// changed in place by those who may change settings (others read them).
import { useState } from 'react';
import { QUEUE_ASSIGNED_TYPES, QUEUE_VISIBILITIES } from '../../core/models/account';
import { t } from '../app/i18n';
import { failed, saved } from '../settings/ui';
import { type MonitorQueue, type Overview, updateQueue } from './calls';
import { refresh } from './state';

function QueueSettingRow({ q, editable }: { q: MonitorQueue; editable: boolean }) {
  const [busy, setBusy] = useState(false);
  const [perAgent, setPerAgent] = useState(q.chats_per_agent ? String(q.chats_per_agent) : '');
  const save = async (body: Parameters<typeof updateQueue>[1]) => {
    setBusy(true);
    try {
      await updateQueue(q._id, body);
      saved();
      await refresh();
    } catch (err) {
      failed(err);
      // The refused number does not stay in the box as if it were the queue's.
      setPerAgent(q.chats_per_agent ? String(q.chats_per_agent) : '');
    } finally {
      setBusy(false);
    }
  };
  if (!editable)
    return (
      <tr data-testid="mon-setting-row">
        <th scope="row">{q.name}</th>
        <td>{t(`settings.queues.type.${q.assign_type}`)}</td>
        <td>{t(`settings.queues.vis.${q.visibility}`)}</td>
        <td className="num">{q.chats_per_agent ?? t('monitoring.setting.noLimit')}</td>
      </tr>
    );
  const label = (what: string) => `${t(`monitoring.setting.${what}`)} · ${q.name}`;
  return (
    <tr data-testid="mon-setting-row">
      <th scope="row">{q.name}</th>
      <td>
        <select
          className="st-select"
          aria-label={label('assignType')}
          value={q.assign_type}
          disabled={busy}
          onChange={(e) => void save({ assign_type: e.target.value as MonitorQueue['assign_type'] })}
        >
          {QUEUE_ASSIGNED_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`settings.queues.type.${type}`)}
            </option>
          ))}
        </select>
      </td>
      <td>
        <select
          className="st-select"
          aria-label={label('visibility')}
          value={q.visibility}
          disabled={busy}
          onChange={(e) => void save({ visibility: e.target.value as MonitorQueue['visibility'] })}
        >
          {QUEUE_VISIBILITIES.map((v) => (
            <option key={v} value={v} disabled={q.is_default && v === 'selected'}>
              {t(`settings.queues.vis.${v}`)}
            </option>
          ))}
        </select>
      </td>
      <td className="num">
        <input
          className="st-input mon-per-agent"
          inputMode="numeric"
          aria-label={label('perAgent')}
          placeholder={t('monitoring.setting.noLimit')}
          value={perAgent}
          disabled={busy}
          onChange={(e) => setPerAgent(e.target.value.replace(/\D/g, '').slice(0, 3))}
          onBlur={() => {
            const next = perAgent ? Number(perAgent) : null;
            if (next !== q.chats_per_agent) void save({ chats_per_agent: next });
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
          }}
        />
      </td>
    </tr>
  );
}

export function QueueSetting({ data }: { data: Overview }) {
  const editable = data.permissions.edit_queues;
  return (
    <section className="mon-section" aria-labelledby="mon-setting">
      <h2 id="mon-setting">{t('monitoring.headers.queueSetting')}</h2>
      {editable ? null : <p className="muted">{t('monitoring.setting.readOnly')}</p>}
      <div className="st-table-card mon-table-card">
        <table className="st-table mon-table">
          <thead>
            <tr>
              <th scope="col">{t('monitoring.queues.name')}</th>
              <th scope="col">{t('monitoring.setting.assignType')}</th>
              <th scope="col">{t('monitoring.setting.visibility')}</th>
              <th scope="col" className="num">
                {t('monitoring.setting.perAgent')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.queues.map((q) => (
              <QueueSettingRow key={`${q._id}:${q.chats_per_agent ?? ''}`} q={q} editable={editable} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
