// After the agent's socket comes back without its state, the console asks the server what it
// missed (the reconnect call). A failed call is asked again while that connection lasts, so the
// open chat gets the messages it missed without waiting for the next drop.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from '../../../console/live/calls';
import { catchUpWhileConnected } from '../../../console/live/realtime';
import { chatType, lists, messages, selected } from '../../../console/live/state';
import { follower, message } from './fixtures';

const calls = vi.hoisted(() => ({ reconnect: vi.fn(), firstPage: vi.fn() }));
vi.mock('../../../console/live/calls', async (original) => ({
  ...(await original<typeof import('../../../console/live/calls')>()),
  getReconnect: calls.reconnect,
}));
vi.mock('../../../console/live/listActions', async (original) => ({
  ...(await original<typeof import('../../../console/live/listActions')>()),
  loadFirstPage: calls.firstPage,
}));

const open = follower();
const missed = message({ from_id: open._id, _id: 'missed-1' }) as LiveMessage;
const answer = {
  chatlist: { chat_pin: { data: [], total_count: 0 }, chat: { data: [open], total_count: 1 } },
  messageList: [missed],
};

beforeEach(() => {
  vi.useFakeTimers();
  lists.value = { followers: [open], pinned: [] };
  selected.value = open;
  messages.value = [];
  calls.reconnect.mockReset();
  calls.firstPage.mockReset().mockResolvedValue(undefined);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('catch-up after a reconnect without recovery', () => {
  it('asks again after a failed reconnect call until the open chat has what it missed', async () => {
    calls.reconnect.mockRejectedValueOnce(new Error('HTTP 503')).mockResolvedValue(answer);
    const socket = { connected: true, id: 'conn-1' };
    const done = catchUpWhileConnected(socket);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.reconnect).toHaveBeenCalledTimes(1);
    // The list is refreshed at once meanwhile.
    expect(calls.firstPage).toHaveBeenCalledTimes(1);
    expect(messages.value).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    await done;
    expect(calls.reconnect).toHaveBeenCalledTimes(2);
    expect(messages.value.map((m) => m._id)).toEqual(['missed-1']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.reconnect).toHaveBeenCalledTimes(2);
  });

  it('waits longer after each failure, and stops when the connection is gone or replaced', async () => {
    calls.reconnect.mockRejectedValue(new Error('HTTP 503'));
    const socket = { connected: true, id: 'conn-1' };
    const done = catchUpWhileConnected(socket);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.reconnect).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(calls.reconnect).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.reconnect).toHaveBeenCalledTimes(3);
    // A new connection (its own catch-up runs): this one stops.
    socket.id = 'conn-2';
    await vi.advanceTimersByTimeAsync(60_000);
    await done;
    expect(calls.reconnect).toHaveBeenCalledTimes(3);

    const dropped = { connected: true, id: 'conn-3' };
    const stopped = catchUpWhileConnected(dropped);
    await vi.advanceTimersByTimeAsync(0);
    dropped.connected = false;
    await vi.advanceTimersByTimeAsync(60_000);
    await stopped;
    expect(calls.reconnect).toHaveBeenCalledTimes(4);
  });

  it("takes the open chat's missed messages when the filter changed during the call, not its list", async () => {
    chatType.value = 'inbox';
    let answerCall: (value: typeof answer) => void = () => {};
    calls.reconnect.mockReturnValue(new Promise((resolve) => (answerCall = resolve)));
    const done = catchUpWhileConnected({ connected: true, id: 'conn-1' });
    await vi.advanceTimersByTimeAsync(0);
    // The agent picks another filter while the call is out: that filter's own request brings the
    // list, so the reconnect's list (for the old filter) is not put in.
    chatType.value = 'all';
    lists.value = { followers: [], pinned: [] };
    answerCall(answer);
    await done;
    expect(lists.value.followers).toEqual([]);
    expect(messages.value.map((m) => m._id)).toEqual(['missed-1']);
    chatType.value = 'inbox';
  });
});
