// The inbox's record of which automation rule answered (a `from_type: 'system'` row the bot writes
// after a keyword, intent or outside-hours answer) is a note for the team, never sent to the
// customer: it shows as a centred note without an avatar or a sender, not as an agent's message.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { locale } from '../../../console/app/i18n';
import { MessageBubble } from '../../../console/live/MessageBubble';
import { META_MESSAGES, META_THINGS } from '../../../core/template/messenger';
import { SERVER_MESSAGES } from '../../../core/text/serverMessages';
import { follower, message } from './fixtures';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
afterEach(() => {
  container?.remove();
  locale.value = 'en';
});

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

  // A failed send says why, so the agent can tell whether resending makes sense: our frame in the
  // console's language, the platform's own words as it wrote them, always as text.
  const failed = (reason: string | null, patch: Parameters<typeof message>[0] = {}) =>
    message({
      type: 'reply',
      from_type: 'agent',
      user_info: { _id: 'u1', display_name: 'Nok' },
      messages_sent: [{ type: 'text', text: 'ราคาเท่าไหร่คะ' }],
      delivery: 'failed',
      delivery_error: reason,
      status_send_message: 'fail',
      ...patch,
    });
  const reasonOf = (row: HTMLElement) =>
    row.querySelector<HTMLButtonElement>('[data-testid="send-failed-reason"]');

  it('a failed message shows the reason next to Resend, in English and under /th', () => {
    const blocked = SERVER_MESSAGES.platformAnswered('LINE', 400, 'The user has blocked the account');
    let row = render(failed(blocked));
    expect(row.querySelector('.send-failed')?.textContent).toContain('Resend');
    expect(reasonOf(row)?.textContent).toBe('LINE answered 400: The user has blocked the account');
    expect(reasonOf(row)?.title).toBe('LINE answered 400: The user has blocked the account');

    locale.value = 'th';
    row = render(failed(blocked));
    expect(reasonOf(row)?.textContent).toBe('LINE ตอบกลับด้วยรหัส 400: The user has blocked the account');
    row = render(failed(SERVER_MESSAGES.platformNoAnswer('LINE')));
    expect(reasonOf(row)?.textContent).toBe('ติดต่อ LINE ไม่ได้ (ไม่มีการตอบกลับภายในเวลาที่กำหนด)');
    // Our own refusal of a card is Thai through and through, the field path kept as written.
    const card = SERVER_MESSAGES.cannotTakeMessage(
      'Messenger',
      `messages[0].json: ${META_MESSAGES.cannotShow('Messenger', META_THINGS.textColumns)}`,
    );
    row = render(failed(card));
    const thai = reasonOf(row)?.textContent ?? '';
    expect(thai).toMatch(/^Messenger .*messages\[0\]\.json: /);
    expect(thai).not.toMatch(/cannot|text columns/);
  });

  it("the platform's words are text, never markup, and a long reason unfolds on a click", () => {
    const words = `<img src=x onerror="alert(1)"> ${'very long reason '.repeat(20)}`;
    const row = render(failed(SERVER_MESSAGES.platformAnswered('Facebook', 400, words)));
    const reason = reasonOf(row) as HTMLButtonElement;
    expect(row.querySelector('img')).toBeNull();
    expect(reason.textContent).toBe(`Facebook answered 400: ${words}`);
    expect(reason.getAttribute('aria-expanded')).toBe('false');
    act(() => reason.click());
    expect(reason.getAttribute('aria-expanded')).toBe('true');
  });

  it('no reason while a message is not failed (sending, retrying, sent) or when none was given', () => {
    expect(reasonOf(render(failed('LINE answered 500', { status_send_message: 'wait_socket' })))).toBeNull();
    expect(
      reasonOf(render(failed('LINE answered 500', { delivery: 'pending', status_send_message: null }))),
    ).toBeNull();
    expect(reasonOf(render(failed(null, { delivery: 'sent', status_send_message: null })))).toBeNull();
    const row = render(failed(null));
    expect(row.querySelector('.send-failed')).not.toBeNull();
    expect(reasonOf(row)).toBeNull();
  });
});
