// Timing marks for bench/console.ts, off unless the page sets window.__LIVE_PERF__ before loading
// (or localStorage 'chatdesk.livePerf' = '1'). A figure ends after the next frame is painted.
import { afterNextPaint } from './afterPaint';

interface LivePerf {
  openStart: number | null;
  /** Page mount → first rows painted, ms. */
  listOpen: number[];
  /** performance.now() when those rows were painted (the bench subtracts its click time). */
  listShownAt: number[];
  updates: number[];
}

declare global {
  interface Window {
    __LIVE_PERF__?: boolean;
    __livePerf?: LivePerf;
  }
}

function enabled(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    return window.__LIVE_PERF__ === true || localStorage.getItem('chatdesk.livePerf') === '1';
  } catch {
    return window.__LIVE_PERF__ === true;
  }
}

export const perfOn = enabled();

function store(): LivePerf {
  window.__livePerf ??= { openStart: null, listOpen: [], listShownAt: [], updates: [] };
  return window.__livePerf;
}

export function markOpenStart() {
  if (perfOn) store().openStart = performance.now();
}

/** The list has rows on screen for the first time since the page mounted. */
export function markListShown() {
  if (!perfOn) return;
  const s = store();
  const start = s.openStart;
  if (start === null) return;
  s.openStart = null;
  void afterNextPaint().then(() => {
    const now = performance.now();
    s.listOpen.push(now - start);
    s.listShownAt.push(now);
  });
}

/** A live event arrived; measured until its change is painted. */
export function markUpdate() {
  if (!perfOn) return;
  const start = performance.now();
  void afterNextPaint().then(() => store().updates.push(performance.now() - start));
}
