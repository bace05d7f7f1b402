// The emoji picker: Unicode's emoji by category, with search by name and keyword in the console's
// language (emojiData.ts, loaded on first open). The emoji goes in at the caret.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState } from 'react';
import { locale, t } from '../app/i18n';
import { loadEmoji } from './emojiData';
import { EMOJI_GROUPS, type EmojiRow, searchEmoji } from './emojiSearch';
import { Popover } from './Popover';

type Loaded = { state: 'loading' } | { state: 'ready'; rows: EmojiRow[] } | { state: 'failed' };

export function EmojiPicker({ onPick, onClose }: { onPick: (emoji: string) => void; onClose: () => void }) {
  useSignals();
  const lang = locale.value;
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [group, setGroup] = useState<number>(EMOJI_GROUPS[0].id);
  const [query, setQuery] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: lang is a signal's value; a new language loads its data.
  useEffect(() => {
    let live = true;
    loadEmoji(lang).then(
      (rows) => live && setLoaded({ state: 'ready', rows }),
      () => live && setLoaded({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [lang]);
  const shown = useMemo(() => {
    if (loaded.state !== 'ready') return [];
    return query.trim() ? searchEmoji(loaded.rows, query) : loaded.rows.filter((r) => r[1] === group);
  }, [loaded, query, group]);
  return (
    <Popover label={t('live.composer.emoji')} onClose={onClose}>
      <input
        type="search"
        className="emoji-search"
        placeholder={t('live.emoji.search')}
        aria-label={t('live.emoji.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        // biome-ignore lint/a11y/noAutofocus: the picker opens to be searched.
        autoFocus
      />
      {query.trim() ? null : (
        <div className="emoji-groups" role="tablist" aria-label={t('live.emoji.categories')}>
          {EMOJI_GROUPS.map((g) => (
            <button
              key={g.id}
              type="button"
              role="tab"
              aria-selected={group === g.id}
              title={t(`live.emoji.group.${g.key}`)}
              aria-label={t(`live.emoji.group.${g.key}`)}
              onClick={() => setGroup(g.id)}
            >
              {g.icon}
            </button>
          ))}
        </div>
      )}
      {loaded.state === 'loading' ? <p className="muted">{t('layout.loading')}</p> : null}
      {loaded.state === 'failed' ? <p className="form-error">{t('live.loadFailed')}</p> : null}
      {loaded.state === 'ready' && shown.length === 0 ? (
        <p className="muted" data-testid="emoji-none">
          {t('live.emoji.none')}
        </p>
      ) : null}
      <div className="emoji-grid" data-testid="emoji-grid">
        {shown.map(([emoji, , label]) => (
          <button
            key={emoji}
            type="button"
            className="emoji"
            onClick={() => onPick(emoji)}
            aria-label={label}
            title={label}
          >
            {emoji}
          </button>
        ))}
      </div>
    </Popover>
  );
}
