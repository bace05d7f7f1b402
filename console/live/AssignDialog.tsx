// Assign the chat to an agent or to a queue (spec 7 /api/chat/assign/agent).
import { useEffect, useState } from 'react';
import { t } from '../app/i18n';
import { getAssignAgents, getAssignQueues, type LiveFollower } from './calls';
import { assign } from './chatActions';
import { Dialog } from './Dialog';

type Agent = { _id: string; display_name: string; online?: boolean; chat_status?: string };
type Queue = { _id: string; name: string };

export function AssignDialog({ follower, onClose }: { follower: LiveFollower; onClose: () => void }) {
  const [tab, setTab] = useState<'agent' | 'queue'>('agent');
  const [agents, setAgents] = useState<Agent[] | null>(null);
  const [queues, setQueues] = useState<Queue[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [filter, setFilter] = useState('');
  useEffect(() => {
    Promise.all([getAssignAgents(), getAssignQueues()])
      .then(([a, q]) => {
        setAgents(a.list);
        setQueues(q.list);
      })
      .catch(() => setFailed(true));
  }, []);
  const needle = filter.trim().toLowerCase();
  const shownAgents = (agents ?? []).filter((a) => a.display_name.toLowerCase().includes(needle));
  const shownQueues = (queues ?? []).filter((q) => q.name.toLowerCase().includes(needle));
  const current = follower.last_livechat;
  const choose = (to: { userId?: string; queueId?: string }) => {
    void assign(follower, to);
    onClose();
  };
  return (
    <Dialog title={t('live.assignTitle')} onClose={onClose}>
      <div className="segmented wide" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'agent'} onClick={() => setTab('agent')}>
          {t('live.assignAgent')}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'queue'} onClick={() => setTab('queue')}>
          {t('live.assignQueue')}
        </button>
      </div>
      <input
        className="text-input"
        type="search"
        value={filter}
        placeholder={t('live.assignFilter')}
        aria-label={t('live.assignFilter')}
        onChange={(e) => setFilter(e.target.value)}
      />
      {failed ? <p className="form-error">{t('live.loadFailed')}</p> : null}
      {!failed && (agents === null || queues === null) ? (
        <p className="muted">{t('layout.loading')}</p>
      ) : null}
      <ul className="assign-list">
        {tab === 'agent'
          ? shownAgents.map((a) => (
              <li key={a._id}>
                <button
                  type="button"
                  onClick={() => choose({ userId: a._id })}
                  aria-current={current?.user_id === a._id}
                >
                  <span className={`presence ${a.online ? 'on' : 'off'}`} aria-hidden="true" />
                  <span className="assign-name">{a.display_name}</span>
                  <span className="muted">
                    {a.online
                      ? a.chat_status === 'away'
                        ? t('live.availability.away')
                        : t('live.availability.available')
                      : t('layout.offline')}
                  </span>
                </button>
              </li>
            ))
          : shownQueues.map((q) => (
              <li key={q._id}>
                <button
                  type="button"
                  onClick={() => choose({ queueId: q._id })}
                  aria-current={current?.queue_id === q._id}
                >
                  <span className="assign-name">{q.name}</span>
                </button>
              </li>
            ))}
      </ul>
      {(tab === 'agent' ? agents && shownAgents.length === 0 : queues && shownQueues.length === 0) ? (
        <p className="muted">{t('live.assignNone')}</p>
      ) : null}
    </Dialog>
  );
}
