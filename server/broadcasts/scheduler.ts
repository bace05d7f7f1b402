// Each server process looks for due broadcasts every second (and at once when one is sent now).
// The timer only wakes the process; which process sends a broadcast, and that it is sent once,
// is decided in the database (send.ts). Closing the server stops between batches and hands the
// rest back through the lease.
import { hostname } from 'node:os';
import { newId } from '../accounts/ids';
import type { AppContext } from '../context';
import { claimDue, expireOverdue, type Runner, runBroadcast } from './send';

export const POLL_MS = 1_000;

export interface BroadcastScheduler {
  /** Looks for due broadcasts now. */
  kick(): void;
  stop(): Promise<void>;
}

const schedulers = new WeakMap<AppContext, BroadcastScheduler>();

export function schedulerOf(ctx: AppContext): BroadcastScheduler | undefined {
  return schedulers.get(ctx);
}

export function startBroadcastScheduler(ctx: AppContext, pollMs = POLL_MS): BroadcastScheduler {
  const runner: Runner = { owner: `${hostname()}:${process.pid}:${newId(8)}`, stopping: false };
  let running: Promise<void> | null = null;
  let again = false;

  const tick = async () => {
    await expireOverdue(ctx);
    for (;;) {
      if (runner.stopping) return;
      const row = await claimDue(ctx, runner.owner);
      if (!row) return;
      await runBroadcast(ctx, runner, row);
    }
  };
  const kick = () => {
    if (runner.stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = tick()
      .catch((err) => ctx.log.error({ err }, 'broadcast scheduler failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  };
  const timer = setInterval(kick, pollMs);
  timer.unref();
  const scheduler: BroadcastScheduler = {
    kick,
    async stop() {
      runner.stopping = true;
      clearInterval(timer);
      await running;
    },
  };
  schedulers.set(ctx, scheduler);
  return scheduler;
}
