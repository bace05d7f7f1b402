// Spec 9: the loading bar runs 5 s with a 200 ms throttle: quick work never shows it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DURATION_MS, loadingProgress, startLoading, THROTTLE_MS } from '../../../console/app/loadingBar';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('loading bar', () => {
  it('work shorter than the throttle never shows it', () => {
    const done = startLoading();
    vi.advanceTimersByTime(THROTTLE_MS - 10);
    done();
    vi.advanceTimersByTime(1000);
    expect(loadingProgress.value).toBeNull();
  });

  it('longer work shows it after 200 ms, creeping up but never full until done', () => {
    const done = startLoading();
    vi.advanceTimersByTime(THROTTLE_MS + 100);
    const early = loadingProgress.value;
    expect(early).not.toBeNull();
    vi.advanceTimersByTime(DURATION_MS / 2);
    const later = loadingProgress.value as number;
    expect(later).toBeGreaterThan(early as number);
    vi.advanceTimersByTime(DURATION_MS * 2);
    expect(loadingProgress.value).toBeLessThan(100);
    done();
    expect(loadingProgress.value).toBe(100);
    vi.advanceTimersByTime(1000);
    expect(loadingProgress.value).toBeNull();
  });

  it('overlapping loads share one bar that ends with the last', () => {
    const a = startLoading();
    const b = startLoading();
    vi.advanceTimersByTime(THROTTLE_MS + 50);
    a();
    a();
    expect(loadingProgress.value).not.toBe(100);
    b();
    expect(loadingProgress.value).toBe(100);
    vi.advanceTimersByTime(1000);
    expect(loadingProgress.value).toBeNull();
  });
});
