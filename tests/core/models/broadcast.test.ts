import { create } from 'superstruct';
import { describe, expect, it } from 'vitest';
import {
  BROADCAST_STATUSES,
  BROADCAST_TABS,
  Broadcast,
  MAX_BROADCAST_BUBBLES,
  MIN_TARGET_REACH,
} from '../../../core/models/broadcast';

describe('spec 3, 4, 9: broadcast', () => {
  it('limits', () => {
    expect(MAX_BROADCAST_BUBBLES).toBe(5);
    expect(MIN_TARGET_REACH).toBe(100);
  });
  it('statuses and tabs', () => {
    expect(BROADCAST_STATUSES).toEqual(['Scheduled', 'Drafts', 'Sent', 'Failed', 'Expired']);
    expect(BROADCAST_TABS).toEqual(['Scheduled', 'Drafts', 'Sent', 'All Time', 'Failed']);
  });
  it('defaults to a draft to all friends', () => {
    expect(create({}, Broadcast)).toMatchObject({
      status: 'Drafts',
      recipients: 'all',
      messages: [],
      messages_target: [],
    });
  });
  it('the struct itself refuses a 6th bubble', () => {
    expect(() => create({ messages: Array(5).fill({}) }, Broadcast)).not.toThrow();
    expect(() => create({ messages: Array(6).fill({}) }, Broadcast)).toThrow();
  });
});
