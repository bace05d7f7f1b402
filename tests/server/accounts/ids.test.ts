// Ids (server/accounts/ids.ts): lower-case letters and digits of the asked length, never repeated,
// also across refills of the random pool.
import { describe, expect, it } from 'vitest';
import { newId } from '../../../server/accounts/ids';

describe('newId', () => {
  it('makes ids of the asked length from lower-case letters and digits', () => {
    expect(newId()).toMatch(/^[a-z0-9]{20}$/);
    expect(newId(12)).toMatch(/^[a-z0-9]{12}$/);
    expect(newId(0)).toBe('');
  });

  it('never repeats one over many refills of its random bytes, and uses every character', () => {
    const ids = Array.from({ length: 20_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    const seen = new Set(ids.join(''));
    expect(seen.size).toBe(36);
  });
});
