// A chat row renders customer text as text and shows spec 4's badges.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatListItem } from '../../../console/live/ChatListItem';
import { follower } from './fixtures';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
afterEach(() => container?.remove());

function render(node: React.ReactNode) {
  container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(node));
  return root;
}

describe('ChatListItem', () => {
  it('shows HTML in a name or message as plain text', () => {
    const f = follower({
      line_name: '<img src=x onerror=alert(1)>',
      last_message_text: '<script>alert(1)</script>',
    });
    render(<ChatListItem follower={f} active={false} onSelect={() => {}} lang="en" />);
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('.chat-item-name')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(container.querySelector('.chat-item-preview')?.textContent).toBe('<script>alert(1)</script>');
  });

  it('shows the badges of spec 4 and the unread count', () => {
    const f = follower({
      is_follow: true,
      is_block: true,
      count_not_is_replied: 120,
      user_info: { _id: 'u2', display_name: 'Nok' },
      lc: {
        is_missed: true,
        user_id: 'u2',
        queue_id: 'q1',
        queue_info: { _id: 'q1', name: 'Sales', setting: { visibility: 'everyone' } },
      },
    });
    render(<ChatListItem follower={f} active onSelect={() => {}} lang="en" />);
    const badges = [...container.querySelectorAll('[data-badge]')].map((b) => b.getAttribute('data-badge'));
    expect(badges).toEqual(['missed', 'following', 'blocked', 'assigned', 'queue', 'unread']);
    expect(container.querySelector('[data-badge="unread"]')?.textContent).toBe('99+');
    expect(container.querySelector('[data-badge="queue"]')?.textContent).toBe('Sales');
    expect(container.querySelector('.chat-item')?.getAttribute('aria-current')).toBe('true');
  });
});
