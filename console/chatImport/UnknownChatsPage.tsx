// /live/unknown: the unknown-chat import and merge list (spec 2). Imported conversations that no
// follower was found for: search them by name or by what was said, open one, merge it into the
// right customer (names alike are offered first), or unmerge it again.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { WireUnknownChat, WireUnknownMessage } from '../../core/chatImport/wire';
import { formatDate } from '../../core/format/dates';
import { formatNumber } from '../../core/format/numbers';
import { localizePath } from '../../core/routes';
import { locale, t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { canDo } from '../session/access';
import { failed, Toasts } from '../settings/ui';
import { listUnknown, searchUnknownText, type UnknownStatus } from './calls';
import { UnknownChatView } from './UnknownChatView';
import './chatImport.css';

type Mode = 'name' | 'text';
const PAGE = 30;

interface Row {
  chat: WireUnknownChat;
  hit?: WireUnknownMessage;
}

export default function UnknownChatsPage({ titleKey }: PageProps) {
  useSignals();
  const [mode, setMode] = useState<Mode>('name');
  const [status, setStatus] = useState<UnknownStatus>('unmerged');
  const [query, setQuery] = useState('');
  const [typed, setTyped] = useState('');
  const [rows, setRows] = useState<Row[] | null>(null);
  const [total, setTotal] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [skip, setSkip] = useState(0);

  const load = useCallback(
    async (from: number) => {
      try {
        if (mode === 'text' && query) {
          const r = await searchUnknownText({ text: query, status, skip: from, limit: PAGE });
          const next = r.list.map((x) => ({ chat: x.chat, hit: x.message }));
          setRows((prev) => (from === 0 ? next : [...(prev ?? []), ...next]));
          setTotal(r.total_count);
        } else {
          const r = await listUnknown({ search: query || undefined, status, skip: from, limit: PAGE });
          const next = r.list.map((chat) => ({ chat }));
          setRows((prev) => (from === 0 ? next : [...(prev ?? []), ...next]));
          setTotal(r.total_count);
        }
        setSkip(from);
      } catch (err) {
        failed(err);
        setRows([]);
      }
    },
    [mode, query, status],
  );
  useEffect(() => {
    void load(0);
  }, [load]);

  const onChanged = (chat: WireUnknownChat) =>
    setRows((prev) => prev?.map((r) => (r.chat._id === chat._id ? { ...r, chat } : r)) ?? prev);

  return (
    <div className="st-page ci-unknown-page">
      <PageHeader title={t(titleKey)}>
        <Link className="st-button" href={localizePath('/live', locale.value)}>
          {t('chatImport.unknown.backToInbox')}
        </Link>
        {canDo('settings', 'read') ? (
          <Link className="st-button" href={localizePath('/setting/chat-import', locale.value)}>
            {t('chatImport.unknown.importLink')}
          </Link>
        ) : null}
      </PageHeader>
      <div className={`ci-unknown${selected ? ' has-selection' : ''}`}>
        <section className="ci-unknown-list" aria-label={t('chatImport.unknown.listLabel')}>
          <form
            className="st-toolbar"
            onSubmit={(e) => {
              e.preventDefault();
              setQuery(typed.trim());
            }}
          >
            <select
              className="st-select"
              aria-label={t('chatImport.unknown.searchBy')}
              value={mode}
              onChange={(e) => setMode(e.target.value as Mode)}
            >
              <option value="name">{t('chatImport.unknown.byName')}</option>
              <option value="text">{t('chatImport.unknown.byText')}</option>
            </select>
            <input
              className="st-input st-grow"
              type="search"
              value={typed}
              placeholder={
                mode === 'name' ? t('chatImport.unknown.searchName') : t('chatImport.unknown.searchText')
              }
              aria-label={t('chatImport.unknown.search')}
              onChange={(e) => setTyped(e.target.value)}
            />
            <button type="submit" className="st-button">
              {t('chatImport.unknown.search')}
            </button>
          </form>
          <div className="ci-status-tabs" role="tablist">
            {(['unmerged', 'merged', 'all'] as const).map((s) => (
              <button
                key={s}
                type="button"
                role="tab"
                aria-selected={status === s}
                className={`ci-tab${status === s ? ' active' : ''}`}
                onClick={() => setStatus(s)}
              >
                {t(`chatImport.unknown.status.${s}`)}
              </button>
            ))}
          </div>
          <p className="muted ci-count" data-testid="unknown-count">
            {mode === 'text' && query
              ? t('chatImport.unknown.matchCount', { count: formatNumber(total) })
              : t('chatImport.unknown.count', { count: formatNumber(total) })}
          </p>
          {rows && rows.length === 0 ? (
            <div className="st-empty" data-testid="empty-state">
              <h2>{query ? t('chatImport.unknown.noMatch') : t('chatImport.unknown.empty')}</h2>
              <p>{query ? t('chatImport.unknown.noMatchText') : t('chatImport.unknown.emptyText')}</p>
            </div>
          ) : null}
          <ul className="ci-chat-list">
            {rows?.map(({ chat, hit }) => (
              <li key={`${chat._id}:${hit?._id ?? ''}`}>
                <button
                  type="button"
                  className={`ci-chat-item${selected === chat._id ? ' selected' : ''}`}
                  data-testid="unknown-row"
                  onClick={() => setSelected(chat._id)}
                >
                  <span className="ci-chat-name">
                    <strong>{chat.name || t('chatImport.unknown.noName')}</strong>
                    {chat.merged_follower ? (
                      <span className="ci-merged-badge">{t('chatImport.unknown.merged')}</span>
                    ) : null}
                  </span>
                  <span className="ci-chat-preview">{hit ? hit.text : chat.last_message_text}</span>
                  <span className="muted ci-chat-meta">
                    {t(`chatImport.format.${chat.format}`)} · {formatNumber(chat.message_count)}{' '}
                    {t('chatImport.unknown.messages')}
                    {chat.last_timestamp
                      ? ` · ${formatDate((hit?.timestamp ?? chat.last_timestamp) * 1000)}`
                      : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {rows && rows.length < total ? (
            <button type="button" className="st-button ci-more" onClick={() => void load(skip + PAGE)}>
              {t('chatImport.unknown.more')}
            </button>
          ) : null}
        </section>
        <section className="ci-unknown-detail" aria-label={t('chatImport.unknown.detailLabel')}>
          {selected ? (
            <UnknownChatView
              key={selected}
              id={selected}
              onBack={() => setSelected(null)}
              onChanged={onChanged}
            />
          ) : (
            <p className="muted ci-pick">{t('chatImport.unknown.pick')}</p>
          )}
        </section>
      </div>
      <Toasts />
    </div>
  );
}
