// The emoji picker and its data: a chunk of their own, fetched when the visitor reaches for it.
import { useState } from 'react';
import css from './emoji.css';
import { EMOJI_GROUPS as groups } from './emojiData';
import type { Translate } from './texts';

export default function EmojiPicker({ t, onPick }: { t: Translate; onPick: (emoji: string) => void }) {
  const [active, setActive] = useState(0);
  return (
    <div className="emoji-picker" role="dialog" aria-label={t('emojiTitle')}>
      <style>{css}</style>
      <div className="emoji-tabs" role="tablist">
        {groups.map((g, i) => (
          <button
            key={g.key}
            type="button"
            role="tab"
            aria-selected={i === active}
            title={t(`emojiGroups.${g.key}`)}
            aria-label={t(`emojiGroups.${g.key}`)}
            onClick={() => setActive(i)}
          >
            {g.emojis[0]}
          </button>
        ))}
      </div>
      <div className="emoji-grid" role="tabpanel" aria-label={t(`emojiGroups.${groups[active].key}`)}>
        {groups[active].emojis.map((e) => (
          <button key={e} type="button" onClick={() => onPick(e)} aria-label={e}>
            {e}
          </button>
        ))}
      </div>
    </div>
  );
}
