import { describe, expect, it } from 'vitest';
import { isChatQueueVisible, isQueueVisible } from '../../../core/access/queues';

describe('spec 4, 6: queue visibility', () => {
  it.each([
    ['no queue', null, 'selected', [], true],
    ['visible to everyone', 'q1', 'everyone', [], true],
    ['restricted, allowed', 'q1', 'selected', ['q1'], true],
    ['restricted, not allowed', 'q1', 'selected', ['q2'], false],
    ['no visibility setting, not allowed', 'q1', undefined, [], false],
  ])('%s → %s', (_n, queueId, visibility, allowed, visible) => {
    expect(isQueueVisible(queueId, visibility, allowed)).toBe(visible);
  });
  it('reads the live chat', () => {
    expect(
      isChatQueueVisible({ queue_id: 'q1', queue_info: { setting: { visibility: 'selected' } } }, []),
    ).toBe(false);
    expect(
      isChatQueueVisible(
        { queue_id: null, queue_info: { _id: 'q1', setting: { visibility: 'everyone' } } },
        [],
      ),
    ).toBe(true);
    expect(isChatQueueVisible({ queue_id: null, queue_info: { _id: 'q9' } }, ['q9'])).toBe(true);
    expect(isChatQueueVisible(null, [])).toBe(true);
  });
});
