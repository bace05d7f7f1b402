// Leave a LINE group or room (spec 7 /api/chat/leave/group, /leave/room): the account's bot leaves
// it on the platform after a Yes / No confirm (spec 5); the chat is closed and shows as left.
import { useState } from 'react';
import { leaveGroup, leaveRoom } from '../../core/api/endpoints/chatActions';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import { client } from '../session/api';
import { CancelSave } from '../ui/CancelSave';
import { displayName } from './ChatListItem';
import type { LiveFollower } from './calls';
import { Dialog } from './Dialog';
import { applyLiveFollower } from './listActions';

export function LeaveDialog({ follower: f, onClose }: { follower: LiveFollower; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const kind = f.follower_type === 'room' ? 'room' : 'group';
  const leave = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await (kind === 'room' ? leaveRoom(client, f._id) : leaveGroup(client, f._id));
      applyLiveFollower(r.follower);
      onClose();
    } catch (err) {
      const message = (err as { body?: { message?: string } }).body?.message;
      setError(message ? localMessage(message) : t('live.actionFailed'));
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t(`live.leave.${kind}Title`)}
      onClose={onClose}
      footer={
        <CancelSave
          buttonClass="action-button"
          onCancel={onClose}
          onSave={leave}
          busy={busy}
          cancelLabel={t('live.leave.no')}
          saveLabel={t('live.leave.yes')}
        />
      }
    >
      <p>{t(`live.leave.${kind}Confirm`, { name: displayName(f) })}</p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
