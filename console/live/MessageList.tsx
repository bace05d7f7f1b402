// The messages of the open chat (spec 4): date dividers, one avatar and time per run of messages of
// the same sender and minute, the top-unread marker, and older messages 20 at a time.
import { useSignals } from '@preact/signals-react/runtime';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { messageRows, topUnreadIndex } from '../../core/chat/messageRows';
import { t } from '../app/i18n';
import type { LiveFollower } from './calls';
import { loadOlder } from './chatActions';
import { MessageBubble } from './MessageBubble';
import { loadingOlder, master, messages, messagesState, olderExhausted } from './state';

export function MessageList({ follower }: { follower: LiveFollower }) {
  useSignals();
  const list = messages.value;
  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  const rows = useMemo(() => messageRows(list), [list]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  const unreadAt = useMemo(() => topUnreadIndex(list, new Date()), [list]);
  const unreadMessage = unreadAt >= 0 ? list[unreadAt] : null;
  const scrollRef = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ first: string | undefined; height: number; top: number; atBottom: boolean }>({
    first: undefined,
    height: 0,
    top: 0,
    atBottom: true,
  });

  // Keep the view at the bottom for new messages, and in place when older ones are put above.
  // biome-ignore lint/correctness/useExhaustiveDependencies: signal values change between renders
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const before = anchor.current;
    const first = list[0]?._id ?? list[0]?.temp_id ?? undefined;
    if (before.first && first !== before.first && before.height > 0 && !before.atBottom)
      el.scrollTop = el.scrollHeight - before.height + before.top;
    else if (before.atBottom || before.first === undefined) el.scrollTop = el.scrollHeight;
    anchor.current = { first, height: el.scrollHeight, top: el.scrollTop, atBottom: true };
    anchor.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  }, [list]);

  const botName = master.value?.setting.bot_info?.name || t('live.bot');
  const botImage = master.value?.setting.bot_info?.image ?? null;

  return (
    <div
      className="message-scroll"
      ref={scrollRef}
      data-testid="messages"
      onScroll={(e) => {
        const el = e.currentTarget;
        anchor.current.height = el.scrollHeight;
        anchor.current.top = el.scrollTop;
        anchor.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        if (
          el.scrollTop < 40 &&
          !olderExhausted.value &&
          !loadingOlder.value &&
          messagesState.value === 'ready'
        )
          void loadOlder();
      }}
    >
      {messagesState.value === 'ready' && !olderExhausted.value ? (
        <div className="load-older">
          <button
            type="button"
            className="link-button"
            disabled={loadingOlder.value}
            onClick={() => void loadOlder()}
          >
            {loadingOlder.value ? t('layout.loading') : t('live.loadOlder')}
          </button>
        </div>
      ) : null}
      {messagesState.value === 'ready' && olderExhausted.value && list.length > 0 ? (
        <p className="conversation-start muted">{t('live.conversationStart')}</p>
      ) : null}
      {messagesState.value === 'loading' && list.length === 0 ? (
        <p className="messages-status muted" role="status">
          {t('layout.loading')}
        </p>
      ) : null}
      {messagesState.value === 'error' ? (
        <p className="messages-status" role="alert">
          {t('live.messagesFailed')}
        </p>
      ) : null}
      {messagesState.value === 'ready' && list.length === 0 ? (
        <p className="messages-status muted">{t('live.noMessages')}</p>
      ) : null}
      <ol className="message-rows" aria-label={t('live.messages')}>
        {rows.map((row) =>
          row.kind === 'divider' ? (
            <li key={`d-${row.day}`} className="date-divider" data-testid="date-divider">
              <span>{row.label}</span>
            </li>
          ) : (
            <MessageBubble
              key={row.message._id ?? row.message.temp_id ?? `${row.message.timestamp}`}
              message={row.message}
              showAvatar={row.showAvatar}
              showTime={row.showTime}
              topUnread={row.message === unreadMessage}
              follower={follower}
              botName={botName}
              botImage={botImage}
            />
          ),
        )}
      </ol>
    </div>
  );
}
