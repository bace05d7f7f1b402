import { pathToFileURL } from 'node:url';

/** One printed figure of `npm run bench`. */
export interface BenchRow {
  figure: string;
  value: number | string;
  unit?: string;
  /** The goal as the issue states it, e.g. '< 20 ms'. */
  goal: string;
  /** null when the figure has no goal or was not measured. */
  met: boolean | null;
  database?: 'pglite' | 'postgres' | string;
  processes?: number;
}

/** The p-th percentile (0–100) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/**
 * A bench module run by itself (`npx tsx bench/chat.ts`): runs it and prints its table. Under
 * `npm run bench` the module is imported instead, and this does nothing.
 */
export function runWhenMain(moduleUrl: string, run: () => Promise<BenchRow[]>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  run().then(
    async (rows) => {
      const { formatTable } = await import('./run');
      process.stdout.write(`\n${formatTable(rows)}\n`);
      process.exit(0);
    },
    (err: Error) => {
      process.stderr.write(`${err.stack}\n`);
      process.exit(1);
    },
  );
}
