// Issue 4: a send that fails while another chat is open is kept, failed and resendable, in its own
// chat (console/live/chatActions.ts outbox), and comes back when that chat is opened again.
import { beforeEach, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../../console/live/calls';
import { deliver, receiveMessage, withUnconfirmed } from '../../../console/live/chatActions';
import { messages, outbox, selected } from '../../../console/live/state';
import { pendingMessage } from '../../../core/chat/outgoing';
import { follower, message } from './fixtures';

// Assigned to someone else, so a confirmed send does not go on to set a switch-mode countdown.
const a = follower({ lc: { user_id: 'another-agent', is_accepted: true } });
const b = follower();
const pending = (tempId: string) =>
  pendingMessage({
    temp_id: tempId,
    items: [{ type: 'text', text: 'typed' }],
    now: new Date(),
  }) as LiveMessage;

beforeEach(() => {
  outbox.value = {};
  messages.value = [];
  selected.value = a;
});

describe('unconfirmed sends per chat', () => {
  it('a send that fails after another chat was opened stays failed in its chat', async () => {
    outbox.value = { [a._id]: [pending('t-away')] };
    messages.value = [pending('t-away')];
    let fail: (e: Error) => void = () => {};
    const sending = deliver(a._id, 't-away', () => new Promise((_, reject) => (fail = reject)));
    // The agent opens chat B before the answer comes back…
    selected.value = b;
    messages.value = [];
    fail(new Error('network down'));
    await sending;
    // …B is untouched, and A keeps the message as failed.
    expect(messages.value).toEqual([]);
    expect(outbox.value[a._id].map((m) => [m.temp_id, m.status_send_message])).toEqual([['t-away', 'fail']]);
  });

  it('opening the chat again shows the failed message after the page, and resend sends it with its temp id', async () => {
    const failed = { ...pending('t-again'), status_send_message: 'fail' as const };
    outbox.value = { [a._id]: [failed] };
    const page = [message({ _id: 's1' }), message({ _id: 's2' })];
    const shown = withUnconfirmed(page, [failed]);
    expect(shown.map((m) => m._id ?? m.temp_id)).toEqual(['s1', 's2', 't-again']);
    expect(shown[2].status_send_message).toBe('fail');

    selected.value = a;
    messages.value = shown;
    const sentIds: string[] = [];
    await deliver(a._id, 't-again', async (tempId) => {
      sentIds.push(tempId);
      return { message: message({ _id: 's3', temp_id: tempId, type: 'reply', from_type: 'agent' }) };
    });
    expect(sentIds).toEqual(['t-again']);
    expect(outbox.value[a._id]).toBeUndefined();
    expect(messages.value.filter((m) => m.temp_id === 't-again')).toEqual([
      expect.objectContaining({ _id: 's3', status_send_message: null }),
    ]);
  });

  it('a stored copy (same temp id) replaces the unconfirmed one, and a socket confirmation settles it anywhere', () => {
    const stored = message({ _id: 's9', temp_id: 't-stored', type: 'reply', from_type: 'agent' });
    expect(withUnconfirmed([stored], [pending('t-stored')]).map((m) => m._id)).toEqual(['s9']);
    outbox.value = { [b._id]: [pending('t-b')] };
    receiveMessage(b._id, message({ _id: 's10', temp_id: 't-b', type: 'reply', from_type: 'agent' }));
    expect(outbox.value[b._id]).toBeUndefined();
  });
});
