// Spec 4 outgoing messages in the widget: wait_socket → confirmed by temp_id (from the HTTP answer
// or the socket, whichever comes first), fail → resend with the same temp id, no duplicates.
import { describe, expect, it } from 'vitest';
import {
  addPending,
  type ChatMessage,
  currentQuickReplies,
  failMessage,
  lastConfirmedId,
  mergeMessages,
  pendingMessage,
  retryMessage,
  unconfirmed,
  unreadCount,
} from '../../widget-element/box/conversation';

const now = new Date('2026-03-01T10:00:00Z');
const server = (id: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  temp_id: null,
  from: 'agent',
  type: 'text',
  message: id,
  items: [{ type: 'text', text: id }],
  timestamp: 1000,
  bot: false,
  greeting: false,
  statusSendMessage: null,
  ...extra,
});

describe('optimistic sends (spec 4)', () => {
  const pending = pendingMessage(
    't1',
    { type: 'text', message: 'hi', items: [{ type: 'text', text: 'hi' }] },
    now,
  );

  it('shows a send at once as wait_socket', () => {
    expect(addPending([], pending)).toEqual([
      expect.objectContaining({ temp_id: 't1', statusSendMessage: 'wait_socket', from: 'visitor' }),
    ]);
  });

  it('replaces it with the server copy by temp id, once, whichever answer comes first', () => {
    const confirmed = server('m1', { temp_id: 't1', from: 'visitor', timestamp: pending.timestamp });
    const once = mergeMessages([pending], [confirmed]);
    const twice = mergeMessages(once, [confirmed]);
    expect(twice).toHaveLength(1);
    expect(twice[0]).toMatchObject({ id: 'm1', statusSendMessage: null });
  });

  it('marks only a waiting send as failed, and a resend puts it back to waiting', () => {
    const failed = failMessage([pending], 't1');
    expect(failed[0].statusSendMessage).toBe('fail');
    expect(retryMessage(failed, 't1')[0].statusSendMessage).toBe('wait_socket');
    const confirmed = mergeMessages([pending], [server('m1', { temp_id: 't1' })]);
    expect(failMessage(confirmed, 't1')[0].statusSendMessage).toBeNull();
  });

  it('keeps unconfirmed sends after the confirmed history and knows where to catch up from', () => {
    const list = mergeMessages([pending], [server('a', { timestamp: 5 }), server('b', { timestamp: 9 })]);
    expect(list.map((m) => m.id)).toEqual(['a', 'b', 't1']);
    expect(lastConfirmedId(list)).toBe('b');
    expect(unconfirmed(list).map((m) => m.temp_id)).toEqual(['t1']);
  });

  it("puts a catch-up's missed reply in the server's order, before a send answered meanwhile", () => {
    const before = mergeMessages([], [server('a', { timestamp: 5 }), server('mine', { timestamp: 7 })]);
    const after = mergeMessages(before, [
      server('missed', { timestamp: 7 }),
      server('mine', { timestamp: 7 }),
    ]);
    expect(after.map((m) => m.id)).toEqual(['a', 'missed', 'mine']);
    const added = mergeMessages(after, [server('new', { timestamp: 7 })]);
    expect(added.map((m) => m.id)).toEqual(['a', 'missed', 'mine', 'new']);
  });
});

describe('unread and quick replies', () => {
  const list = [server('a'), server('b', { from: 'visitor' }), server('c'), server('d', { from: 'bot' })];
  it("counts our side's messages after the last one read", () => {
    expect(unreadCount(list, null)).toBe(3);
    expect(unreadCount(list, 'b')).toBe(2);
    expect(unreadCount(list, 'd')).toBe(0);
  });

  it("offers the newest message's quick replies only when it came from our side", () => {
    const withQr = server('q', {
      items: [
        { type: 'text', text: 'Pick one' },
        {
          type: 'quickreply',
          items: [
            { type: 'action', action: { type: 'message', label: 'Yes', text: 'Yes please' } },
            { type: 'action', action: { type: 'postback', label: 'Later', data: 'later' } },
            { type: 'action', action: { type: 'uri', label: 'Site', uri: 'https://example.com' } },
          ],
        },
      ],
    });
    expect(currentQuickReplies([withQr])).toEqual([
      { label: 'Yes', kind: 'message', text: 'Yes please' },
      { label: 'Later', kind: 'postback', data: 'later', text: undefined },
      { label: 'Site', kind: 'uri', uri: 'https://example.com' },
    ]);
    expect(currentQuickReplies([withQr, server('v', { from: 'visitor' })])).toEqual([]);
  });
});
