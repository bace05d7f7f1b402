import { describe, expect, it } from 'vitest';
import {
  confirmMessage,
  failMessage,
  isResendable,
  newTempId,
  pendingMessage,
  resendMessage,
} from '../../../core/chat/outgoing';
import type { Message } from '../../../core/models/message';

const now = new Date('2024-05-15T10:00:30Z');
const text = (t: string) => [{ type: 'text' as const, text: t }];
const old: Message = {
  _id: 'm0',
  timestamp: 1,
  type: 'question',
  is_replied: true,
  new_chat: false,
  messages_sent: text('hi'),
};

describe('spec 4: optimistic send', () => {
  it('appears at once as wait_socket with its temp_id and a seconds timestamp', () => {
    const m = pendingMessage({ temp_id: 't1', items: text('hello'), now, user: { _id: 'me' } });
    expect(m).toMatchObject({
      temp_id: 't1',
      status_send_message: 'wait_socket',
      type: 'reply',
      from_id: 'me',
    });
    expect(m.timestamp).toBe(Math.floor(now.getTime() / 1000));
  });
  it("is replaced by the server's message matched by temp_id", () => {
    const list = [old, pendingMessage({ temp_id: 't1', items: text('hello'), now })];
    const server: Message = {
      _id: 'm1',
      temp_id: 't1',
      timestamp: 99,
      type: 'reply',
      is_replied: true,
      new_chat: false,
      messages_sent: text('hello'),
    };
    const next = confirmMessage(list, server);
    expect(next).toHaveLength(2);
    expect(next[1]).toMatchObject({ _id: 'm1', timestamp: 99, status_send_message: null });
  });
  it('the same server message twice (HTTP answer and socket) is listed once', () => {
    const server: Message = {
      _id: 'm1',
      temp_id: 't1',
      timestamp: 99,
      type: 'reply',
      is_replied: true,
      new_chat: false,
      messages_sent: [],
    };
    const once = confirmMessage([pendingMessage({ temp_id: 't1', items: [], now })], server);
    expect(confirmMessage(once, server)).toHaveLength(1);
    expect(confirmMessage(once, { ...server, temp_id: null })).toHaveLength(1);
  });
  it('a server message with no pending copy is appended', () => {
    const incoming: Message = {
      _id: 'm9',
      timestamp: 5,
      type: 'question',
      is_replied: false,
      new_chat: false,
      messages_sent: [],
    };
    expect(confirmMessage([old], incoming).map((m) => m._id)).toEqual(['m0', 'm9']);
  });
  it('spec 4, 8: a failed send is marked fail and can be resent', () => {
    let list = [pendingMessage({ temp_id: 't1', items: text('x'), now })];
    list = failMessage(list, 't1');
    expect(list[0].status_send_message).toBe('fail');
    expect(isResendable(list[0])).toBe(true);
    list = resendMessage(list, 't1');
    expect(list[0].status_send_message).toBe('wait_socket');
    expect(list[0].temp_id).toBe('t1');
  });
  it('a confirmed message cannot fail afterwards, and only a fail can be resent', () => {
    expect(failMessage([old], 'nope')).toEqual([old]);
    const pending = [pendingMessage({ temp_id: 't1', items: [], now })];
    expect(resendMessage(pending, 't1')).toEqual(pending);
  });
  it('temp ids are unique', () => {
    const ids = new Set(Array.from({ length: 1000 }, newTempId));
    expect(ids.size).toBe(1000);
  });
});
