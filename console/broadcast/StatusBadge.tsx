// A broadcast's status as a coloured label (spec 4: Scheduled, Drafts, Sent, Failed, Expired;
// Sending while it goes out).
import type { BroadcastState } from '../../core/broadcast/compose';
import { t } from '../app/i18n';

export function StatusBadge({ status }: { status: BroadcastState }) {
  return (
    <span className={`bc-status ${status.toLowerCase()}`} data-testid="broadcast-status">
      {t(`broadcast.status.${status}`)}
    </span>
  );
}
