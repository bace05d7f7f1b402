// core/chat/messageStatus.ts: a delivery change replaces the listed copy (spec 4, 8).
import { describe, expect, it } from 'vitest';
import { applyMessageStatus, sendStateOf } from '../../../core/chat/messageStatus';
import type { Message } from '../../../core/models/message';

const m = (patch: Partial<Message> & { delivery?: string }): Message & { delivery?: string } => ({
  timestamp: 1,
  type: 'reply',
  is_replied: true,
  new_chat: false,
  messages_sent: [],
  ...patch,
});

describe('applyMessageStatus', () => {
  it('marks a failed delivery as fail and a sent one as confirmed', () => {
    const list = [m({ _id: 'a', temp_id: 't' })];
    expect(applyMessageStatus(list, m({ _id: 'a', delivery: 'failed' }))[0].status_send_message).toBe('fail');
    expect(applyMessageStatus(list, m({ _id: 'a', delivery: 'sent' }))[0].status_send_message).toBeNull();
  });

  it('finds the message by temp_id when it has no _id yet', () => {
    const list = [m({ temp_id: 't', status_send_message: 'wait_socket' })];
    const next = applyMessageStatus(list, m({ _id: 'srv', temp_id: 't', delivery: 'pending' }));
    expect(next[0]._id).toBe('srv');
  });

  it('ignores a status for a message that is not listed', () => {
    const list = [m({ _id: 'a' })];
    expect(applyMessageStatus(list, m({ _id: 'zzz', delivery: 'failed' }))).toBe(list);
  });

  it('reads the send state of spec 4 from the delivery', () => {
    expect(sendStateOf(m({ delivery: 'failed' }))).toBe('fail');
    expect(sendStateOf(m({ status_send_message: 'fail' }))).toBe('fail');
    expect(sendStateOf(m({ delivery: 'pending' }))).toBeNull();
  });
});
