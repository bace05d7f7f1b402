// One unknown chat: its messages (older ones on demand), and merging it into a follower — the
// suggested ones (same name) first, or any found by name — or unmerging it.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { WireUnknownChat, WireUnknownMessage } from '../../core/chatImport/wire';
import { formatDateTime } from '../../core/format/dates';
import { formatNumber } from '../../core/format/numbers';
import type { LiveFollower } from '../../core/models/chatWire';
import { localizePath } from '../../core/routes';
import { locale, t } from '../app/i18n';
import { canDo } from '../session/access';
import { failed, notify } from '../settings/ui';
import { Confirm } from '../ui/Dialog';
import { mergeUnknown, openUnknown, searchFollowers, unmergeUnknown } from './calls';

const PAGE = 50;

function followerName(f: { line_name: string; line_nickname?: string | null }) {
  return f.line_nickname || f.line_name;
}

function MergePicker({
  suggestions,
  onPick,
}: {
  suggestions: LiveFollower[];
  onPick: (f: LiveFollower) => void;
}) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<LiveFollower[] | null>(null);
  const search = async () => {
    if (!text.trim()) return;
    try {
      setFound((await searchFollowers(text.trim())).list);
    } catch (err) {
      failed(err);
    }
  };
  const options = found ?? suggestions;
  return (
    <div className="ci-merge">
      <h3>{t('chatImport.unknown.mergeTitle')}</h3>
      <form
        className="st-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <input
          className="st-input st-grow"
          type="search"
          value={text}
          aria-label={t('chatImport.unknown.findFollower')}
          placeholder={t('chatImport.unknown.findFollower')}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="st-button">
          {t('chatImport.unknown.find')}
        </button>
      </form>
      {found === null && suggestions.length ? (
        <p className="muted">{t('chatImport.unknown.suggested')}</p>
      ) : null}
      {options.length === 0 ? (
        <p className="muted">
          {found ? t('chatImport.unknown.noFollower') : t('chatImport.unknown.noSuggestion')}
        </p>
      ) : (
        <ul className="ci-follower-list">
          {options.map((f) => (
            <li key={f._id} data-testid="merge-candidate">
              <span>
                <strong>{followerName(f)}</strong>
                <small className="muted"> · {t(`live.channel.${f.channel_type}`)}</small>
              </span>
              <button type="button" className="st-button primary" onClick={() => onPick(f)}>
                {t('chatImport.unknown.merge')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function UnknownChatView({
  id,
  onBack,
  onChanged,
}: {
  id: string;
  onBack: () => void;
  onChanged: (chat: WireUnknownChat) => void;
}) {
  const [chat, setChat] = useState<WireUnknownChat | null>(null);
  const [messages, setMessages] = useState<WireUnknownMessage[]>([]);
  const [total, setTotal] = useState(0);
  const [suggestions, setSuggestions] = useState<LiveFollower[]>([]);
  const [pending, setPending] = useState<LiveFollower | 'unmerge' | null>(null);
  const [busy, setBusy] = useState(false);
  const mayMerge = canDo('chat', 'write');

  useEffect(() => {
    openUnknown(id, 0, PAGE)
      .then((r) => {
        setChat(r.chat);
        setMessages(r.list);
        setTotal(r.total_count);
        setSuggestions(r.suggestions);
      })
      .catch((err) => failed(err));
  }, [id]);

  const older = async () => {
    try {
      const r = await openUnknown(id, messages.length, PAGE);
      setMessages((now) => [...r.list, ...now]);
    } catch (err) {
      failed(err);
    }
  };

  const act = async () => {
    const target = pending;
    setPending(null);
    if (!target) return;
    setBusy(true);
    try {
      if (target === 'unmerge') {
        const r = await unmergeUnknown(id);
        setChat(r.chat);
        onChanged(r.chat);
        notify(
          'success',
          t('settings.common.success'),
          t('chatImport.unknown.unmerged', { count: formatNumber(r.removed) }),
        );
      } else {
        const r = await mergeUnknown(id, target._id);
        setChat(r.chat);
        onChanged(r.chat);
        notify(
          'success',
          t('settings.common.success'),
          t('chatImport.unknown.mergedInto', { name: followerName(target), count: formatNumber(r.added) }),
        );
      }
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  if (!chat) return <p className="muted ci-pick">{t('layout.loading')}</p>;
  return (
    <div className="ci-chat" data-testid="unknown-chat">
      <header className="ci-chat-head">
        <button type="button" className="st-button ci-back" onClick={onBack}>
          ← {t('chatImport.unknown.back')}
        </button>
        <div>
          <h2>{chat.name || t('chatImport.unknown.noName')}</h2>
          <p className="muted">
            {t(`chatImport.format.${chat.format}`)} · {formatNumber(chat.message_count)}{' '}
            {t('chatImport.unknown.messages')}
            {chat.first_timestamp && chat.last_timestamp
              ? ` · ${formatDateTime(chat.first_timestamp * 1000)} – ${formatDateTime(chat.last_timestamp * 1000)}`
              : ''}
          </p>
        </div>
      </header>
      {chat.merged_follower ? (
        <div className="ci-merged" data-testid="merged-into">
          <span>
            {t('chatImport.unknown.mergedWith')}{' '}
            <Link
              href={`${localizePath('/live', locale.value)}?follower=${encodeURIComponent(chat.merged_follower._id)}`}
            >
              <strong>{followerName(chat.merged_follower)}</strong>
            </Link>
          </span>
          {mayMerge ? (
            <button type="button" className="st-button" disabled={busy} onClick={() => setPending('unmerge')}>
              {t('chatImport.unknown.unmerge')}
            </button>
          ) : null}
        </div>
      ) : mayMerge ? (
        <MergePicker suggestions={suggestions} onPick={(f) => setPending(f)} />
      ) : null}
      <ol className="ci-messages" aria-label={t('chatImport.unknown.messagesLabel')}>
        {messages.length < total ? (
          <li className="ci-older">
            <button type="button" className="link-button" onClick={() => void older()}>
              {t('chatImport.unknown.older')}
            </button>
          </li>
        ) : null}
        {messages.map((m) => (
          <li
            key={m._id}
            className={`ci-message ${m.from_type === 'customer' ? 'in' : 'out'}`}
            data-testid="unknown-message"
          >
            <span className="ci-message-who muted">
              {m.sender_name || t(`chatImport.sender.${m.from_type}`)} · {formatDateTime(m.timestamp * 1000)}
            </span>
            <span className="ci-message-text">{m.text}</span>
          </li>
        ))}
      </ol>
      {pending ? (
        <Confirm
          title={
            pending === 'unmerge'
              ? t('chatImport.unknown.unmergeTitle')
              : t('chatImport.unknown.mergeConfirmTitle')
          }
          text={
            pending === 'unmerge'
              ? t('chatImport.unknown.unmergeConfirm')
              : t('chatImport.unknown.mergeConfirm', { name: followerName(pending) })
          }
          onNo={() => setPending(null)}
          onYes={() => void act()}
        />
      ) : null}
    </div>
  );
}
