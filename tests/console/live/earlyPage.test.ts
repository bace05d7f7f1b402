// A click on Chat with nothing preloaded asks for the list's first page while the inbox's code
// loads (console/live/earlyPage.ts); the inbox takes that answer instead of asking again, once, for
// the same filters and while it is fresh.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { follower } from './fixtures';

const coreGetFollowers = vi.fn();
vi.mock('../../../core/api/endpoints/chatList', async (original) => ({
  ...(await original<typeof import('../../../core/api/endpoints/chatList')>()),
  getFollowers: (...args: unknown[]) => coreGetFollowers(...args),
}));
const liveGetFollowers = vi.fn();
vi.mock('../../../console/live/calls', async (original) => ({
  ...(await original<typeof import('../../../console/live/calls')>()),
  getFollowers: (...args: unknown[]) => liveGetFollowers(...args),
}));

const { FIRST_PAGE, requestFirstPageEarly, takeEarlyPage } = await import('../../../console/live/earlyPage');
const { loadFirstPage } = await import('../../../console/live/listActions');
const { chatType, lists, listState, loadedKey } = await import('../../../console/live/state');

const early = follower({ last_message_text: 'asked for with the code' });
const page = { chat_pin: { data: [] }, chat: { data: [early], total_count: 1 } };
const first = { skip: 0, limit: FIRST_PAGE, chat_type: 'inbox' as const };

beforeEach(() => {
  coreGetFollowers.mockReset().mockResolvedValue(page);
  liveGetFollowers
    .mockReset()
    .mockResolvedValue({ chat_pin: { data: [] }, chat: { data: [], total_count: 0 } });
  takeEarlyPage(first); // nothing left from an earlier test
  chatType.value = 'inbox';
  lists.value = { followers: [], pinned: [] };
  loadedKey.value = null;
  listState.value = 'idle';
});

describe('the first page asked for early', () => {
  it('asks for the inbox as it opens, and is taken once', async () => {
    requestFirstPageEarly(1_000);
    expect(coreGetFollowers).toHaveBeenCalledTimes(1);
    expect(coreGetFollowers.mock.calls[0][1]).toEqual(first);
    await expect(takeEarlyPage(first, 1_500)).resolves.toBe(page);
    expect(takeEarlyPage(first, 1_600)).toBeNull();
  });

  it('is not used for other filters or once 10 s old', () => {
    requestFirstPageEarly(1_000);
    expect(takeEarlyPage({ ...first, chat_type: 'missed' }, 1_100)).toBeNull();
    requestFirstPageEarly(1_000);
    expect(takeEarlyPage({ ...first, assignee_id: 'me' }, 1_100)).toBeNull();
    requestFirstPageEarly(1_000);
    expect(takeEarlyPage(first, 11_000)).toBeNull();
  });

  it('compares what the request sends: an empty filter is none, and any other field differs', async () => {
    requestFirstPageEarly(1_000);
    await expect(takeEarlyPage({ ...first, channel_type: '' }, 1_100)).resolves.toBe(page);
    requestFirstPageEarly(1_000);
    // A filter the query may gain later, which the early request did not send.
    const later = { ...first, tag_id: 't1' } as typeof first;
    expect(takeEarlyPage(later, 1_100)).toBeNull();
  });

  it('the opening inbox shows the early answer without asking again', async () => {
    requestFirstPageEarly();
    await loadFirstPage({ opening: true });
    expect(liveGetFollowers).not.toHaveBeenCalled();
    expect(lists.value.followers).toEqual([early]);
    expect(listState.value).toBe('ready');
  });

  it('a failed early answer shows as the list failing, and the next load asks again', async () => {
    coreGetFollowers.mockRejectedValueOnce(new Error('offline'));
    requestFirstPageEarly();
    await loadFirstPage({ opening: true });
    expect(listState.value).toBe('error');
    await loadFirstPage();
    expect(liveGetFollowers).toHaveBeenCalledTimes(1);
  });
});
