// The server's background loops (chat lifecycle, delivery retries, channel events, media expiry,
// database upkeep): a task on a timer, one run at a time, failures logged, stopped on close.
import type { FastifyBaseLogger } from 'fastify';

export interface EveryOptions {
  /** What the error log says failed ("delivery sweep"). */
  what: string;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** When the first run comes; one period after the start unless given. */
  firstAfterMs?: number;
}

/**
 * Runs `task` every `everyMs`. A turn that comes while the last run is still under way is skipped,
 * so a slow run never piles up others behind it. A failure is logged and the next turn comes as
 * usual. The timers do not keep the process alive. Returns a stop: no run starts after it, and its
 * promise settles once a run under way has ended (so a database can then be closed under none).
 */
export function every(
  everyMs: number,
  task: () => Promise<unknown>,
  { what, log, firstAfterMs }: EveryOptions,
): () => Promise<void> {
  let current: Promise<void> | null = null;
  let stopped = false;
  const turn = () => {
    if (stopped || current) return;
    current = Promise.resolve()
      .then(task)
      .then(
        () => {},
        (err: unknown) => log.error({ err }, `${what} failed`),
      )
      .finally(() => {
        current = null;
      });
  };
  const timer = setInterval(turn, everyMs);
  timer.unref();
  const first = firstAfterMs === undefined ? null : setTimeout(turn, firstAfterMs);
  first?.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
    if (first) clearTimeout(first);
    return current ?? Promise.resolve();
  };
}
