// The inbox's first page (console/live/listActions.ts loadFirstPage): opening /live with a list it
// already has shows that list first and refreshes it after the frame is painted; a list it does not
// have, a server's "fetch followers" and a hidden tab ask at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { follower } from './fixtures';

const getFollowers = vi.fn();
vi.mock('../../../console/live/calls', async (original) => ({
  ...(await original<typeof import('../../../console/live/calls')>()),
  getFollowers: (...args: unknown[]) => getFollowers(...args),
}));

const { loadFirstPage } = await import('../../../console/live/listActions');
const { filterKey, listState, lists, loadedKey, totalCount } = await import('../../../console/live/state');

const fresh = follower({ last_message_text: 'fresh from the server' });
const page = { chat_pin: { data: [] }, chat: { data: [fresh], total_count: 1 } };
let frames: FrameRequestCallback[];

beforeEach(() => {
  getFollowers.mockReset();
  getFollowers.mockResolvedValue(page);
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  lists.value = { followers: [], pinned: [] };
  loadedKey.value = null;
  listState.value = 'idle';
});
afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(document, 'hidden', { value: false, configurable: true });
});

/** As if the inbox had this list from an earlier visit or the preload. */
function alreadyLoaded() {
  lists.value = { followers: [follower()], pinned: [] };
  loadedKey.value = filterKey.value;
  listState.value = 'ready';
}

describe('loadFirstPage', () => {
  it('asks at once when the inbox opens without a list, showing loading', async () => {
    const done = loadFirstPage({ opening: true });
    expect(getFollowers).toHaveBeenCalledTimes(1);
    expect(listState.value).toBe('loading');
    await done;
    expect(lists.value.followers).toEqual([fresh]);
    expect(listState.value).toBe('ready');
  });

  it('opening with a list shows it and refreshes it after the next painted frame', async () => {
    alreadyLoaded();
    const shown = lists.value;
    const done = loadFirstPage({ opening: true });
    await Promise.resolve();
    expect(getFollowers).not.toHaveBeenCalled();
    expect(lists.value).toBe(shown);
    expect(listState.value).toBe('ready');
    expect(frames).toHaveLength(1);
    frames[0](performance.now());
    await vi.waitFor(() => expect(getFollowers).toHaveBeenCalledTimes(1));
    await done;
    expect(lists.value.followers).toEqual([fresh]);
    expect(totalCount.value).toBe(1);
  });

  it('a newer request meanwhile wins: the deferred one never asks', async () => {
    alreadyLoaded();
    const deferred = loadFirstPage({ opening: true });
    await loadFirstPage();
    frames[0](performance.now());
    await deferred;
    expect(getFollowers).toHaveBeenCalledTimes(1);
  });

  it('asks at once when the server says to fetch followers, or the tab is hidden', async () => {
    alreadyLoaded();
    await loadFirstPage();
    expect(getFollowers).toHaveBeenCalledTimes(1);
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    const done = loadFirstPage({ opening: true });
    await vi.waitFor(() => expect(getFollowers).toHaveBeenCalledTimes(2));
    await done;
    expect(frames).toHaveLength(0);
  });
});
