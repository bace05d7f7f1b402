// Switch-mode countdown (spec 4): a missed, expired or done chat has switch mode on at once; the
// assignee, or anyone for an unassigned chat, fetches a countdown in seconds, and at 0 or less switch
// mode is on. Other agents' chats have no countdown.
import { getsCountdown, isClosedChat } from '../access/countdown';
import type { LiveChat } from '../models/chat';

/** switch_mode_time defaults (spec 4), in minutes: 1 after sending, 2 more per extension. */
export const SWITCH_MODE_DEFAULTS = { start: 1, extend: 2 } as const;
export type SwitchModeTime = { start: number; extend: number };

export type SwitchMode =
  | { status: 'on'; countdown: null }
  | { status: 'counting'; countdown: number }
  | { status: 'fetch'; countdown: null }
  | { status: 'none'; countdown: null };

/**
 * `countdown` is the last known count_down_second (null when not fetched yet).
 * 'fetch' asks the caller to call GET /api/chat/switchmode/{liveChatId}.
 */
export function switchModeState(
  livechat: Partial<LiveChat> | null | undefined,
  userId: string | null | undefined,
  countdown: number | null | undefined,
): SwitchMode {
  if (isClosedChat(livechat)) return { status: 'on', countdown: null };
  if (!getsCountdown(livechat, userId)) return { status: 'none', countdown: null };
  if (typeof countdown !== 'number' || Number.isNaN(countdown)) return { status: 'fetch', countdown: null };
  return countdown <= 0 ? { status: 'on', countdown: null } : { status: 'counting', countdown };
}

const minutes = (n: unknown, fallback: number) =>
  typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : fallback;

/** Seconds to count down after an agent sends. */
export function countdownAfterSend(setting?: Partial<SwitchModeTime> | null): number {
  return minutes(setting?.start, SWITCH_MODE_DEFAULTS.start) * 60;
}

/** Extending adds the extend time to what is left (never to a negative remainder). */
export function countdownAfterExtend(
  current: number | null | undefined,
  setting?: Partial<SwitchModeTime> | null,
): number {
  const left = typeof current === 'number' && current > 0 ? current : 0;
  return left + minutes(setting?.extend, SWITCH_MODE_DEFAULTS.extend) * 60;
}
