// The left column: title, search (by name or by message), filters, then the list or the results.
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { formatNumber } from '../../core/format/numbers';
import { localizePath } from '../../core/routes';
import { locale, t } from '../app/i18n';
import { ChatFilters } from './ChatFilters';
import { ChatList } from './ChatList';
import { ChatSearch } from './ChatSearch';
import { SearchResultsList } from './SearchResultsList';
import { searchResults, searchState, shownCount, totalCount } from './state';

/** The server stops counting here (server/chat/followerQuery.ts COUNT_CAP). */
const COUNT_SHOWN_MAX = 10_000;

export function ChatListPanel({ title }: { title: string }) {
  useSignals();
  const searching = searchResults.value !== null || searchState.value === 'loading';
  const shown = shownCount.value;
  return (
    <section className="chat-list-panel" aria-label={title}>
      <header className="chat-list-head">
        <h1>{title}</h1>
        <span className="muted chat-count" data-testid="chat-count">
          {t('live.count', {
            count: `${formatNumber(shown)}${totalCount.value >= COUNT_SHOWN_MAX ? '+' : ''}`,
          })}
        </span>
        <Link className="imported-chats-link" href={localizePath('/live/unknown', locale.value)}>
          {t('live.importedChats')}
        </Link>
      </header>
      <ChatSearch />
      {searching ? null : <ChatFilters />}
      {searching ? <SearchResultsList /> : <ChatList />}
    </section>
  );
}
