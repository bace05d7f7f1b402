// Spec 9's loading bar: shown for work that lasts longer than THROTTLE_MS (a page's code loading
// on a route change, an API call the user waits for), creeping towards the end over DURATION_MS,
// then finishing and fading. Several overlapping loads share one bar.
import { computed, signal } from '@preact/signals-react';

export const DURATION_MS = 5000;
export const THROTTLE_MS = 200;
const TICK_MS = 100;
const DONE_MS = 300;

/** 0–100 while visible; null when hidden. */
export const loadingProgress = signal<number | null>(null);
export const loadingVisible = computed(() => loadingProgress.value !== null);

let pending = 0;
let showTimer: ReturnType<typeof setTimeout> | null = null;
let tickTimer: ReturnType<typeof setInterval> | null = null;
let hideTimer: ReturnType<typeof setTimeout> | null = null;

function clearTimers() {
  if (showTimer) clearTimeout(showTimer);
  if (tickTimer) clearInterval(tickTimer);
  if (hideTimer) clearTimeout(hideTimer);
  showTimer = tickTimer = hideTimer = null;
}

/** Marks the start of a load; returns the function that marks its end (call it once). */
export function startLoading(): () => void {
  pending += 1;
  if (pending === 1) {
    clearTimers();
    showTimer = setTimeout(() => {
      showTimer = null;
      const started = Date.now();
      loadingProgress.value = 0;
      // Eases towards 100 over DURATION_MS without reaching it before the work is done.
      tickTimer = setInterval(() => {
        const share = Math.min(1, (Date.now() - started) / DURATION_MS);
        loadingProgress.value = Math.min(95, Math.round(100 * (1 - (1 - share) ** 2)));
      }, TICK_MS);
    }, THROTTLE_MS);
  }
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending = Math.max(0, pending - 1);
    if (pending > 0) return;
    const shown = loadingProgress.value !== null;
    clearTimers();
    if (!shown) return;
    loadingProgress.value = 100;
    hideTimer = setTimeout(() => {
      hideTimer = null;
      loadingProgress.value = null;
    }, DONE_MS);
  };
}

/** Runs `work` with the bar showing while it lasts (past the throttle). */
export async function withLoading<T>(work: () => Promise<T>): Promise<T> {
  const done = startLoading();
  try {
    return await work();
  } finally {
    done();
  }
}
