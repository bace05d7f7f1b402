// Switch mode (spec 4): counting down for the assignee (or anyone on an unassigned chat), on for
// a missed, expired or done chat; the agent can extend or end the countdown.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { switchModeState } from '../../core/chat/switchMode';
import { formatDuration } from '../../core/format/dates';
import { t } from '../app/i18n';
import { canDo } from '../session/access';
import { profile } from '../session/state';
import type { LiveFollower } from './calls';
import { clearCountdown, extendCountdown, refreshCountdown } from './chatActions';
import { useInboxShown } from './preload';
import { countdownEnds, countdownSeconds, notice } from './state';

export function SwitchModeBar({ follower: f }: { follower: LiveFollower }) {
  useSignals();
  void countdownEnds.value;
  const [, tick] = useState(0);
  const lc = f.last_livechat;
  const state = switchModeState(lc, profile.value?._id, countdownSeconds(lc?.livechat_id));
  useEffect(() => {
    if (state.status === 'fetch') void refreshCountdown(f);
  }, [state.status, f]);
  const shown = useInboxShown();
  useEffect(() => {
    if (state.status !== 'counting' || !shown) return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [state.status, shown]);
  const run = (action: () => Promise<void>) =>
    void action().catch(() => {
      notice.value = { kind: 'error', text: 'live.actionFailed' };
    });
  if (state.status === 'none' || state.status === 'fetch' || !lc) return null;
  if (state.status === 'on')
    return (
      <div className="switch-bar on" role="status" data-testid="switch-mode">
        {t('live.switchMode.on')}
      </div>
    );
  return (
    <div className="switch-bar" role="status" data-testid="switch-mode">
      <span>{t('live.switchMode.counting', { time: formatDuration(state.countdown) })}</span>
      {canDo('chat', 'write') ? (
        <>
          <button type="button" className="link-button" onClick={() => run(extendCountdown)}>
            {t('live.switchMode.extend')}
          </button>
          <button type="button" className="link-button" onClick={() => run(clearCountdown)}>
            {t('live.switchMode.clear')}
          </button>
        </>
      ) : null}
    </div>
  );
}
