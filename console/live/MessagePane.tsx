// The middle column: the open chat's header and actions, switch-mode bar, messages and composer.
import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../app/i18n';
import { canDo } from '../session/access';
import { ChatHeader } from './ChatHeader';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { SwitchModeBar } from './SwitchModeBar';
import { selected } from './state';

export function MessagePane() {
  useSignals();
  const f = selected.value;
  if (!f)
    return (
      <section className="message-pane empty" aria-label={t('live.conversation')}>
        <div className="pane-empty" data-testid="pane-empty">
          <span className="pane-empty-mark" aria-hidden="true" />
          <p className="empty-title">{t('live.noChatOpen')}</p>
          <p className="muted">{t('live.noChatOpenHint')}</p>
        </div>
      </section>
    );
  return (
    <section className="message-pane" aria-label={t('live.conversation')} data-testid="message-pane">
      <ChatHeader follower={f} />
      <SwitchModeBar follower={f} />
      <MessageList follower={f} />
      {canDo('chat', 'write') ? (
        <Composer follower={f} />
      ) : (
        <p className="composer-read-only muted" role="note" data-testid="read-only-chat">
          {t('live.readOnly')}
        </p>
      )}
    </section>
  );
}
