// "Queue management" (spec 2 header): move agents between queues, and act on the chats in
// progress — reassign to an agent or a queue, take over, close — through the inbox's own calls,
// so the chat lifecycle's rules apply (the server refuses what the caller may not do).
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { chatBadges } from '../../core/chat/badges';
import { formatDuration } from '../../core/format/dates';
import { formatNumber } from '../../core/format/numbers';
import { t } from '../app/i18n';
import { Badges } from '../live/Badges';
import { clock, useClock } from '../live/clock';
import { profile } from '../session/state';
import { failed, notify } from '../settings/ui';
import { Confirm } from '../ui/Dialog';
import { Waited } from './ChatStatus';
import {
  closeChat,
  type MonitorAgent,
  type MonitorChat,
  moveAgent,
  type Overview,
  reassignChat,
} from './calls';
import { aged, refresh } from './state';

function MoveAgentRow({ a, data }: { a: MonitorAgent; data: Overview }) {
  const [from, setFrom] = useState(a.queue_ids[0] ?? '');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const names = new Map(data.queues.map((q) => [q._id, q.name]));
  const move = async () => {
    setBusy(true);
    try {
      await moveAgent({ user_id: a._id, from_queue_id: from || undefined, to_queue_id: to || undefined });
      notify('success', t('settings.common.success'), t('monitoring.manage.moved', { name: a.display_name }));
      setTo('');
      await refresh();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <tr data-testid="mon-member-row">
      <th scope="row">{a.display_name}</th>
      <td>
        {a.queue_ids.length ? (
          a.queue_ids.map((id) => (
            <span key={id} className="st-chip">
              {names.get(id) ?? id}
            </span>
          ))
        ) : (
          <span className="muted">{t('monitoring.noQueue')}</span>
        )}
      </td>
      {data.permissions.edit_queues ? (
        <td className="mon-move">
          <select
            className="st-select"
            aria-label={t('monitoring.manage.from', { name: a.display_name })}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          >
            <option value="">{t('monitoring.manage.none')}</option>
            {a.queue_ids.map((id) => (
              <option key={id} value={id}>
                {names.get(id) ?? id}
              </option>
            ))}
          </select>
          <span aria-hidden="true">→</span>
          <select
            className="st-select"
            aria-label={t('monitoring.manage.to', { name: a.display_name })}
            value={to}
            onChange={(e) => setTo(e.target.value)}
          >
            <option value="">{t('monitoring.manage.none')}</option>
            {data.queues
              .filter((q) => !a.queue_ids.includes(q._id))
              .map((q) => (
                <option key={q._id} value={q._id}>
                  {q.name}
                </option>
              ))}
          </select>
          <button
            type="button"
            className="st-button"
            disabled={busy || (!from && !to)}
            onClick={() => void move()}
          >
            {t('monitoring.manage.move')}
          </button>
        </td>
      ) : null}
    </tr>
  );
}

function ChatRow({ c, data }: { c: MonitorChat; data: Overview }) {
  useSignals();
  useClock();
  const [busy, setBusy] = useState(false);
  const [closing, setClosing] = useState(false);
  const me = profile.value?._id ?? '';
  const queue = data.queues.find((q) => q._id === c.queue_id);
  const name = c.follower.line_nickname || c.follower.line_name;
  const mine = c.assignee?._id === me;
  const mayClose = data.permissions.manage_chats && (!c.assignee || mine || data.permissions.close_any);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      notify('success', t('settings.common.success'), done);
      await refresh();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };
  const reassign = (value: string) => {
    if (!value) return;
    const [kind, id] = value.split(':');
    void run(
      () =>
        reassignChat({
          followerId: c.follower._id,
          ...(kind === 'queue' ? { queueId: id } : { userId: id }),
        }),
      t('monitoring.manage.reassigned', { name }),
    );
  };
  const badges = chatBadges(c.follower, { userId: me, countdown: c.countdown_seconds }).filter(
    (b) => b.kind !== 'queue' && b.kind !== 'assigned',
  );
  return (
    <tr data-testid="mon-chat-row" data-follower={c.follower._id}>
      <th scope="row">
        <strong>{name}</strong>
        <small className="muted"> · {t(`live.channel.${c.follower.channel_type}`)}</small>
        <Badges badges={badges} />
      </th>
      <td>{c.assignee?.display_name ?? <span className="muted">{t('monitoring.chats.unassigned')}</span>}</td>
      <td>{queue?.name ?? '—'}</td>
      <td className={`num${c.waiting_seconds ? ' mon-warn' : ''}`}>
        <Waited seconds={c.waiting_seconds} />
      </td>
      <td className="num">{formatDuration(aged(c.duration_seconds, clock.value) ?? 0)}</td>
      {data.permissions.manage_chats ? (
        <td className="mon-actions">
          <select
            className="st-select"
            aria-label={t('monitoring.chats.reassign', { name })}
            value=""
            disabled={busy}
            onChange={(e) => reassign(e.target.value)}
          >
            <option value="">{t('monitoring.chats.reassignTo')}</option>
            <optgroup label={t('monitoring.chats.agents')}>
              {data.agents
                .filter((a) => a._id !== c.assignee?._id)
                .map((a) => (
                  <option key={a._id} value={`user:${a._id}`}>
                    {a.display_name}
                  </option>
                ))}
            </optgroup>
            <optgroup label={t('monitoring.chats.queues')}>
              {data.queues.map((q) => (
                <option key={q._id} value={`queue:${q._id}`}>
                  {q.name}
                </option>
              ))}
            </optgroup>
          </select>
          {mine && c.is_accepted ? null : (
            <button
              type="button"
              className="st-button"
              disabled={busy}
              onClick={() =>
                void run(
                  () => reassignChat({ followerId: c.follower._id, userId: me }),
                  t('monitoring.manage.takenOver', { name }),
                )
              }
            >
              {t('monitoring.chats.takeOver')}
            </button>
          )}
          {mayClose ? (
            <button
              type="button"
              className="st-button danger"
              disabled={busy}
              onClick={() => setClosing(true)}
            >
              {t('monitoring.chats.close')}
            </button>
          ) : null}
          {closing ? (
            <Confirm
              title={t('monitoring.chats.closeTitle')}
              text={t('monitoring.chats.closeConfirm', { name })}
              danger
              onNo={() => setClosing(false)}
              onYes={() => {
                setClosing(false);
                void run(() => closeChat(c.livechat_id), t('monitoring.manage.closed', { name }));
              }}
            />
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}

export function QueueManagement({ data }: { data: Overview }) {
  return (
    <section className="mon-section" aria-labelledby="mon-manage">
      <h2 id="mon-manage">{t('monitoring.headers.queueManagement')}</h2>
      <div className="st-table-card mon-table-card">
        <table className="st-table mon-table">
          <caption>{t('monitoring.manage.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('monitoring.agents.name')}</th>
              <th scope="col">{t('monitoring.agents.queues')}</th>
              {data.permissions.edit_queues ? <th scope="col">{t('monitoring.manage.moveTitle')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {data.agents.map((a) => (
              <MoveAgentRow key={`${a._id}:${a.queue_ids.join(',')}`} a={a} data={data} />
            ))}
          </tbody>
        </table>
      </div>
      <div className="st-table-card mon-table-card">
        <table className="st-table mon-table">
          <caption>
            {t('monitoring.chats.title')}
            {data.chats_total > data.chats.length
              ? ` · ${t('monitoring.chats.showing', { shown: formatNumber(data.chats.length), total: formatNumber(data.chats_total) })}`
              : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('monitoring.chats.customer')}</th>
              <th scope="col">{t('monitoring.chats.assignee')}</th>
              <th scope="col">{t('monitoring.chats.queue')}</th>
              <th scope="col" className="num">
                {t('monitoring.chats.waiting')}
              </th>
              <th scope="col" className="num">
                {t('monitoring.chats.duration')}
              </th>
              {data.permissions.manage_chats ? <th scope="col">{t('monitoring.chats.actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {data.chats.length === 0 ? (
              <tr>
                <td colSpan={6} className="muted mon-empty" data-testid="mon-no-chats">
                  {t('monitoring.chats.empty')}
                </td>
              </tr>
            ) : (
              data.chats.map((c) => <ChatRow key={c.livechat_id} c={c} data={data} />)
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
