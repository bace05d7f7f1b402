// The open chat's header: who, which channel, badges, and take / accept / close / assign / export.
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { isClosedChat, isUnassigned } from '../../core/access/countdown';
import { chatBadges } from '../../core/chat/badges';
import { canCloseChat } from '../../core/chat/closePermission';
import { channelTypeOf } from '../../core/chat/listFilters';
import { t } from '../app/i18n';
import { canDo } from '../session/access';
import { currentAccount, profile } from '../session/state';
import { AssignDialog } from './AssignDialog';
import { Avatar } from './Avatar';
import { Badges } from './Badges';
import { displayName } from './ChatListItem';
import type { LiveFollower } from './calls';
import { accept, close, closeSelection, take } from './chatActions';
import { ExportDialog } from './ExportDialog';
import { LiveIcon } from './icons';
import { LeaveDialog } from './LeaveDialog';
import { countdownSeconds, sidebarOpen } from './state';

export function ChatHeader({ follower: f }: { follower: LiveFollower }) {
  useSignals();
  const [dialog, setDialog] = useState<'assign' | 'export' | 'leave' | null>(null);
  const [busy, setBusy] = useState(false);
  const me = profile.value?._id ?? '';
  const lc = f.last_livechat;
  const closed = isClosedChat(lc);
  const mine = Boolean(lc?.user_id && lc.user_id === me);
  // A role that may only read chats gets none of the actions (the server refuses them).
  const acts = canDo('chat', 'write');
  const mayClose = acts && canCloseChat(lc, me, currentAccount.value?.role.level ?? Number.MAX_SAFE_INTEGER);
  const badges = chatBadges(f, { userId: me, countdown: countdownSeconds(lc?.livechat_id) });
  const run = (action: () => Promise<void>) => {
    setBusy(true);
    void action().finally(() => setBusy(false));
  };
  const name = displayName(f);
  const channel = channelTypeOf(f);
  return (
    <header className="chat-header">
      <button
        type="button"
        className="icon-button back-button"
        onClick={closeSelection}
        aria-label={t('live.back')}
      >
        <LiveIcon name="back" />
      </button>
      <Avatar name={name} image={f.line_image} size={36} />
      <div className="chat-header-who">
        <h2 className="chat-header-name">{name}</h2>
        <span className="muted chat-header-channel">
          {channel ? t(`live.channel.${channel}`) : ''}
          {f.channel_type_info?.name && f.channel_type_info.name !== channel
            ? ` · ${f.channel_type_info.name}`
            : ''}
        </span>
        <Badges badges={badges.filter((b) => b.kind !== 'unread' && b.kind !== 'countdown')} />
      </div>
      <div className="chat-header-actions">
        {acts && (!lc || closed || isUnassigned(lc)) ? (
          <button
            type="button"
            className="action-button primary"
            disabled={busy}
            onClick={() => run(() => take(f))}
          >
            {t('live.take')}
          </button>
        ) : null}
        {acts && lc && !closed && mine && !lc.is_accepted ? (
          <button
            type="button"
            className="action-button primary"
            disabled={busy}
            onClick={() => run(() => accept(f))}
          >
            {t('live.accept')}
          </button>
        ) : null}
        {acts && lc && !closed ? (
          <button type="button" className="action-button" disabled={busy} onClick={() => setDialog('assign')}>
            {t('live.assign')}
          </button>
        ) : null}
        {mayClose ? (
          <button type="button" className="action-button" disabled={busy} onClick={() => run(() => close(f))}>
            {t('live.closeChat')}
          </button>
        ) : null}
        <button type="button" className="action-button" onClick={() => setDialog('export')}>
          {t('live.export')}
        </button>
        {acts && (f.follower_type === 'group' || f.follower_type === 'room') && !f.is_block ? (
          <button type="button" className="action-button" onClick={() => setDialog('leave')}>
            {t(f.follower_type === 'room' ? 'live.leave.room' : 'live.leave.group')}
          </button>
        ) : null}
        <button
          type="button"
          className="icon-button"
          aria-pressed={sidebarOpen.value}
          aria-label={t('live.contactDetails')}
          title={t('live.contactDetails')}
          onClick={() => {
            sidebarOpen.value = !sidebarOpen.value;
          }}
        >
          <LiveIcon name="info" />
        </button>
        <button
          type="button"
          className="icon-button close-pane"
          onClick={closeSelection}
          aria-label={t('live.closePane')}
          title={t('live.closePane')}
        >
          <LiveIcon name="close" />
        </button>
      </div>
      {dialog === 'assign' ? <AssignDialog follower={f} onClose={() => setDialog(null)} /> : null}
      {dialog === 'export' ? <ExportDialog follower={f} onClose={() => setDialog(null)} /> : null}
      {dialog === 'leave' ? <LeaveDialog follower={f} onClose={() => setDialog(null)} /> : null}
    </header>
  );
}
