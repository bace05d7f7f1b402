// The virtualised chat list (console/live/ChatList.tsx) under live updates: a chat that moves to
// the top takes its row with it and every other row keeps its element (React keys are the chats'),
// with the headers of the pinned chats in their places.

import type { Virtualizer } from '@tanstack/react-virtual';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatList, scrollList } from '../../../console/live/ChatList';
import { applyLiveFollower } from '../../../console/live/listActions';
import { chatType, listState, lists, selected, totalCount } from '../../../console/live/state';
import { renderRootPerTest } from '../../helpers/reactRoot';
import { follower, signInAs } from './fixtures';

const ME = 'user-me';

beforeEach(() => {
  signInAs(ME);
  chatType.value = 'inbox';
  selected.value = null;
  listState.value = 'ready';
});
afterEach(() => {
  lists.value = { followers: [], pinned: [] };
});
const view = renderRootPerTest();

/** The list's rows in order of their place: [name or header, element]. */
function rows() {
  return [...view.container.querySelectorAll<HTMLLIElement>('.chat-list > li')]
    .map((li) => ({
      li,
      y: Number(/translateY\((\d+)px\)/.exec(li.style.transform)?.[1]),
      text: li.querySelector('.chat-item-name')?.textContent ?? `# ${li.textContent}`,
    }))
    .sort((a, b) => a.y - b.y);
}

describe('ChatList', () => {
  it('does not scroll a new list to where it already is (that forced a layout on opening)', () => {
    const scrollTo = vi.spyOn(Element.prototype, 'scrollTo');
    try {
      lists.value = { followers: Array.from({ length: 50 }, () => follower()), pinned: [] };
      act(() => view.root.render(<ChatList />));
      expect(view.container.querySelector('.chat-list-scroll')).not.toBeNull();
      expect(scrollTo).not.toHaveBeenCalled();

      // Any later request scrolls, the start included; so does a first one somewhere else.
      const el = document.createElement('div');
      const instance = { scrollElement: el, options: { horizontal: false } } as unknown as Virtualizer<
        HTMLDivElement,
        Element
      >;
      scrollList(0, {}, instance);
      expect(scrollTo).not.toHaveBeenCalled();
      scrollList(0, {}, instance);
      expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: undefined });
      const other = { ...instance, scrollElement: document.createElement('div') } as typeof instance;
      scrollList(300, { adjustments: 20 }, other);
      expect(scrollTo).toHaveBeenLastCalledWith({ top: 320, behavior: undefined });
    } finally {
      scrollTo.mockRestore();
    }
  });

  it('moves a chat from deep in the list to the top; the other rows keep their elements', () => {
    const all = Array.from({ length: 200 }, () => follower());
    lists.value = { followers: all, pinned: [] };
    totalCount.value = 200;
    act(() => view.root.render(<ChatList />));
    const before = rows();
    expect(before.length).toBeGreaterThan(5);
    expect(before.slice(0, 3).map((r) => r.text)).toEqual(all.slice(0, 3).map((f) => f.line_name));
    const second = before[1].li;

    act(() => applyLiveFollower({ ...all[150], last_message_text: 'new' }));
    const after = rows();
    expect(after.slice(0, 4).map((r) => r.text)).toEqual(
      [all[150], all[0], all[1], all[2]].map((f) => f.line_name),
    );
    expect(after[0].y).toBe(0);
    expect(after[0].li.querySelector('.chat-item-preview')?.textContent).toBe('new');
    // The chat that was second is third now: the same element, one row lower.
    expect(after[2].li).toBe(second);
    expect(after[2].y).toBe(before[1].y + 76);
  });

  it('keeps the pinned header and the chats header in place as chats are pinned and unpinned', () => {
    const all = Array.from({ length: 50 }, () => follower());
    lists.value = { followers: all, pinned: [] };
    act(() => view.root.render(<ChatList />));
    expect(rows()[0].text).toBe(all[0].line_name);

    const mine = { ...all[10], last_livechat: { ...all[10].last_livechat!, user_id: ME, is_accepted: true } };
    act(() => applyLiveFollower(mine));
    let now = rows();
    expect(now.slice(0, 4).map((r) => r.text)).toEqual([
      '# Pinned',
      all[10].line_name,
      '# Chats',
      all[0].line_name,
    ]);
    expect(now.slice(0, 4).map((r) => r.y)).toEqual([0, 28, 104, 132]);

    // A customer writes on another chat: it goes under the chats header, the pinned one stays.
    act(() => applyLiveFollower({ ...all[30], last_message_text: 'hi' }));
    now = rows();
    expect(now.slice(0, 5).map((r) => r.text)).toEqual([
      '# Pinned',
      all[10].line_name,
      '# Chats',
      all[30].line_name,
      all[0].line_name,
    ]);

    // The chat closes: unpinned, no headers left.
    act(() => applyLiveFollower({ ...mine, last_livechat: { ...mine.last_livechat, is_missed: true } }));
    now = rows();
    expect(now.slice(0, 3).map((r) => r.text)).toEqual([all[10], all[30], all[0]].map((f) => f.line_name));
    expect(now[0].y).toBe(0);
  });
});
