// A switch-mode countdown the server cleared (an assignment to a queue or an agent resets it) stops
// in every console that hears the follower update, instead of counting on until a reload.
import { beforeEach, describe, expect, it } from 'vitest';
import { handleAgentEvent } from '../../../console/live/realtime';
import { chatType, countdownSeconds, lists, selected, setCountdown } from '../../../console/live/state';
import { follower } from './fixtures';

beforeEach(() => {
  chatType.value = 'inbox';
  lists.value = { followers: [], pinned: [] };
  selected.value = null;
});

describe('countdown cleared by the server', () => {
  it('stops a running countdown when a follower update carries countdown_until null', () => {
    const f = follower({ lc: { countdown_until: Math.floor(Date.now() / 1000) + 60 } });
    const id = f.last_livechat?.livechat_id ?? '';
    handleAgentEvent({ type: 'SOCKET_START_CHAT', payload: { follower: f } } as never);
    expect(countdownSeconds(id)).toBeGreaterThan(50);
    const cleared = { ...f, last_livechat: { ...f.last_livechat, countdown_until: null } };
    handleAgentEvent({ type: 'SOCKET_FOLLOWER_PROFILE_UPDATE', payload: { follower: cleared } } as never);
    expect(countdownSeconds(id)).toBe(0);
  });

  it('keeps a countdown set here when an update says nothing about it', () => {
    const f = follower();
    const id = f.last_livechat?.livechat_id ?? '';
    setCountdown(id, 60);
    // The fixture's livechat has no countdown_until field at all.
    handleAgentEvent({ type: 'SOCKET_FOLLOWER_PROFILE_UPDATE', payload: { follower: f } } as never);
    expect(countdownSeconds(id)).toBeGreaterThan(50);
  });
});
