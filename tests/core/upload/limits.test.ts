import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_MB,
  categoryOf,
  DEFAULT_UPLOAD_LIMITS,
  isWithinSizeLimit,
  mbToBytes,
  sizeLimitBytes,
} from '../../../core/upload/limits';

describe('spec 5: size limit = MB x 1,000,000 bytes', () => {
  it('defaults: image 10, video 50, document 50, max 5 files', () => {
    expect(DEFAULT_UPLOAD_LIMITS).toEqual({ image: 10, video: 50, document: 50, maxFiles: 5 });
    expect(BYTES_PER_MB).toBe(1_000_000);
    expect(mbToBytes(10)).toBe(10_000_000);
  });
  it.each([
    ['image', 10_000_000, true],
    ['image', 10_000_001, false],
    ['video', 50_000_000, true],
    ['video', 50_000_001, false],
    ['file', 50_000_000, true],
    ['file', 50_000_001, false],
    ['image', 0, true],
    ['image', -1, false],
    ['image', Number.NaN, false],
    ['image', '10', false],
    ['image', null, false],
  ] as const)('%s of %j bytes → %s', (category, size, ok) => {
    expect(isWithinSizeLimit(size, category)).toBe(ok);
  });
  it('custom limits', () => {
    const limits = { image: 1, video: 2, document: 3, maxFiles: 1 };
    expect(sizeLimitBytes('image', limits)).toBe(1_000_000);
    expect(sizeLimitBytes('video', limits)).toBe(2_000_000);
    expect(sizeLimitBytes('file', limits)).toBe(3_000_000);
  });
});

describe('spec 3: category image, video or file', () => {
  it.each([
    ['image/png', 'image'],
    ['IMAGE/JPEG', 'image'],
    ['video/mp4', 'video'],
    ['audio/mpeg', 'file'],
    ['application/pdf', 'file'],
    ['', 'file'],
    [null, 'file'],
  ])('%j → %s', (type, category) => expect(categoryOf(type)).toBe(category));
});
