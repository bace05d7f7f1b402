// The chat's tags: chosen from the account's tags, or a new one by name; removable. Only a role
// that may change contacts gets the controls, and only for the tags its entries let it change
// (system_tags: the tags it may put on this follower, spec 6); the server refuses the rest.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { t } from '../app/i18n';
import { canDo } from '../session/access';
import { addTag, getTags, removeTag, type TagOption } from './calls';
import { contactRevision, notice } from './state';

export function Tags({ followerId }: { followerId: string }) {
  useSignals();
  const [all, setAll] = useState<TagOption[]>([]);
  const [mine, setMine] = useState<TagOption[] | null>(null);
  const [name, setName] = useState('');
  const revision = contactRevision.value;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new chat shows loading until its tags come.
  useEffect(() => {
    setMine(null);
  }, [followerId]);
  // Again when another console changed this contact (its tags among it), without a loading flash.
  // biome-ignore lint/correctness/useExhaustiveDependencies: revision only triggers the read.
  useEffect(() => {
    let live = true;
    getTags(followerId)
      .then((r) => {
        if (!live) return;
        setAll(r.system_tags ?? []);
        setMine(r.tags ?? []);
      })
      .catch(() => {
        if (live) setMine([]);
      });
    return () => {
      live = false;
    };
  }, [followerId, revision]);
  const fail = () => {
    notice.value = { kind: 'error', text: 'live.actionFailed' };
  };
  const add = async () => {
    const wanted = name.trim();
    if (!wanted) return;
    const known = all.find((tag) => tag.label.toLowerCase() === wanted.toLowerCase());
    try {
      const r = await addTag(followerId, known ? { tagId: known.value } : { name: wanted });
      setMine(r.tags);
      if (!known) {
        const created = r.tags.find((tag) => tag.label === wanted);
        if (created) setAll([...all, created]);
      }
      setName('');
    } catch {
      fail();
    }
  };
  const remove = async (id: string) => {
    try {
      setMine((await removeTag(followerId, id)).tags);
    } catch {
      fail();
    }
  };
  const listId = `tags-${followerId}`;
  const mayChange = canDo('contacts', 'write');
  const changeable = (id: string) => mayChange && all.some((tag) => tag.value === id);
  return (
    <section className="sidebar-section" aria-label={t('live.tags.title')}>
      <h3>{t('live.tags.title')}</h3>
      {mine === null ? <p className="muted">{t('layout.loading')}</p> : null}
      {mine && mine.length === 0 ? <p className="muted">{t('live.tags.empty')}</p> : null}
      <ul className="tag-chips">
        {(mine ?? []).map((tag) => (
          <li key={tag.value} className="tag-chip">
            <span className="tag-name" title={tag.label}>
              {tag.label}
            </span>
            {changeable(tag.value) ? (
              <button
                type="button"
                aria-label={t('live.tags.remove', { name: tag.label })}
                onClick={() => void remove(tag.value)}
              >
                ×
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {mayChange ? (
        <form
          className="tag-form"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <input
            className="text-input"
            list={listId}
            value={name}
            maxLength={50}
            placeholder={t('live.tags.placeholder')}
            aria-label={t('live.tags.add')}
            onChange={(e) => setName(e.target.value)}
          />
          <datalist id={listId}>
            {all
              .filter((tag) => !(mine ?? []).some((m) => m.value === tag.value))
              .map((tag) => (
                <option key={tag.value} value={tag.label} />
              ))}
          </datalist>
          <button type="submit" className="action-button" disabled={!name.trim()}>
            {t('live.tags.add')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
