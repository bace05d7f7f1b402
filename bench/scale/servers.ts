// Server processes for the scale bench and the scale tests: the built product (`node
// dist/server/main.js`) as a child with its own PORT, on a throwaway PostgreSQL database (or PGlite
// in a folder) and Redis, with the probe (probe.ts) loaded for event-loop delay and a CPU profile.
// Also what /proc says about a process: CPU time and resident memory.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { createTestDatabase, postgresAvailable } from '../../tests/helpers/postgres';
import { redisAvailable } from '../../tests/helpers/redis';
import type { ProbeWindow } from './probe';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, '../..');
export const REDIS_URL =
  process.env.TEST_REDIS_URL ?? process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const ADMIN = { email: 'bench-owner@example.com', password: 'Bench$ecret123' };
/** glibc's malloc arenas the servers run with: two, as `npm start` and the README run the server. */
export const MALLOC_ARENAS = process.env.MALLOC_ARENA_MAX ?? '2';

/** The built product; built once into dist/ (or BUILD_OUT) when it is not there yet. */
export function builtDist(): string {
  const dist = process.env.BUILD_OUT ? path.resolve(process.env.BUILD_OUT) : path.join(ROOT, 'dist');
  if (!fs.existsSync(path.join(dist, 'server/main.js'))) {
    process.stdout.write(`  building the product into ${dist}…\n`);
    execFileSync(process.execPath, [...process.execArgv, path.join(ROOT, 'build.ts')], {
      cwd: ROOT,
      env: { ...process.env, BUILD_OUT: dist },
      stdio: 'inherit',
    });
  }
  return dist;
}

/**
 * probe.ts as plain JavaScript, so the server child needs no TypeScript loader (which costs memory).
 * Kept in the temp folder under a name from its content: one file per version of the probe.
 */
function compiledProbe(): string {
  const { code } = esbuild.transformSync(fs.readFileSync(path.join(here, 'probe.ts'), 'utf8'), {
    loader: 'ts',
    format: 'esm',
    target: 'node20',
  });
  const file = path.join(
    os.tmpdir(),
    `chatdesk-scale-probe-${createHash('sha1').update(code).digest('hex').slice(0, 12)}.mjs`,
  );
  if (!fs.existsSync(file)) {
    const part = `${file}.${process.pid}`;
    fs.writeFileSync(part, code);
    fs.renameSync(part, file);
  }
  return file;
}

export interface ProcStats {
  /** CPU time (user + system, all threads), ms. */
  cpuMs: number;
  rssMb: number;
  /** Peak resident memory, MB. */
  hwmMb: number;
}

const TICK_MS = 1000 / 100;

export function procStats(pid: number): ProcStats | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpuMs = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { cpuMs, rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** CPU time (ms) of every process whose command is `name` (PostgreSQL backends, redis-server). */
export function cpuOfCommand(name: string): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm !== name) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** Busy and total CPU time of the whole machine (all cores), ms. */
export function machineCpu(): { busyMs: number; totalMs: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0];
  const n = line.split(/\s+/).slice(1).map(Number);
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = n[3] + n[4];
  return { busyMs: (total - idle) * TICK_MS, totalMs: total * TICK_MS };
}

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  stats(): ProcStats | null;
  /** Starts a measured window (event-loop delay and CPU profile). */
  startWindow(): Promise<void>;
  endWindow(): Promise<ProbeWindow>;
  /** process.memoryUsage() of the server, MB; with `gc`, also the live heap after a full collection. */
  memory(
    gc?: boolean,
  ): Promise<{ rss: number; heapUsed: number; heapTotal: number; external: number; live: number }>;
  /** SIGKILL: the process vanishes mid-work, as in a crash. */
  kill(): void;
  stop(): Promise<void>;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

export interface ServerOptions {
  dist: string;
  databaseUrl?: string;
  dataDir?: string;
  redisUrl?: string;
  env?: Record<string, string>;
  label?: string;
}

export async function startServerProcess(options: ServerOptions): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'scale-server-'));
  const child = spawn(
    process.execPath,
    ['--import', pathToFileURL(compiledProbe()).href, path.join(options.dist, 'server/main.js')],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        PORT: '0',
        DATA_DIR: dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        MALLOC_ARENA_MAX: MALLOC_ARENAS,
        ...(process.env.BENCH_SCALE_PROFILE_DIR
          ? { BENCH_SCALE_PROFILE_DIR: path.resolve(process.env.BENCH_SCALE_PROFILE_DIR) }
          : {}),
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
        ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  const label = options.label ?? `server ${child.pid}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
    if (process.env.BENCH_SCALE_VERBOSE) process.stderr.write(`[${label}] ${chunk}`);
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${label} did not start in 60 s: ${errors}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Console:\s+http:\/\/[^:]+:(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited with ${code} before listening: ${errors}`));
    });
  });
  let nextId = 1;
  const ask = <T>(probe: string, extra: object = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      const onMessage = (m: { probeAnswer?: number; answer?: T; error?: string }) => {
        if (m.probeAnswer !== id) return;
        child.off('message', onMessage);
        if (m.error) reject(new Error(m.error));
        else resolve(m.answer as T);
      };
      child.on('message', onMessage);
      child.send({ probe, id, ...extra });
    });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid as number,
    child,
    exited,
    stats: () => procStats(child.pid as number),
    startWindow: () => ask<void>('start'),
    endWindow: () => ask<ProbeWindow>('stop'),
    memory: (gc = false) => ask('memory', { gc }),
    kill() {
      child.kill('SIGKILL');
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(late);
      }
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The tests' checks and databases (tests/helpers), under the names the scale bench uses. */
export const postgresReachable = postgresAvailable;
export const redisReachable = (url = REDIS_URL) => redisAvailable(url);

/** A throwaway PostgreSQL database, dropped by `drop`. */
export const throwawayDatabase = (prefix = 'scale') => createTestDatabase(prefix);

/** Signs in as the bench's owner: the token, the account and its widget. */
export async function signIn(url: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as {
    token: string;
    user: { _id: string; accounts: { _id: string; channels: { _id: string; type: string }[] }[] };
  };
  const account = body.user.accounts[0];
  return {
    token: body.token,
    userId: body.user._id,
    accountId: account._id,
    widgetId: account.channels.find((c) => c.type === 'widget')?._id ?? '',
  };
}
