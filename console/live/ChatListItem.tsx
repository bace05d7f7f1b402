// One chat in the list: avatar, name, time, last message and badges (spec 4).
import { useSignals } from '@preact/signals-react/runtime';
import { memo } from 'react';
import { chatBadges } from '../../core/chat/badges';
import { isContactExpired } from '../../core/chat/contactWindow';
import { channelTypeOf } from '../../core/chat/listFilters';
import { chatListTime } from '../../core/format/chatListTime';
import { t } from '../app/i18n';
import { profile } from '../session/state';
import { Avatar } from './Avatar';
import { Badges } from './Badges';
import type { LiveFollower } from './calls';
import { countdownSeconds } from './state';

export function displayName(f: LiveFollower): string {
  return f.line_nickname?.trim() || f.line_name || t('live.unnamed');
}

export function lastMessageTime(f: LiveFollower): number | null {
  const ts = f.last_livechat?.last_chat_message?.timestamp;
  return typeof ts === 'number' ? ts * 1000 : null;
}

export const ChatListItem = memo(function ChatListItem({
  follower: f,
  active,
  onSelect,
}: {
  follower: LiveFollower;
  active: boolean;
  onSelect: (f: LiveFollower) => void;
  /** The language, so a memoised row still re-renders when it changes. */
  lang: string;
}) {
  // Subscribes to countdown changes: a visible row shows its chat's countdown (unassigned or mine).
  useSignals();
  const name = displayName(f);
  const at = lastMessageTime(f);
  const badges = chatBadges(f, {
    userId: profile.peek()?._id ?? '',
    countdown: countdownSeconds(f.last_livechat?.livechat_id),
    contactExpired: Boolean(f.contact_expired) || isContactExpired(f.contact_expires_at, Date.now() / 1000),
  });
  const channel = channelTypeOf(f);
  return (
    <button
      type="button"
      className={`chat-item${active ? ' active' : ''}`}
      aria-current={active ? 'true' : undefined}
      data-follower-id={f._id}
      onClick={() => onSelect(f)}
    >
      <span className="chat-item-avatar">
        <Avatar name={name} image={f.line_image} size={40} />
        {channel ? (
          <span className={`channel-dot channel-${channel}`} title={t(`live.channel.${channel}`)} />
        ) : null}
      </span>
      <span className="chat-item-body">
        <span className="chat-item-top">
          <span className="chat-item-name">{name}</span>
          <time className="chat-item-time">
            {at ? chatListTime(at, new Date(), (k) => t(`live.${k}`)) : ''}
          </time>
        </span>
        <span className="chat-item-preview">{f.last_message_text ?? ''}</span>
        <Badges badges={badges} compact />
      </span>
    </button>
  );
});
