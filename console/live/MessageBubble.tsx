// One message: customer messages on the left, ours (agent, bot) on the right, with its send state
// (a failed one says why: the channel's reason, our words in the console's language).
import { memo, useState } from 'react';
import { isResendable } from '../../core/chat/outgoing';
import { formatTime } from '../../core/format/dates';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import { Avatar } from './Avatar';
import { displayName } from './ChatListItem';
import type { LiveFollower, LiveMessage } from './calls';
import { resend } from './chatActions';
import { MessageItemView } from './MessageItemView';

export const MessageBubble = memo(function MessageBubble({
  message: m,
  showAvatar,
  showTime,
  topUnread,
  follower,
  botName,
  botImage,
}: {
  message: LiveMessage;
  showAvatar: boolean;
  showTime: boolean;
  topUnread: boolean;
  follower: LiveFollower;
  botName: string;
  botImage: string | null;
}) {
  const incoming = m.type === 'question';
  const bot = m.from_type === 'bot';
  const system = m.from_type === 'system';
  // History brought in by a chat import names its sender as the file did.
  const imported = Boolean(m.imported);
  const name = incoming
    ? displayName(follower)
    : bot
      ? botName
      : (m.user_info?.display_name ?? (imported && m.imported_sender ? m.imported_sender : t('live.agent')));
  const image = incoming ? follower.line_image : bot ? botImage : (m.user_info?.image ?? null);
  const state = m.status_send_message;
  return (
    <>
      {topUnread ? (
        <li className="top-unread" data-testid="top-unread">
          <span>{t('live.newMessages')}</span>
        </li>
      ) : null}
      <li
        className={`message ${incoming ? 'in' : 'out'}${system ? ' system' : ''}${showAvatar ? ' first' : ''}${imported ? ' imported' : ''}`}
        data-message-id={m._id ?? ''}
        data-temp-id={m.temp_id ?? ''}
        data-state={state ?? 'sent'}
        // Which automation rule answered: a note for the team, sent by no one to no one.
        role={system ? 'note' : undefined}
      >
        {system ? null : (
          <span className="message-avatar">
            {showAvatar ? <Avatar name={name} image={image} size={32} /> : null}
          </span>
        )}
        <div className="message-body">
          {showAvatar && !system ? <span className="message-sender">{name}</span> : null}
          <div className="message-items">
            {(m.messages_sent ?? []).map((item, i) => (
              // Items of one message never reorder.
              // biome-ignore lint/suspicious/noArrayIndexKey: position is the identity here
              <MessageItemView key={i} item={item} incoming={incoming} />
            ))}
          </div>
          <div className="message-meta">
            {imported ? (
              <span className="imported-mark" data-testid="imported-mark">
                {t('live.imported')}
              </span>
            ) : null}
            {state === 'wait_socket' ? <span className="muted">{t('live.sending')}</span> : null}
            {isResendable(m) ? (
              <span className="send-failed" role="alert">
                {t('live.sendFailed')}{' '}
                <button type="button" className="link-button" onClick={() => resend(m)}>
                  {t('live.resend')}
                </button>
              </span>
            ) : null}
            {showTime && !state ? <time className="muted">{formatTime(m.timestamp * 1000)}</time> : null}
          </div>
          {isResendable(m) && m.delivery_error ? <FailedReason reason={m.delivery_error} /> : null}
        </div>
      </li>
    </>
  );
});

/**
 * Why the channel did not take the message, on one line; the whole text on hover (title) and, for
 * touch and keyboard, on a click that unfolds it. Our frame is translated, the platform's own words
 * ("The user has blocked the account") stay as it wrote them, always as text.
 */
function FailedReason({ reason }: { reason: string }) {
  const [open, setOpen] = useState(false);
  const text = localMessage(reason);
  return (
    <button
      type="button"
      className="send-failed-reason"
      data-testid="send-failed-reason"
      aria-expanded={open}
      title={text}
      onClick={() => setOpen(!open)}
    >
      {text}
    </button>
  );
}
