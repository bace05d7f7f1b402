// Spec 9: one clock for the inbox, ticking once a second while something shows it (countdowns).
import { signal } from '@preact/signals-react';
import { useEffect } from 'react';

export const CLOCK_TICK_MS = 1000;
export const clock = signal(Date.now());

let users = 0;
let timer: ReturnType<typeof setInterval> | null = null;

/**
 * Subscribes the calling component to the clock; read clock.value under useSignals(). One that is
 * not `active` (on a screen kept hidden) does not keep the clock going.
 */
export function useClock(active = true) {
  useEffect(() => {
    if (!active) return;
    users += 1;
    if (!timer) {
      clock.value = Date.now();
      timer = setInterval(() => {
        clock.value = Date.now();
      }, CLOCK_TICK_MS);
    }
    return () => {
      users -= 1;
      if (users === 0 && timer) {
        clearInterval(timer);
        timer = null;
      }
    };
  }, [active]);
}
