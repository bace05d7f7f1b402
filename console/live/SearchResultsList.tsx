// Search results: chats by name, or messages with their chat; and the search-empty state.
import { useSignals } from '@preact/signals-react/runtime';
import { chatListTime } from '../../core/format/chatListTime';
import { locale, t } from '../app/i18n';
import { ChatListItem, displayName } from './ChatListItem';
import { selectChat } from './chatActions';
import { clearSearch } from './listActions';
import { messagePreview } from './messageText';
import { searchResults, searchState, selected } from './state';

export function SearchResultsList() {
  useSignals();
  const results = searchResults.value;
  const activeId = selected.value?._id;
  if (searchState.value === 'loading' && !results)
    return (
      <div className="list-empty" role="status">
        {t('live.searching')}
      </div>
    );
  if (searchState.value === 'error')
    return (
      <div className="list-empty" role="status">
        {t('live.searchFailed')}
      </div>
    );
  if (!results) return null;
  const empty = results.mode === 'name' ? results.names.length === 0 : results.messages.length === 0;
  if (empty)
    return (
      <div className="list-empty" data-testid="search-empty" role="status">
        <p className="empty-title">{t('live.searchEmpty.title')}</p>
        <p className="muted">{t('live.searchEmpty.text', { text: results.text })}</p>
        <button type="button" className="link-button" onClick={clearSearch}>
          {t('live.clearSearch')}
        </button>
      </div>
    );
  return (
    <div className="chat-list-scroll" data-testid="search-results">
      <p className="chat-list-header static">
        {t(results.mode === 'name' ? 'live.resultsByName' : 'live.resultsByMessage', {
          count: results.total,
        })}
      </p>
      <ul className="chat-list static">
        {results.mode === 'name'
          ? results.names.map((f) => (
              <li key={f._id} className="chat-list-row static">
                <ChatListItem
                  follower={f}
                  active={f._id === activeId}
                  onSelect={(x) => void selectChat(x)}
                  lang={locale.value}
                />
              </li>
            ))
          : results.messages.map(({ follower, message }) => (
              <li
                key={message._id ?? `${follower._id}-${message.timestamp}`}
                className="chat-list-row static"
              >
                <button
                  type="button"
                  className={`chat-item search-hit${follower._id === activeId ? ' active' : ''}`}
                  onClick={() => void selectChat(follower)}
                >
                  <span className="chat-item-body">
                    <span className="chat-item-top">
                      <span className="chat-item-name">{displayName(follower)}</span>
                      <time className="chat-item-time">
                        {chatListTime(message.timestamp * 1000, new Date(), (k) => t(`live.${k}`))}
                      </time>
                    </span>
                    <span className="chat-item-preview">{messagePreview(message, t)}</span>
                  </span>
                </button>
              </li>
            ))}
      </ul>
    </div>
  );
}
