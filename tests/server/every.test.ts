// The background loops' timer: one run at a time, failures logged and survived, a stop that waits.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { every } from '../../server/every';

const deferred = () => {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('every', () => {
  it('runs the task each period, first one period after the start', async () => {
    const task = vi.fn(async () => {});
    const stop = every(1000, task, { what: 'test loop', log: { error: vi.fn() } });
    await vi.advanceTimersByTimeAsync(999);
    expect(task).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).toHaveBeenCalledTimes(3);
    await stop();
  });

  it('runs the first time at firstAfterMs when given', async () => {
    const task = vi.fn(async () => {});
    const stop = every(60_000, task, { what: 'test loop', log: { error: vi.fn() }, firstAfterMs: 5000 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(55_000);
    expect(task).toHaveBeenCalledTimes(2);
    await stop();
  });

  it('skips the turns that come while a run is under way', async () => {
    const slow = deferred();
    const task = vi.fn(() => slow.promise);
    const stop = every(1000, task, { what: 'test loop', log: { error: vi.fn() } });
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(1);
    slow.resolve();
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(2);
    await stop();
  });

  it('logs a failure, thrown or rejected, with what failed, and runs again on the next turn', async () => {
    const error = vi.fn();
    const task = vi
      .fn<() => Promise<void>>()
      .mockImplementationOnce(() => {
        throw new Error('sync boom');
      })
      .mockRejectedValueOnce(new Error('async boom'))
      .mockResolvedValue(undefined);
    const stop = every(1000, task, { what: 'test loop', log: { error } });
    await vi.advanceTimersByTimeAsync(3000);
    expect(task).toHaveBeenCalledTimes(3);
    expect(error.mock.calls.map(([ctx, text]) => [(ctx as { err: Error }).err.message, text])).toEqual([
      ['sync boom', 'test loop failed'],
      ['async boom', 'test loop failed'],
    ]);
    await stop();
  });

  it('stop waits for the run under way, and no run starts after it', async () => {
    const slow = deferred();
    const task = vi.fn(() => slow.promise);
    const stop = every(1000, task, { what: 'test loop', log: { error: vi.fn() }, firstAfterMs: 10 });
    await vi.advanceTimersByTimeAsync(10);
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    slow.resolve();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('a stop before the first turn runs nothing and clears both timers', async () => {
    const task = vi.fn(async () => {});
    const stop = every(1000, task, { what: 'test loop', log: { error: vi.fn() }, firstAfterMs: 10 });
    expect(vi.getTimerCount()).toBe(2);
    await stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).not.toHaveBeenCalled();
  });
});
