// The scale bench's sizes, read once from the environment (each is documented at the top of
// bench/scale.ts), and how the bench prints as it goes.
const int = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
};
const list = (name: string, fallback: number[]) =>
  process.env[name]
    ? process.env[name]
        .split(',')
        .map(Number)
        .filter((n) => n > 0)
    : fallback;

export const VISITORS = int('BENCH_SCALE_VISITORS', 10_000);
export const AGENTS = Math.max(1, int('BENCH_SCALE_AGENTS', 10));
export const RATES = list('BENCH_SCALE_RATES', [1000, 5000]);
export const SECONDS = Math.max(1, int('BENCH_SCALE_SECONDS', 20));
export const REPLY_EVERY = int('BENCH_SCALE_REPLY_EVERY', 10);
export const PROCESSES = list('BENCH_SCALE_PROCESSES', [1, 2]);
export const FAULT = process.env.BENCH_SCALE_FAULT !== '0';
export const FAULT_RATE = Math.max(1, int('BENCH_SCALE_FAULT_RATE', 1000));
export const FAULT_SECONDS = Math.max(3, int('BENCH_SCALE_FAULT_SECONDS', 15));
export const GENERATORS = Math.max(1, int('BENCH_SCALE_GENERATORS', Math.max(2, Math.ceil(VISITORS / 2500))));
export const MAX_IN_FLIGHT = Math.max(1, int('BENCH_SCALE_MAX_IN_FLIGHT', 400));

export const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en', { maximumFractionDigits: digits }) : '—';
export const say = (text: string) => process.stdout.write(`  ${text}\n`);
