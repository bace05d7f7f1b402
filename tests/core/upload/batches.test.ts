import { describe, expect, it } from 'vitest';
import { inGroups, runInGroups, UPLOAD_GROUP_SIZE } from '../../../core/upload/batches';

describe('spec 9: uploads and file sends go in groups of 4', () => {
  it('group size is 4', () => expect(UPLOAD_GROUP_SIZE).toBe(4));
  it.each([
    [0, []],
    [3, [3]],
    [4, [4]],
    [5, [4, 1]],
    [9, [4, 4, 1]],
  ])('%i items → groups of %j', (n, sizes) => {
    expect(inGroups(Array.from({ length: n }, (_, i) => i)).map((g) => g.length)).toEqual(sizes);
  });
  it('a bad size falls back to 4', () =>
    expect(inGroups([1, 2, 3, 4, 5], 0).map((g) => g.length)).toEqual([4, 1]));
  it('runs at most 4 at a time and one group after another; a failure does not stop the rest', async () => {
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const results = await runInGroups([1, 2, 3, 4, 5, 6], async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      order.push(n);
      running--;
      if (n === 2) throw new Error('boom');
      return n;
    });
    expect(peak).toBe(4);
    expect(order.slice(4).sort()).toEqual([5, 6]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });
});
