// How the benches measure a forked server's memory: its resident memory, read by the parent from
// /proc every 5 ms, or the live JS heap the server reports itself after a full collection (fork it
// with --expose-gc and answer `{ memory: true }` with `memoryNow()`).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { ask } from './forkedServer';

const MIB = 1024 * 1024;

export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** The highest resident memory of process `pid` seen while `work` runs. */
export async function peakRssWhile(pid: number, work: () => Promise<unknown>): Promise<number> {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, rssOf(pid));
}

interface Memory {
  heap: number;
  rss: number;
}

/** In the forked server: its live heap after a full collection, and its resident memory. */
export function memoryNow(): Memory {
  (globalThis as { gc?: () => void }).gc?.();
  return { heap: process.memoryUsage().heapUsed, rss: process.memoryUsage().rss };
}

/**
 * The highest live heap and resident memory (MiB above idle) the forked server reports while
 * `work` runs, and the seconds `work` took.
 */
export async function peakHeapWhile(child: ChildProcess, work: () => Promise<unknown>) {
  const memoryOf = () => ask<Memory>(child, { memory: true }, 'memory');
  const idle = await memoryOf();
  let peak = { ...idle };
  let running = true;
  const sampling = (async () => {
    while (running) {
      const now = await memoryOf();
      peak = { heap: Math.max(peak.heap, now.heap), rss: Math.max(peak.rss, now.rss) };
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const started = performance.now();
  try {
    await work();
  } finally {
    running = false;
    await sampling;
  }
  return {
    seconds: (performance.now() - started) / 1000,
    heap: (peak.heap - idle.heap) / MIB,
    rss: (peak.rss - idle.rss) / MIB,
  };
}
