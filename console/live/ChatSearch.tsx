// Search by name or by message (spec 2); runs as the agent pauses typing, or on Enter.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { t } from '../app/i18n';
import { clearSearch, runSearch } from './listActions';
import { type SearchMode, searchMode, searchText } from './state';

const DEBOUNCE_MS = 300;

export function ChatSearch() {
  useSignals();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const schedule = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void runSearch(), DEBOUNCE_MS);
  };
  const setMode = (mode: SearchMode) => {
    searchMode.value = mode;
    if (searchText.value.trim()) void runSearch();
  };
  return (
    <div className="chat-search">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void runSearch();
        }}
      >
        <input
          type="search"
          value={searchText.value}
          placeholder={searchMode.value === 'name' ? t('live.searchByName') : t('live.searchByMessage')}
          aria-label={t('live.search')}
          onChange={(e) => {
            searchText.value = e.target.value;
            if (e.target.value.trim() === '') clearSearch();
            else schedule();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') clearSearch();
          }}
        />
      </form>
      <fieldset className="segmented" aria-label={t('live.searchIn')}>
        {(['name', 'message'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={searchMode.value === mode}
            onClick={() => setMode(mode)}
          >
            {mode === 'name' ? t('live.byName') : t('live.byMessage')}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
