import { describe, expect, it } from 'vitest';
import { canSelectMore, maxSelectable, toggleSelection } from '../../../core/upload/selection';

describe('spec 5: selection limit — 1 single, a number is a maximum, none is unlimited', () => {
  it.each([
    ['single', 1],
    [3, 3],
    [0, 0],
    [null, Number.POSITIVE_INFINITY],
    [undefined, Number.POSITIVE_INFINITY],
  ] as const)('%j → %s', (limit, max) => expect(maxSelectable(limit)).toBe(max));
  it('single replaces the choice', () => expect(toggleSelection(['a'], 'b', 'single')).toEqual(['b']));
  it('a number stops at the maximum', () => {
    expect(toggleSelection(['a', 'b'], 'c', 3)).toEqual(['a', 'b', 'c']);
    expect(toggleSelection(['a', 'b', 'c'], 'd', 3)).toEqual(['a', 'b', 'c']);
    expect(canSelectMore(2, 3)).toBe(true);
    expect(canSelectMore(3, 3)).toBe(false);
  });
  it('none is unlimited', () => {
    const many = Array.from({ length: 1000 }, (_, i) => String(i));
    expect(toggleSelection(many, 'x', undefined)).toHaveLength(1001);
  });
  it('toggling a selected item removes it', () => expect(toggleSelection(['a', 'b'], 'a', 2)).toEqual(['b']));
});
