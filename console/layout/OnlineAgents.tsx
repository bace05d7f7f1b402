import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { GENERIC_ERROR_KEYS } from '../../core/text/notices';
import { t } from '../app/i18n';
import { api } from '../session/api';
import { profile } from '../session/state';
import { Dropdown } from './Dropdown';
import { Icon } from './icons';

interface Agent {
  _id: string;
  display_name: string;
  email: string;
  role: { name: string; level: number };
  online: boolean;
}

/** The team of this account, online first; fetched each time the list is opened. */
export function OnlineAgents() {
  useSignals();
  const [agents, setAgents] = useState<Agent[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = () => {
    setFailed(false);
    api<{ agents: Agent[] }>('/api/agents/online')
      .then((r) => setAgents(r.agents))
      .catch(() => setFailed(true));
  };
  const others = agents?.filter((a) => a.online && a._id !== profile.value?._id) ?? [];
  return (
    <Dropdown label={t('layout.onlineAgents')} button={<Icon name="agents" />} width={300} onOpen={load}>
      {() => (
        <div className="online-agents">
          <h2>{t('layout.onlineAgents')}</h2>
          {agents === null && !failed ? <p className="muted">{t('layout.loading')}</p> : null}
          {failed ? <p className="muted">{t(GENERIC_ERROR_KEYS.title)}</p> : null}
          {agents && others.length === 0 ? <p className="muted">{t('layout.noAgentsOnline')}</p> : null}
          {agents ? (
            <ul className="agent-list">
              {agents.map((a) => (
                <li key={a._id}>
                  <span className={`presence ${a.online ? 'on' : 'off'}`} aria-hidden="true" />
                  <span className="agent-name">
                    {a.display_name}{' '}
                    {a._id === profile.value?._id ? <span className="muted">{t('layout.you')}</span> : null}
                  </span>
                  <span className="muted">{a.online ? t('layout.online') : t('layout.offline')}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </Dropdown>
  );
}
