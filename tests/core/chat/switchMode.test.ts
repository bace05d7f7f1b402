import { describe, expect, it } from 'vitest';
import {
  countdownAfterExtend,
  countdownAfterSend,
  SWITCH_MODE_DEFAULTS,
  switchModeState,
} from '../../../core/chat/switchMode';

describe('spec 4: switch mode', () => {
  it('defaults: start 1, extend 2', () => expect(SWITCH_MODE_DEFAULTS).toEqual({ start: 1, extend: 2 }));
  it.each([
    ['missed forces it on', { is_missed: true, user_id: 'me' }, 30, 'on'],
    ['expired forces it on', { is_expired: true }, null, 'on'],
    ['done forces it on', { is_done: true, user_id: 'you' }, 30, 'on'],
    ['mine, not fetched → fetch', { user_id: 'me', is_accepted: true }, null, 'fetch'],
    ['unassigned, not fetched → fetch', { user_id: null, is_accepted: false }, undefined, 'fetch'],
    ['mine, 30 s left', { user_id: 'me' }, 30, 'counting'],
    ['mine, 1 s left', { user_id: 'me' }, 1, 'counting'],
    ['spec 4: at 0 it is on', { user_id: 'me' }, 0, 'on'],
    ['spec 4: below 0 it is on', { user_id: 'me' }, -3, 'on'],
    ["another agent's chat has no countdown", { user_id: 'you', is_accepted: true }, 30, 'none'],
  ])('%s', (_n, livechat, countdown, status) => {
    const state = switchModeState(livechat, 'me', countdown);
    expect(state.status).toBe(status);
  });
  it('counting carries the seconds', () =>
    expect(switchModeState({ user_id: 'me' }, 'me', 42)).toEqual({ status: 'counting', countdown: 42 }));
  it('set after sending and extend use the settings (minutes → seconds)', () => {
    expect(countdownAfterSend()).toBe(60);
    expect(countdownAfterSend({ start: 5 })).toBe(300);
    expect(countdownAfterExtend(10)).toBe(130);
    expect(countdownAfterExtend(-4, { extend: 1 })).toBe(60);
    expect(countdownAfterExtend(null)).toBe(120);
    expect(countdownAfterSend({ start: Number.NaN })).toBe(60);
  });
});
