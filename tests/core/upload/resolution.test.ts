import { describe, expect, it } from 'vitest';
import { checkResolution, hasResolution } from '../../../core/upload/resolution';

describe('spec 5: resolution rules', () => {
  const exact = [{ width: 1040, height: 1040 }];
  const ranges = [{ minWidth: 100, maxWidth: 200, minHeight: 50 }];
  it.each([
    ['no rules, readable', { width: 1, height: 1 }, {}, 'ok'],
    ['no resolution', null, {}, 'missing'],
    ['zero size', { width: 0, height: 10 }, {}, 'missing'],
    ['string size', { width: '10', height: '10' }, {}, 'missing'],
    ['exact match', { width: 1040, height: 1040 }, { exact }, 'ok'],
    ['exact off by one', { width: 1040, height: 1041 }, { exact }, 'mismatch'],
    ['range low edge', { width: 100, height: 50 }, { ranges }, 'ok'],
    ['range high edge', { width: 200, height: 9999 }, { ranges }, 'ok'],
    ['range one past', { width: 201, height: 60 }, { ranges }, 'mismatch'],
    ['below min height', { width: 150, height: 49 }, { ranges }, 'mismatch'],
    ['exact or range', { width: 150, height: 60 }, { exact, ranges }, 'ok'],
  ])('%s → %s', (_n, resolution, rules, verdict) => expect(checkResolution(resolution, rules)).toBe(verdict));
  it('hasResolution', () => {
    expect(hasResolution({ width: 2, height: 3 })).toBe(true);
    expect(hasResolution(undefined)).toBe(false);
  });
});
