// "Chat status" (spec 2 header): the team's live figures — totals, every agent, every queue.
import { useSignals } from '@preact/signals-react/runtime';
import { roleLabel } from '../../core/access/roleNames';
import { formatDuration } from '../../core/format/dates';
import { formatNumber } from '../../core/format/numbers';
import { t } from '../app/i18n';
import { clock, useClock } from '../live/clock';
import type { MonitorAgent, MonitorQueue, Overview } from './calls';
import { aged } from './state';

/** A wait that grows on screen between two fetches; '—' when nobody waits. */
export function Waited({ seconds }: { seconds: number | null }) {
  useSignals();
  useClock();
  const value = aged(seconds, clock.value);
  return value === null || value <= 0 ? (
    <span className="muted">—</span>
  ) : (
    <span>{formatDuration(value)}</span>
  );
}

function Tile({ name, value, warn = false }: { name: string; value: number; warn?: boolean }) {
  return (
    <li className={`mon-tile${warn && value > 0 ? ' warn' : ''}`} data-testid={`mon-total-${name}`}>
      <span className="mon-tile-label">{t(`monitoring.totals.${name}`)}</span>
      <strong className="mon-tile-value">{formatNumber(value)}</strong>
    </li>
  );
}

function AgentRow({ a, queues }: { a: MonitorAgent; queues: Map<string, string> }) {
  return (
    <tr data-testid="mon-agent-row" data-status={a.status}>
      <th scope="row">
        <div className="mon-who">
          <span className={`mon-dot ${a.status}`} aria-hidden="true" />
          <span>
            <strong>{a.display_name}</strong>
            <small className="muted mon-role">{roleLabel(a.role, t)}</small>
          </span>
        </div>
      </th>
      <td>
        <span className={`mon-state ${a.status}`}>{t(`monitoring.state.${a.status}`)}</span>
      </td>
      <td className="num">{formatNumber(a.chats_in_progress)}</td>
      <td className="num">{formatNumber(a.chats_taken_today)}</td>
      <td className="num">
        {a.avg_first_response_today === null ? '—' : formatDuration(a.avg_first_response_today)}
      </td>
      <td className="num">
        <Waited seconds={a.longest_wait || null} />
      </td>
      <td className="mon-hide-narrow">
        {a.queue_ids.length ? (
          a.queue_ids.map((id) => (
            <span key={id} className="st-chip">
              {queues.get(id) ?? id}
            </span>
          ))
        ) : (
          <span className="muted">{t('monitoring.noQueue')}</span>
        )}
      </td>
    </tr>
  );
}

function QueueRow({ q }: { q: MonitorQueue }) {
  return (
    <tr data-testid="mon-queue-row">
      <th scope="row">
        <strong>{q.name}</strong>
        {q.is_default ? <small className="muted"> · {t('monitoring.default')}</small> : null}
      </th>
      <td className={`num${q.waiting > 0 ? ' mon-warn' : ''}`}>{formatNumber(q.waiting)}</td>
      <td className="num">
        <Waited seconds={q.longest_wait || null} />
      </td>
      <td className="num">{formatNumber(q.in_progress)}</td>
      <td className="num">{formatNumber(q.missed_today)}</td>
      <td className="num">{formatNumber(q.expired_today)}</td>
      <td className="num">{formatNumber(q.agents_on_duty)}</td>
    </tr>
  );
}

export function ChatStatus({ data }: { data: Overview }) {
  const queueNames = new Map(data.queues.map((q) => [q._id, q.name]));
  return (
    <section className="mon-section" aria-labelledby="mon-status">
      <h2 id="mon-status">{t('monitoring.headers.chatStatus')}</h2>
      <ul className="mon-tiles">
        <Tile name="waiting" value={data.totals.waiting} warn />
        <Tile name="in_progress" value={data.totals.in_progress} />
        <Tile name="missed_today" value={data.totals.missed_today} warn />
        <Tile name="expired_today" value={data.totals.expired_today} />
        <Tile name="agents_available" value={data.totals.agents_available} />
        <Tile name="agents_online" value={data.totals.agents_online} />
      </ul>
      <div className="st-table-card mon-table-card">
        <table className="st-table mon-table">
          <caption>{t('monitoring.agents.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('monitoring.agents.name')}</th>
              <th scope="col">{t('monitoring.agents.status')}</th>
              <th scope="col" className="num">
                {t('monitoring.agents.inProgress')}
              </th>
              <th scope="col" className="num">
                {t('monitoring.agents.takenToday')}
              </th>
              <th scope="col" className="num">
                {t('monitoring.agents.firstResponse')}
              </th>
              <th scope="col" className="num">
                {t('monitoring.agents.longestWait')}
              </th>
              <th scope="col" className="mon-hide-narrow">
                {t('monitoring.agents.queues')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.agents.map((a) => (
              <AgentRow key={a._id} a={a} queues={queueNames} />
            ))}
          </tbody>
        </table>
      </div>
      <div className="st-table-card mon-table-card">
        <table className="st-table mon-table">
          <caption>{t('monitoring.queues.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('monitoring.queues.name')}</th>
              <th scope="col" className="num">
                {t('monitoring.queues.waiting')}
              </th>
              <th scope="col" className="num">
                {t('monitoring.queues.longestWait')}
              </th>
              <th scope="col" className="num">
                {t('monitoring.queues.inProgress')}
              </th>
              <th scope="col" className="num">
                {t('monitoring.queues.missedToday')}
              </th>
              <th scope="col" className="num">
                {t('monitoring.queues.expiredToday')}
              </th>
              <th scope="col" className="num">
                {t('monitoring.queues.onDuty')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.queues.map((q) => (
              <QueueRow key={q._id} q={q} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
