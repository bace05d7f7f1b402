// Chat badges (spec 4) as small labels; the countdown ticks on its own once a second (spec 9).
import { useSignals } from '@preact/signals-react/runtime';
import { useMemo } from 'react';
import type { ChatBadge } from '../../core/chat/badges';
import { formatDuration } from '../../core/format/dates';
import { formatNumber } from '../../core/format/numbers';
import { t } from '../app/i18n';
import { clock, useClock } from './clock';
import { useInboxShown } from './preload';

/** The countdown badge; gone once it reaches 0 (switch mode is on then, spec 4), not stuck at 00:00. */
export function CountdownBadge({ seconds }: { seconds: number }) {
  useSignals();
  useClock(useInboxShown());
  const end = useMemo(() => Date.now() + seconds * 1000, [seconds]);
  const left = Math.max(0, Math.ceil((end - clock.value) / 1000));
  if (left <= 0) return null;
  return (
    <span className="chat-badge badge-countdown" data-badge="countdown">
      {formatDuration(left).replace(/^00:/, '')}
    </span>
  );
}

function label(b: ChatBadge) {
  switch (b.kind) {
    case 'assigned':
      return b.name ? t('live.badge.assignedTo', { name: b.name }) : t('live.badge.assigned');
    case 'queue':
      return b.name;
    case 'unread':
      return b.count > 99 ? '99+' : formatNumber(b.count);
    default:
      return t(`live.badge.${b.kind}`);
  }
}

export function Badges({ badges, compact = false }: { badges: ChatBadge[]; compact?: boolean }) {
  if (badges.length === 0) return compact ? <span className="badges" /> : null;
  return (
    <span className={`badges${compact ? ' compact' : ''}`}>
      {badges.map((b) =>
        b.kind === 'countdown' ? (
          <CountdownBadge key={b.kind} seconds={b.seconds} />
        ) : (
          <span
            key={b.kind}
            className={`chat-badge badge-${b.kind}`}
            title={b.kind === 'unread' ? t('live.badge.unread', { count: b.count }) : undefined}
            data-badge={b.kind}
          >
            {label(b)}
          </span>
        ),
      )}
    </span>
  );
}
