// The inbox's record of which automation rule answered (a `from_type: 'system'` row the bot writes
// after a keyword, intent or outside-hours answer) is a note for the team, never sent to the
// customer: it shows as a centred note without an avatar or a sender, not as an agent's message.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageBubble } from '../../../console/live/MessageBubble';
import { follower, message } from './fixtures';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
afterEach(() => container?.remove());

function render(m: ReturnType<typeof message>) {
  container = document.createElement('ol');
  document.body.append(container);
  const root = createRoot(container);
  act(() =>
    root.render(
      <MessageBubble
        message={m}
        showAvatar
        showTime
        topUnread={false}
        follower={follower()}
        botName="Bot"
        botImage={null}
      />,
    ),
  );
  return container.querySelector('li.message') as HTMLElement;
}

describe('MessageBubble', () => {
  it('shows the automation note as a note, not as a message from an agent', () => {
    const row = render(
      message({
        type: 'reply',
        from_type: 'system',
        from_id: null,
        messages_sent: [{ type: 'text', text: '🤖 Keyword “ราคา” (Prices) → Price list' }],
      }),
    );
    expect(row.classList.contains('system')).toBe(true);
    expect(row.getAttribute('role')).toBe('note');
    expect(row.querySelector('.message-sender')).toBeNull();
    expect(row.querySelector('.message-avatar')).toBeNull();
    expect(row.textContent).not.toContain('Agent');
    expect(row.textContent).toContain('Keyword “ราคา” (Prices) → Price list');
  });

  it("an agent's reply still names its sender", () => {
    const row = render(
      message({
        type: 'reply',
        from_type: 'agent',
        user_info: { _id: 'u1', display_name: 'Nok' },
        messages_sent: [{ type: 'text', text: 'สวัสดีค่ะ' }],
      }),
    );
    expect(row.querySelector('.message-sender')?.textContent).toBe('Nok');
    expect(row.querySelector('.message-avatar')).not.toBeNull();
  });
});
