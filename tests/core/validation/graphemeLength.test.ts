// textLength/hasMaxLength on huge and tricky strings (issue 14): exact counts across the pieces
// the segmenter is fed, and time that grows with the length, not its square.
import { describe, expect, it } from 'vitest';
import { clipToUnits, hasMaxLength, textLength } from '../../../core/validation/rules';

const whole = (s: string) =>
  [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)].length;

describe('textLength over pieces', () => {
  const family = '👨‍👩‍👧‍👦';
  it.each([
    ['ascii across pieces', 'ab'.repeat(3000)],
    ['emoji ZWJ on every boundary', family.repeat(900)],
    ['flags (regional indicator pairs)', '🇹🇭🇯🇵'.repeat(1200)],
    ['Thai with marks', 'ผู้ใช้น้ำกำ'.repeat(700)],
    ['surrogate pairs split by a piece edge', `a${'😀'.repeat(3000)}`],
  ])('%s: same count as one pass', (_name, text) => {
    expect(textLength(text)).toBe(whole(text));
  });

  // A hang guard, not a speed figure: measuring a 200,000-character string piece by piece from the
  // start each time (quadratic) takes tens of seconds; the linear pass milliseconds.
  it('a 200,000-character string is measured without hanging', () => {
    const huge = `${'ข'.repeat(1000)}${'A'.repeat(199_000)}`;
    const t0 = performance.now();
    expect(textLength(huge)).toBe(200_000);
    expect(hasMaxLength(huge, 300)).toBe(false);
    expect(performance.now() - t0).toBeLessThan(10_000);
  }, 30_000);
});

describe('clipToUnits', () => {
  it('keeps whole graphemes within the UTF-16 limit', () => {
    expect(clipToUnits('short', 10)).toBe('short');
    expect(clipToUnits(`a${'😀'.repeat(3)}`, 4)).toBe('a😀');
    // A Thai syllable with its marks (น + ้ + ำ) is kept whole or not at all.
    expect(clipToUnits('กน้ำ', 3)).toBe('ก');
    expect(clipToUnits('👨‍👩‍👧x', 7)).toBe('');
  });
});
