import { describe, expect, it } from 'vitest';
import {
  allowedQueueIds,
  inQueueScope,
  isChatQueueVisible,
  isQueueVisible,
  queueScope,
} from '../../../core/access/queues';

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

describe('spec 6: queue_permission and the database scope', () => {
  const queues = [
    { id: 'open', visibility: 'everyone' },
    { id: 'mine', visibility: 'selected' },
    { id: 'theirs', visibility: 'selected' },
  ];
  it('allows queues open to everyone and the selected ones the viewer belongs to', () => {
    expect(allowedQueueIds(queues, ['mine'], false)).toEqual(['open', 'mine']);
    expect(allowedQueueIds(queues, [], false)).toEqual(['open']);
    expect(allowedQueueIds(queues, [], true)).toEqual(['open', 'mine', 'theirs']);
  });
  it('the scope agrees with isQueueVisible for every queue, none included', () => {
    for (const memberOf of [[], ['mine'], ['mine', 'theirs']]) {
      const allowed = allowedQueueIds(queues, memberOf, false);
      const scope = queueScope(false, allowed);
      for (const q of [...queues, { id: null, visibility: null }])
        expect(inQueueScope(scope, q.id), `${q.id} with ${memberOf}`).toBe(
          isQueueVisible(q.id, q.visibility, memberOf),
        );
    }
    expect(inQueueScope(queueScope(true, []), 'anything')).toBe(true);
  });
});
