// The inbox list state (console/live/listActions.ts): spec 4's live update applied with the
// console's filters, and a fresh first page merged without re-rendering unchanged rows.
import { beforeEach, describe, expect, it } from 'vitest';
import { applyLiveFollower, mergeFirstPage, patchFollower } from '../../../console/live/listActions';
import {
  assigneeFilter,
  channelFilter,
  chatType,
  lists,
  selected,
  shownCount,
  totalCount,
} from '../../../console/live/state';
import { follower, signInAs } from './fixtures';

const ME = 'user-me';

beforeEach(() => {
  signInAs(ME);
  chatType.value = 'inbox';
  channelFilter.value = '';
  assigneeFilter.value = '';
  selected.value = null;
  lists.value = { followers: [], pinned: [] };
});

describe('live update of a follower (spec 4)', () => {
  it('moves an updated chat to the top and leaves every other row object untouched', () => {
    const rows = Array.from({ length: 1000 }, () => follower());
    lists.value = { followers: rows, pinned: [] };
    const updated = { ...rows[700], last_message_text: 'new message' };
    applyLiveFollower(updated);
    const next = lists.value.followers;
    expect(next).toHaveLength(1000);
    expect(next[0]).toBe(updated);
    expect(next.filter((f) => f._id === updated._id)).toHaveLength(1);
    // Same objects for the others: memoised rows do not re-render.
    expect(next[1]).toBe(rows[0]);
    expect(next[701]).toBe(rows[701]);
  });

  it('counts a chat that comes into the list, stays in it, is pinned or leaves it', () => {
    const rows = Array.from({ length: 5 }, () => follower());
    lists.value = { followers: rows, pinned: [] };
    totalCount.value = 5;
    const shown = () => [totalCount.value, shownCount.value];
    applyLiveFollower(follower());
    expect(shown()).toEqual([6, 6]);
    applyLiveFollower({ ...rows[3], last_message_text: 'again' });
    expect(shown()).toEqual([6, 6]);
    expect(lists.value.followers.map((f) => f._id).slice(0, 2)).toEqual([
      rows[3]._id,
      lists.value.followers[1]._id,
    ]);
    const mine = { ...rows[2], last_livechat: { ...rows[2].last_livechat!, user_id: ME, is_accepted: true } };
    applyLiveFollower(mine);
    expect(shown()).toEqual([5, 6]);
    applyLiveFollower({ ...rows[4], last_livechat: { ...rows[4].last_livechat!, is_done: true } });
    expect(shown()).toEqual([4, 5]);
    expect(lists.value.followers).toHaveLength(4);
    // One that was never listed and does not match: nothing changes, not even the list object.
    const before = lists.value;
    applyLiveFollower({ ...follower(), is_spam: true });
    expect(lists.value).toBe(before);
    expect(shown()).toEqual([4, 5]);
  });

  it('drops a chat that no longer matches the filter and does not re-add it', () => {
    const a = follower();
    lists.value = { followers: [a], pinned: [] };
    applyLiveFollower({ ...a, last_livechat: { ...a.last_livechat!, is_done: true } });
    expect(lists.value.followers).toEqual([]);
    chatType.value = 'done';
    applyLiveFollower({ ...a, last_livechat: { ...a.last_livechat!, is_done: true } });
    expect(lists.value.followers.map((f) => f._id)).toEqual([a._id]);
  });

  it('pins a chat assigned to me and still active, and unpins it when it closes', () => {
    const a = follower();
    lists.value = { followers: [a], pinned: [] };
    const mine = { ...a, last_livechat: { ...a.last_livechat!, user_id: ME, is_accepted: true } };
    applyLiveFollower(mine);
    expect(lists.value.pinned.map((f) => f._id)).toEqual([a._id]);
    expect(lists.value.followers).toEqual([]);
    applyLiveFollower({ ...mine, last_livechat: { ...mine.last_livechat, is_missed: true } });
    expect(lists.value.pinned).toEqual([]);
    expect(lists.value.followers.map((f) => f._id)).toEqual([a._id]);
  });

  it('applies the channel and assignee filters too', () => {
    const line = follower({
      channel_type: 'line',
      channel_type_info: { _id: 'l', name: 'LINE OA', type: 'line' },
    });
    const web = follower();
    channelFilter.value = 'line';
    applyLiveFollower(web);
    applyLiveFollower(line);
    expect(lists.value.followers.map((f) => f._id)).toEqual([line._id]);
    channelFilter.value = '';
    assigneeFilter.value = 'queue:q1';
    applyLiveFollower(line);
    expect(lists.value.followers).toEqual([]);
    applyLiveFollower({
      ...web,
      last_livechat: {
        ...web.last_livechat!,
        queue_id: 'q1',
        queue_info: { _id: 'q1', name: 'Sales', setting: { visibility: 'everyone' } },
      },
    });
    expect(lists.value.followers.map((f) => f._id)).toEqual([web._id]);
  });

  it('keeps a chat out when its queue is not visible to the viewer', () => {
    const hidden = follower({
      lc: {
        queue_id: 'secret',
        queue_info: { _id: 'secret', name: 'VIP', setting: { visibility: 'selected' } },
      },
    });
    applyLiveFollower(hidden);
    expect(lists.value.followers).toEqual([]);
  });

  it('updates the open chat with the new copy, and a patch changes the row in place', () => {
    const a = follower();
    const b = follower();
    lists.value = { followers: [a, b], pinned: [] };
    selected.value = b;
    patchFollower(b._id, { integration: { crm: 'x' } });
    expect(lists.value.followers.map((f) => f._id)).toEqual([a._id, b._id]);
    expect(lists.value.followers[0]).toBe(a);
    expect(selected.value?.integration).toEqual({ crm: 'x' });
  });
});

describe('merging a fresh first page', () => {
  it('reuses unchanged followers, takes changed ones, and keeps loaded ones below without duplicates', () => {
    const cached = Array.from({ length: 120 }, () => follower());
    const page = cached.slice(0, 50).map((f) => ({ ...f }));
    page[3] = { ...page[3], last_message_text: 'changed' };
    const merged = mergeFirstPage({ followers: cached, pinned: [] }, { pinned: [], followers: page }, true);
    expect(merged.followers).toHaveLength(120);
    expect(merged.followers[0]).toBe(cached[0]);
    expect(merged.followers[3]).toBe(page[3]);
    expect(merged.followers[60]).toBe(cached[60]);
    expect(new Set(merged.followers.map((f) => f._id)).size).toBe(120);
    const fresh = mergeFirstPage({ followers: cached, pinned: [] }, { pinned: [], followers: page }, false);
    expect(fresh.followers).toHaveLength(50);
  });
});

describe('the header count (total_count leaves the pinned chats out)', () => {
  const shown = () => totalCount.value + lists.value.pinned.length;
  it('stays right when a chat becomes pinned, and counts a new chat', () => {
    const f = follower();
    lists.value = { followers: [f], pinned: [] };
    totalCount.value = 1;
    applyLiveFollower({ ...f, last_livechat: { ...f.last_livechat!, user_id: ME, is_accepted: true } });
    expect(lists.value.pinned.map((x) => x._id)).toEqual([f._id]);
    expect(shown()).toBe(1);
    applyLiveFollower(follower());
    expect(shown()).toBe(2);
  });
});
