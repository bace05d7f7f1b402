import { describe, expect, it } from 'vitest';
import {
  BROADCAST_ALERTS,
  BROADCAST_MESSAGES,
  isBubbleCountAllowed,
  isTargetReachEnough,
  validateBroadcast,
} from '../../../core/validation/broadcast';

const now = new Date('2024-05-10T10:00:00Z');
const draft = {
  name: 'May promo',
  recipients: 'all',
  messages: [{}],
  broadcast_time: '2024-05-11T09:00:00Z',
};

describe('spec 5: broadcast texts', () => {
  it('quotes the spec', () => {
    expect(BROADCAST_MESSAGES.targetReach).toBe('target reach number must be 100 or more');
    expect(BROADCAST_MESSAGES.tooManyBubbles).toBe('Can you send Message templates only 5 Bubble.');
  });
});

describe('spec 5, 9: target reach of 100 or more', () => {
  it.each([
    [100, true],
    [99, false],
    [101, true],
    [0, false],
    [null, false],
    ['100', false],
    [Number.NaN, false],
  ])('%j → %s', (reach, ok) => expect(isTargetReachEnough(reach)).toBe(ok));
});

describe('spec 5, 9: at most 5 bubbles', () => {
  it.each([
    [5, true],
    [6, false],
    [1, true],
    [null, false],
  ])('%j → %s', (count, ok) => expect(isBubbleCountAllowed(count)).toBe(ok));
});

describe('validateBroadcast', () => {
  it('a complete draft passes', () => expect(validateBroadcast(draft, now)).toEqual([]));
  it('spec 5: a filter with reach 99 fails, 100 passes', () => {
    const targeted = {
      ...draft,
      recipients: 'targeting',
      messages_target: [{ type: 'tag', option: ['vip'] }],
    };
    expect(validateBroadcast({ ...targeted, target_estimate: 99 }, now)).toEqual([
      { field: 'target_estimate', message: 'target reach number must be 100 or more' },
    ]);
    expect(validateBroadcast({ ...targeted, target_estimate: 100 }, now)).toEqual([]);
  });
  it('spec 5: targeting without a tag asks for a tag name', () => {
    expect(
      validateBroadcast(
        { ...draft, recipients: 'targeting', messages_target: [{ type: 'tag', option: [''] }] },
        now,
      ),
    ).toEqual([{ field: 'messages_target', message: BROADCAST_ALERTS.tag }]);
  });
  it('spec 5: 6 bubbles fail, 5 pass', () => {
    expect(validateBroadcast({ ...draft, messages: Array(6).fill({}) }, now)).toEqual([
      { field: 'messages', message: 'Can you send Message templates only 5 Bubble.' },
    ]);
    expect(validateBroadcast({ ...draft, messages: Array(5).fill({}) }, now)).toEqual([]);
  });
  it('spec 5: no message template → select a message template', () => {
    expect(validateBroadcast({ ...draft, messages: [] }, now)).toEqual([
      { field: 'messages', message: BROADCAST_ALERTS.template },
    ]);
  });
  it.each([['2024-05-10T10:00:00Z'], ['2024-05-09T00:00:00Z'], ['not a date'], [null]])(
    'spec 5: schedule %j is not a correct date and time',
    (when) => {
      expect(validateBroadcast({ ...draft, broadcast_time: when }, now)).toEqual([
        { field: 'broadcast_time', message: BROADCAST_ALERTS.dateTime },
      ]);
    },
  );
  it('sending now needs no time', () => {
    expect(validateBroadcast({ ...draft, broadcast_time: null, send_now: true }, now)).toEqual([]);
  });
  it('spec 5: name required', () => {
    expect(validateBroadcast({ ...draft, name: '  ' }, now)).toEqual([
      { field: 'name', message: BROADCAST_ALERTS.name },
    ]);
  });
  it.each([null, undefined, 'x', 3])('never throws on %j', (d) => {
    expect(validateBroadcast(d as never, now).map((e) => e.field)).toEqual([
      'name',
      'messages',
      'broadcast_time',
    ]);
  });
});
