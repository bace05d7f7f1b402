import { describe, expect, it } from 'vitest';
import { formatFileSize, formatNumber } from '../../../core/format/numbers';

describe('spec 9: numbers with thousands commas', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [1234.5, '1,234.5'],
    [1234.567, '1,234.57'],
    [-1234, '-1,234'],
    ['2500', '2,500'],
    [null, '0'],
    [Number.NaN, '0'],
    [Number.POSITIVE_INFINITY, '0'],
  ])('%j → %s', (n, text) => expect(formatNumber(n)).toBe(text));
});

describe('spec 9: file sizes in Bytes, KB, MB, GB or TB', () => {
  it.each([
    [0, '0 Bytes'],
    [999, '999 Bytes'],
    [1000, '1 KB'],
    [1500, '1.5 KB'],
    [10_000_000, '10 MB'],
    [10_000_001, '10 MB'],
    [1_234_567_890, '1.23 GB'],
    [5e12, '5 TB'],
    [5e15, '5,000 TB'],
    [-1, '0 Bytes'],
    [null, '0 Bytes'],
  ])('%j → %s', (bytes, text) => expect(formatFileSize(bytes)).toBe(text));
});
