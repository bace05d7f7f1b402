// The agent's availability for chats (spec 4: available or away), remembered per account in this
// browser and sent to the server so assignment and other agents see it.
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { type ChatStatus, setChatStatus } from '../../core/api/endpoints/chatActions';
import { t } from '../app/i18n';
import { preloadInbox } from '../live/preload';
import { canDo } from '../session/access';
import { client } from '../session/api';
import { currentAccount } from '../session/state';

export type { ChatStatus };

const KEY = 'chatdesk.chatStatus.';

function remembered(accountId: string): ChatStatus {
  try {
    return localStorage.getItem(KEY + accountId) === 'away' ? 'away' : 'available';
  } catch {
    return 'available';
  }
}

export const chatStatus = signal<ChatStatus>('available');

export function AgentAvailability() {
  useSignals();
  // Only a role that may answer chats has an availability for them (the server refuses the rest).
  const answers = canDo('chat', 'write');
  const accountId = answers ? (currentAccount.value?._id ?? null) : null;
  useEffect(() => {
    if (!accountId) return;
    const status = remembered(accountId);
    chatStatus.value = status;
    setChatStatus(client, status).catch(() => {});
    // A signed-in agent's inbox is kept warm so it opens at once.
    preloadInbox();
  }, [accountId]);
  if (!accountId) return null;
  const change = (next: ChatStatus) => {
    chatStatus.value = next;
    try {
      localStorage.setItem(KEY + accountId, next);
    } catch {
      // Kept for this tab only.
    }
    setChatStatus(client, next).catch(() => {});
  };
  return (
    <label className={`availability ${chatStatus.value}`} title={t('live.availability.label')}>
      <span className="availability-dot" aria-hidden="true" />
      <select
        value={chatStatus.value}
        aria-label={t('live.availability.label')}
        data-testid="availability"
        onChange={(e) => change(e.target.value === 'away' ? 'away' : 'available')}
      >
        <option value="available">{t('live.availability.available')}</option>
        <option value="away">{t('live.availability.away')}</option>
      </select>
    </label>
  );
}
