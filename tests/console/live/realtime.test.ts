// Socket events into the open chat (console/live/realtime.ts): deduped by _id, optimistic sends
// confirmed by temp_id, delivery failures shown as fail, notes and countdowns applied.
import { beforeEach, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../../console/live/calls';
import { receiveMessage } from '../../../console/live/chatActions';
import { handleAgentEvent } from '../../../console/live/realtime';
import {
  chatType,
  countdownSeconds,
  lists,
  loadedFromServer,
  messages,
  notes,
  selected,
} from '../../../console/live/state';
import { pendingMessage, resendMessage } from '../../../core/chat/outgoing';
import { follower, message } from './fixtures';

const open = follower();
const getChat = (m: LiveMessage, f = open) =>
  handleAgentEvent({ type: 'SOCKET_GET_CHAT', payload: { follower: f, message: m } } as never);

beforeEach(() => {
  chatType.value = 'inbox';
  lists.value = { followers: [], pinned: [] };
  selected.value = open;
  messages.value = [];
  notes.value = [];
  loadedFromServer.value = 0;
});

describe('GET_CHAT', () => {
  it('adds a new message to the open chat once, however often it arrives', () => {
    const m = message({ from_id: open._id });
    getChat(m);
    getChat(m);
    getChat({ ...m });
    expect(messages.value.map((x) => x._id)).toEqual([m._id]);
    expect(loadedFromServer.value).toBe(1);
    expect(lists.value.followers.map((f) => f._id)).toEqual([open._id]);
  });

  it('confirms an optimistic send by temp_id (spec 4)', () => {
    const pending = pendingMessage({
      temp_id: 'tmp-1',
      items: [{ type: 'text', text: 'hi' }],
      now: new Date(),
    }) as LiveMessage;
    messages.value = [pending];
    const stored = message({ type: 'reply', from_type: 'agent', temp_id: 'tmp-1', _id: 'srv-1' });
    getChat(stored);
    expect(messages.value).toHaveLength(1);
    expect(messages.value[0]._id).toBe('srv-1');
    expect(messages.value[0].status_send_message).toBeNull();
  });

  it('leaves the open chat alone when the message belongs to another chat', () => {
    const other = follower();
    getChat(message({ from_id: other._id }), other);
    expect(messages.value).toEqual([]);
    expect(lists.value.followers.map((f) => f._id)).toEqual([other._id]);
  });
});

describe('MESSAGE_STATUS and other events', () => {
  it('marks a message whose delivery failed as fail, resendable, and a later success clears it', () => {
    const sent = message({ type: 'reply', _id: 'srv-2', temp_id: 't2' });
    messages.value = [sent];
    handleAgentEvent({
      type: 'SOCKET_MESSAGE_STATUS',
      payload: {
        follower_id: open._id,
        message: { ...sent, delivery: 'failed', status_send_message: 'fail' },
      },
    } as never);
    expect(messages.value[0].status_send_message).toBe('fail');
    handleAgentEvent({
      type: 'SOCKET_MESSAGE_STATUS',
      payload: { follower_id: open._id, message: { ...sent, delivery: 'sent' } },
    } as never);
    expect(messages.value[0].status_send_message).toBeNull();
  });

  it("keeps a failure the socket told before the send's own answer, which is older", () => {
    // The channel refused the message at once: MESSAGE_STATUS (failed) came over the socket
    // before the HTTP answer of the send (stored, delivery pending) reached the console.
    const pending = pendingMessage({
      temp_id: 't-race',
      items: [{ type: 'text', text: 'still there?' }],
      now: new Date(),
    }) as LiveMessage;
    messages.value = [pending];
    const stored = message({ type: 'reply', from_type: 'agent', _id: 'srv-race', temp_id: 't-race' });
    const reason = 'LINE answered 400: The user has blocked the account';
    handleAgentEvent({
      type: 'SOCKET_MESSAGE_STATUS',
      payload: {
        follower_id: open._id,
        message: { ...stored, delivery: 'failed', delivery_error: reason },
      },
    } as never);
    expect(messages.value[0]).toMatchObject({ _id: 'srv-race', status_send_message: 'fail' });
    // The send's answer, then the stored message's echo: both as stored, before the delivery.
    receiveMessage(open._id, { ...stored, delivery: 'pending' });
    getChat({ ...stored, delivery: 'pending' });
    expect(messages.value).toHaveLength(1);
    expect(messages.value[0]).toMatchObject({ status_send_message: 'fail', delivery_error: reason });
    // A resend puts it back on its way: its answer is newer than the failure.
    messages.value = resendMessage(messages.value, 't-race') as LiveMessage[];
    receiveMessage(open._id, { ...stored, delivery: 'pending' });
    expect(messages.value[0].status_send_message).toBeNull();
  });

  it('replaces the notes of the open chat only', () => {
    const list = [{ text: 'VIP customer', no: 1, followerId: open._id }];
    handleAgentEvent({
      type: 'SOCKET_NOTES',
      payload: { follower_id: 'someone-else', notes: list },
    } as never);
    expect(notes.value).toEqual([]);
    handleAgentEvent({ type: 'SOCKET_NOTES', payload: { follower_id: open._id, notes: list } } as never);
    expect(notes.value).toEqual(list);
  });

  it('sets the countdown of a live chat from EXTEND_CHAT_TIME', () => {
    handleAgentEvent({
      type: 'SOCKET_EXTEND_CHAT_TIME',
      payload: { follower_id: open._id, livechat_id: 'lc-x', count_down_second: 180 },
    } as never);
    const left = countdownSeconds('lc-x');
    expect(left).toBeGreaterThanOrEqual(179);
    expect(left).toBeLessThanOrEqual(180);
  });
});
