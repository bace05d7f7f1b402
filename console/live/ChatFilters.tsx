// Chat type (spec 4, two groups), channel type and agent/queue filters.
import { useSignals } from '@preact/signals-react/runtime';
import { CHAT_TYPE_GROUPS, type ChatType, isChatType } from '../../core/chat/chatTypes';
import { QUEUE_PREFIX } from '../../core/chat/listFilters';
import { t } from '../app/i18n';
import { assigneeFilter, channelFilter, chatType, master } from './state';

export function ChatFilters() {
  useSignals();
  const data = master.value;
  return (
    <div className="chat-filters">
      <label>
        <span className="visually-hidden">{t('live.filter.chatType')}</span>
        <select
          value={chatType.value}
          aria-label={t('live.filter.chatType')}
          data-testid="chat-type-filter"
          onChange={(e) => {
            if (isChatType(e.target.value)) chatType.value = e.target.value as ChatType;
          }}
        >
          {CHAT_TYPE_GROUPS.map((group, i) => (
            <optgroup key={group[0]} label={t(`live.filter.group${i + 1}`)}>
              {group.map((type) => (
                <option key={type} value={type}>
                  {t(`live.chatType.${type}`)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <label>
        <span className="visually-hidden">{t('live.filter.channel')}</span>
        <select
          value={channelFilter.value}
          aria-label={t('live.filter.channel')}
          onChange={(e) => {
            channelFilter.value = e.target.value;
          }}
        >
          <option value="">{t('live.filter.allChannels')}</option>
          {(data?.channel_types ?? []).map((c) => (
            <option key={c.value} value={c.value}>
              {t(`live.channel.${c.value}`) === `live.channel.${c.value}`
                ? c.label
                : t(`live.channel.${c.value}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="visually-hidden">{t('live.filter.assignee')}</span>
        <select
          value={assigneeFilter.value}
          aria-label={t('live.filter.assignee')}
          onChange={(e) => {
            assigneeFilter.value = e.target.value;
          }}
        >
          <option value="">{t('live.filter.everyone')}</option>
          <option value="me">{t('live.filter.me')}</option>
          {data?.agents.length ? (
            <optgroup label={t('live.filter.agents')}>
              {data.agents.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </optgroup>
          ) : null}
          {data?.queues?.length ? (
            <optgroup label={t('live.filter.queues')}>
              {data.queues.map((q) => (
                <option key={q.value} value={`${QUEUE_PREFIX}${q.value}`}>
                  {q.label}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </label>
    </div>
  );
}
