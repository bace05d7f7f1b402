// Addresses from cards and messages never run script in the host page.
import { describe, expect, it } from 'vitest';
import { safeMediaUrl, safeUrl } from '../../widget-element/box/links';

describe('safe links', () => {
  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    ['tel:0812345678', 'tel:0812345678'],
    ['javascript:alert(1)', ''],
    [' JaVaScRiPt:alert(1)', ''],
    ['data:text/html,<script>', ''],
    [42, ''],
  ])('%s', (input, expected) => {
    expect(safeUrl(input)).toBe(expected);
  });

  it('allows only web addresses for pictures and videos', () => {
    expect(safeMediaUrl('tel:1')).toBe('');
    expect(safeMediaUrl('http://x/y.png')).toBe('http://x/y.png');
  });
});
