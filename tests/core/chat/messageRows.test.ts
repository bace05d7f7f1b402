import { describe, expect, it } from 'vitest';
import { messageRows, sameGroup, topUnreadIndex } from '../../../core/chat/messageRows';

const sec = (d: Date) => Math.floor(d.getTime() / 1000);
const msg = (id: string, at: Date, over: Record<string, unknown> = {}) => ({
  _id: id,
  timestamp: sec(at),
  type: 'question' as const,
  from_type: 'customer',
  from_id: 'c1',
  is_replied: false,
  ...over,
});

describe('spec 4: avatar and time grouping', () => {
  const a = msg('a', new Date(2024, 4, 15, 10, 0, 5));
  const b = msg('b', new Date(2024, 4, 15, 10, 0, 50));
  const c = msg('c', new Date(2024, 4, 15, 10, 1, 0));
  const d = msg('d', new Date(2024, 4, 15, 10, 1, 10), { type: 'reply', from_type: 'agent', from_id: 'u1' });
  it('same type, sender and minute group together', () => {
    expect(sameGroup(a, b)).toBe(true);
    expect(sameGroup(b, c)).toBe(false);
    expect(sameGroup(c, d)).toBe(false);
    expect(sameGroup(c, { ...c, from_id: 'c2' })).toBe(false);
    expect(sameGroup(c, { ...c, type: 'reply' })).toBe(false);
  });
  it('avatar on the first of a run, time on the last; a divider before the first day', () => {
    const rows = messageRows([a, b, c, d]);
    expect(
      rows.map((r) =>
        r.kind === 'divider'
          ? `|${r.label}`
          : `${r.message._id}${r.showAvatar ? 'A' : ''}${r.showTime ? 'T' : ''}`,
      ),
    ).toEqual(['|15/05/2024', 'aA', 'bT', 'cAT', 'dAT']);
  });
  it('spec 4: a date divider appears when the day changes, and splits a run', () => {
    const late = msg('x', new Date(2024, 4, 15, 23, 59, 59));
    const early = msg('y', new Date(2024, 4, 16, 0, 0, 1));
    const rows = messageRows([late, early]);
    expect(rows.map((r) => r.kind)).toEqual(['divider', 'message', 'divider', 'message']);
    expect(rows[2]).toMatchObject({ day: '2024-05-16', label: '16/05/2024' });
  });
  it('no messages → no rows', () => expect(messageRows([])).toEqual([]));
});

describe('spec 4: top-unread marking', () => {
  const now = new Date(2024, 4, 15, 10, 1, 30);
  it.each([
    [
      'first unread in the current minute',
      [
        msg('a', new Date(2024, 4, 15, 10, 0, 59)),
        msg('b', new Date(2024, 4, 15, 10, 1, 0)),
        msg('c', new Date(2024, 4, 15, 10, 1, 20)),
      ],
      1,
    ],
    [
      'replied ones are skipped',
      [
        msg('a', new Date(2024, 4, 15, 10, 1, 0), { is_replied: true }),
        msg('b', new Date(2024, 4, 15, 10, 1, 5)),
      ],
      1,
    ],
    ['our own replies are not unread', [msg('a', new Date(2024, 4, 15, 10, 1, 0), { type: 'reply' })], -1],
    ['none in this minute', [msg('a', new Date(2024, 4, 15, 10, 0, 0))], -1],
    ['empty', [], -1],
  ])('%s → %i', (_n, messages, index) => expect(topUnreadIndex(messages, now)).toBe(index));
});
