// The machinery of the scale bench (bench/scale.ts): a cluster of server processes on one
// throwaway database with load-generator processes beside them, the steps they are driven through,
// CPU use over a window from /proc, and the sums of what the generators report.
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { AGENTS, fmt, GENERATORS, MAX_IN_FLIGHT, say, VISITORS } from './config';
import { Latencies } from './latency';
import type { GeneratorSetup, LoadStep, StepReport } from './loadGenerator';
import type { ProbeWindow } from './probe';
import {
  builtDist,
  cpuOfCommand,
  machineCpu,
  procStats,
  REDIS_URL,
  type ServerProcess,
  signIn,
  startServerProcess,
  throwawayDatabase,
} from './servers';

const here = path.dirname(fileURLToPath(import.meta.url));

// ---------- load-generator processes ----------

interface Generator {
  child: ChildProcess;
  ask<T = unknown>(cmd: string, extra?: object): Promise<T>;
}

function forkGenerator(): Generator {
  const child = fork(path.join(here, 'loadGenerator.ts'), ['--scale-generator'], {
    execArgv: process.execArgv,
    stdio: 'inherit',
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  child.on('message', (m: { id: number; answer?: unknown; error?: string }) => {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.error) w.reject(new Error(m.error));
    else w.resolve(m.answer);
  });
  child.once('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`load generator exited with ${code}`));
    waiting.clear();
  });
  return {
    child,
    ask: <T>(cmd: string, extra: object = {}) =>
      new Promise<T>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
        child.send({ id, cmd, ...extra });
      }),
  };
}

// ---------- CPU over a window ----------

interface Sample {
  at: number;
  servers: number[];
  generators: number;
  postgres: number;
  redis: number;
  machine: { busyMs: number; totalMs: number };
}

function sample(servers: ServerProcess[], generators: Generator[]): Sample {
  return {
    at: performance.now(),
    servers: servers.map((s) => s.stats()?.cpuMs ?? 0),
    generators: generators.reduce((n, g) => n + (procStats(g.child.pid as number)?.cpuMs ?? 0), 0),
    postgres: cpuOfCommand('postgres'),
    redis: cpuOfCommand('redis-server'),
    machine: machineCpu(),
  };
}

/** Percent of one core over the window (the machine: percent of all its cores). */
function usage(a: Sample, b: Sample) {
  const wall = b.at - a.at;
  const pct = (ms: number) => (ms / wall) * 100;
  return {
    servers: b.servers.map((ms, i) => pct(ms - a.servers[i])),
    generators: pct(b.generators - a.generators),
    postgres: pct(b.postgres - a.postgres),
    redis: pct(b.redis - a.redis),
    machine:
      ((b.machine.busyMs - a.machine.busyMs) / Math.max(1, b.machine.totalMs - a.machine.totalMs)) * 100,
  };
}

type Usage = ReturnType<typeof usage>;

/**
 * When a step reached less than its rate (messages answered, sockets connected): whether the
 * machine could carry that rate at all. Each part's CPU per unit (server, PostgreSQL, Redis, load
 * generators) times the rate; past the machine's cores, no change to the server alone reaches it
 * on this machine. Null when it would fit.
 */
export function capacityBound(
  use: Usage,
  rate: number,
  reached: number,
  unit: { rate: string; one: string } = { rate: 'msg/s', one: 'answered message' },
): string | null {
  if (reached <= 0 || reached >= rate * 0.95) return null;
  const cores = os.cpus().length;
  const server = use.servers.reduce((a, b) => a + b, 0);
  const parts = { server, PostgreSQL: use.postgres, Redis: use.redis, 'load generators': use.generators };
  const needed = Object.values(parts).reduce((a, b) => a + b, 0) * (rate / reached);
  if (needed < cores * 100) return null;
  // Percent of a core at `reached` a second → CPU ms per unit.
  const perUnit = (pctOfCore: number) => (pctOfCore * 10) / reached;
  const each = Object.entries(parts)
    .map(([name, pctOfCore]) => `${name} ${fmt(perUnit(pctOfCore), 2)}`)
    .join(', ');
  return `machine CPU: at ${fmt(rate)} ${unit.rate} the parts would need ${fmt(needed / 100, 1)} cores at the CPU each spent per ${unit.one} here (ms: ${each}); the machine has ${cores}, ${fmt(use.machine)}% busy`;
}

/** What holds a figure back, in a few words, from the server's profile and the machine's CPU. */
export function boundOf(use: Usage, windows: ProbeWindow[]): string {
  const busiest = windows.reduce((a, b) => ((a.shares.idle ?? 0) <= (b.shares.idle ?? 0) ? a : b));
  const mainBusy = 100 * (1 - (busiest.shares.idle ?? 0));
  const delay = Math.max(...windows.map((w) => w.loopDelay.p99));
  const pct = (n: number) => `${fmt(n)}%`;
  // The profiler samples wall time: a main thread that waits for a CPU counts as busy. When it
  // got clearly less CPU than it was busy, the machine (not the server's own work) held it back.
  const cpu = Math.max(...use.servers);
  const starved = use.machine >= 90 && cpu < mainBusy * 0.85;
  if (mainBusy >= 85 && !starved)
    return `server CPU: main thread ${pct(mainBusy)} busy, event-loop delay p99 ${fmt(delay, 1)} ms`;
  if (use.machine >= 90)
    return `machine CPU: ${os.cpus().length} cores ${pct(use.machine)} busy, load average ${os.loadavg()[0].toFixed(1)}; the server got ${pct(cpu)} of a core while its main thread was ${pct(mainBusy)} busy (PostgreSQL ${pct(use.postgres)}, load generators ${pct(use.generators)})`;
  if (delay >= 20) return `event loop: delay p99 ${fmt(delay, 1)} ms`;
  // Short stalls the p99 of the whole window hides: the marking steps and pause of a full
  // collection of a heap holding every socket (seen as bursts of slow sends every few seconds).
  const worst = windows.reduce((a, b) => (a.loopDelay.max >= b.loopDelay.max ? a : b));
  if (mainBusy < 70 && worst.loopDelay.max >= 25 && worst.gc?.major)
    return `event-loop stalls up to ${fmt(worst.loopDelay.max)} ms around full garbage collections (${worst.gc.major} in ${fmt(worst.gc.seconds, 1)} s, pauses up to ${fmt(worst.gc.majorMaxMs)} ms; server main thread ${pct(100 - mainBusy)} idle)`;
  return `database and Redis round trips (server main thread ${pct(100 - mainBusy)} idle)`;
}

// ---------- one cluster ----------

export interface StepResult {
  step: LoadStep;
  reports: StepReport[];
  use: Usage;
  windows: ProbeWindow[];
  seconds: number;
}

export interface Cluster {
  kind: 'postgres' | 'pglite';
  servers: ServerProcess[];
  generators: Generator[];
  databaseUrl: string | null;
  widgetId: string;
  accountId: string;
  runId: string;
  close(): Promise<void>;
}

export async function startCluster(kind: 'postgres' | 'pglite', processes: number): Promise<Cluster> {
  const dist = builtDist();
  const db = kind === 'postgres' ? await throwawayDatabase('scale_bench') : null;
  const redisUrl = kind === 'postgres' ? REDIS_URL : undefined;
  const servers: ServerProcess[] = [];
  const generators: Generator[] = [];
  const close = async () => {
    await Promise.all(generators.map((g) => g.ask('close').catch(() => g.child.kill())));
    await Promise.all(servers.map((s) => s.stop()));
    await db?.drop();
  };
  try {
    // The first starts alone (it migrates and seeds); the others join it.
    servers.push(await startServerProcess({ dist, databaseUrl: db?.url, redisUrl, label: 'server 1' }));
    servers.push(
      ...(await Promise.all(
        Array.from({ length: processes - 1 }, (_, i) =>
          startServerProcess({ dist, databaseUrl: db?.url, redisUrl, label: `server ${i + 2}` }),
        ),
      )),
    );
    const owner = await signIn(servers[0].url);
    // One after the other: parallel sign-ins of one login reserve places in the sign-in throttle.
    const agents: GeneratorSetup['agents'] = [];
    for (let index = 0; index < AGENTS; index++)
      agents.push({ index, home: index % processes, token: (await signIn(servers[0].url)).token });
    const urls = servers.map((s) => s.url);
    for (let g = 0; g < GENERATORS; g++) {
      const generator = forkGenerator();
      generators.push(generator);
      const setup: GeneratorSetup = {
        widgetId: owner.widgetId,
        accountId: owner.accountId,
        urls,
        visitors: Array.from({ length: VISITORS }, (_, index) => ({ index, home: index % processes })).filter(
          (v) => v.index % GENERATORS === g,
        ),
        agents: agents.filter((a) => a.index % GENERATORS === g),
        agentCount: AGENTS,
        // Each generator its own source address: the loopback's ephemeral ports go further.
        localAddress: `127.0.0.${10 + g}`,
      };
      await generator.ask('setup', { setup });
    }
    return {
      kind,
      servers,
      generators,
      databaseUrl: db?.url ?? null,
      widgetId: owner.widgetId,
      accountId: owner.accountId,
      runId: Date.now().toString(36),
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

export const all = <T>(c: Cluster, cmd: string, extra?: object) =>
  Promise.all(c.generators.map((g) => g.ask<T>(cmd, extra)));

export async function connectAll(c: Cluster) {
  const verify = await all<{ ms: number; failures: number; firstFailure: string | null }>(c, 'verify');
  const verifyFailures = verify.reduce((n, v) => n + v.failures, 0);
  if (verifyFailures > 0)
    throw new Error(
      `${verifyFailures} visitor sessions failed: ${verify.find((v) => v.firstFailure)?.firstFailure}`,
    );
  say(`${fmt(VISITORS)} visitor sessions made in ${fmt(Math.max(...verify.map((v) => v.ms)) / 1000, 1)} s`);
  await new Promise((r) => setTimeout(r, 2000));
  const before = c.servers.map((s) => s.stats()?.rssMb ?? 0);
  const heapBefore = await Promise.all(c.servers.map((s) => s.memory()));
  await Promise.all(c.servers.map((s) => s.startWindow()));
  const a = sample(c.servers, c.generators);
  const connect = await all<{
    startedAt: number;
    endedAt: number;
    connected: number;
    failures: number;
    firstFailure: string | null;
  }>(c, 'connect');
  const use = usage(a, sample(c.servers, c.generators));
  const windows = await Promise.all(c.servers.map((s) => s.endWindow()));
  const connected = connect.reduce((n, r) => n + r.connected, 0);
  const seconds =
    (Math.max(...connect.map((r) => r.endedAt)) - Math.min(...connect.map((r) => r.startedAt))) / 1000;
  const failures = connect.reduce((n, r) => n + r.failures, 0);
  say(
    `${fmt(connected)} widget sockets connected in ${fmt(seconds, 2)} s (${fmt(connected / seconds)}/s)${failures ? `, ${failures} failed: ${connect.find((r) => r.firstFailure)?.firstFailure}` : ''}`,
  );
  printProfile('connecting', { use, windows });
  await new Promise((r) => setTimeout(r, 3000));
  const idleFrom = sample(c.servers, c.generators);
  await new Promise((r) => setTimeout(r, 5000));
  const idle = usage(idleFrom, sample(c.servers, c.generators));
  const after = c.servers.map((s) => s.stats()?.rssMb ?? 0);
  const heapAfter = await Promise.all(c.servers.map((s) => s.memory(true)));
  for (const [i, b] of heapBefore.entries()) {
    const h = heapAfter[i];
    say(
      `server ${i + 1} memory (MB): before the sockets rss ${b.rss}, heap ${b.heapUsed} used of ${b.heapTotal}, external ${b.external}; with them rss ${h.rss}, heap ${h.heapUsed} used (${h.live} live) of ${h.heapTotal}, external ${h.external}`,
    );
  }
  return { connected, seconds, failures, before, after, idle, use, bound: boundOf(use, windows) };
}

export async function runStep(c: Cluster, step: LoadStep, drainMs = 1500): Promise<StepResult> {
  await Promise.all(c.servers.map((s) => s.startWindow()));
  const a = sample(c.servers, c.generators);
  const started = performance.now();
  const share = (n: number) => n / c.generators.length;
  await all(c, 'load', {
    step: { ...step, rate: share(step.rate), maxInFlight: Math.max(1, Math.round(share(MAX_IN_FLIGHT))) },
  });
  await all(c, 'settle');
  const seconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, drainMs));
  const b = sample(c.servers, c.generators);
  const windows = await Promise.all(c.servers.map((s) => s.endWindow()));
  const reports = await all<StepReport>(c, 'report');
  return { step, reports, use: usage(a, b), windows, seconds };
}

/** Keys of acknowledged sends whose stored rows exist, and stored duplicates, from the database. */
export async function storedCheck(c: Cluster, tag: string, keys: number[]) {
  if (!c.databaseUrl) return { stored: null as Set<number> | null, duplicates: 0 };
  const client = new pg.Client({ connectionString: c.databaseUrl });
  await client.connect();
  try {
    const dup = await client.query<{ n: string }>(
      `select count(*) as n from (select temp_id from messages where temp_id like $1 group by temp_id having count(*) > 1) d`,
      [`${tag}-%`],
    );
    const ids = keys.map((k) => `${tag}-m-${Math.floor(k / 1_000_000)}-${k % 1_000_000}`);
    const found = await client.query<{ temp_id: string }>(
      'select temp_id from messages where temp_id = any($1)',
      [ids],
    );
    const stored = new Set(
      found.rows.map((r) => {
        const [, , v, seq] = r.temp_id.split('-').slice(-4);
        return Number(v) * 1_000_000 + Number(seq);
      }),
    );
    return { stored, duplicates: Number(dup.rows[0].n) };
  } finally {
    await client.end();
  }
}

export function merged(reports: StepReport[]) {
  const lat = (pick: (r: StepReport) => ReturnType<Latencies['toJSON']>) => {
    const l = new Latencies();
    for (const r of reports) l.merge(pick(r));
    return l;
  };
  const union = (pick: (r: StepReport) => number[]) => new Set(reports.flatMap(pick));
  return {
    sent: reports.reduce((n, r) => n + r.sent, 0),
    skipped: reports.reduce((n, r) => n + r.skipped, 0),
    acked: union((r) => r.acked),
    failed: reports.reduce((n, r) => n + r.failed, 0),
    heard: union((r) => r.heard),
    repliesAcked: union((r) => r.repliesAcked),
    repliesSeen: union((r) => r.repliesSeen),
    repliesFailed: reports.reduce((n, r) => n + r.repliesFailed, 0),
    repliesCaughtUp: reports.reduce((n, r) => n + r.repliesCaughtUp, 0),
    duplicates: reports.reduce((n, r) => n + r.agentDuplicates + r.visitorDuplicates, 0),
    repeats: reports.reduce((n, r) => n + r.agentRepeats, 0),
    retries: reports.reduce((n, r) => n + r.retries, 0),
    rateLimited: reports.reduce((n, r) => n + r.rateLimited, 0),
    toAgent: lat((r) => r.toAgent),
    toVisitor: lat((r) => r.toVisitor),
    sendAnswer: lat((r) => r.sendAnswer),
    failovers: lat((r) => r.failovers),
    /** The worst load generator's own event-loop delay (its clients' clocks run this late). */
    generatorDelay: {
      p99: Math.max(0, ...reports.map((r) => r.loopDelay?.p99 ?? 0)),
      max: Math.max(0, ...reports.map((r) => r.loopDelay?.max ?? 0)),
    },
  };
}

export const missing = (want: Set<number>, have: Set<number>) => [...want].filter((k) => !have.has(k));

/**
 * Waits (up to `waitMs`) for what was acknowledged but not yet heard: a message late under
 * overload is late, not lost. Customer messages count as lost only when no agent heard them and
 * they are not stored either; agents' replies when no visitor ever saw them (live or by catch-up).
 */
export async function untilDelivered(c: Cluster, tag: string, first: StepReport[], waitMs: number) {
  let m = merged(first);
  const started = performance.now();
  for (;;) {
    const notLive = missing(m.acked, m.heard);
    const stored = await storedCheck(c, tag, notLive);
    const lostCustomer = notLive.filter((k) => !stored.stored?.has(k)).length;
    const lostReplies = missing(m.repliesAcked, m.repliesSeen).length;
    const waitedMs = performance.now() - started;
    if (lostCustomer + lostReplies === 0 || waitedMs >= waitMs)
      return { m, notLive, stored, lostCustomer, lostReplies, waitedMs };
    await new Promise((r) => setTimeout(r, 2000));
    m = merged(await all<StepReport>(c, 'report'));
  }
}

export function printProfile(label: string, result: Pick<StepResult, 'use' | 'windows'>) {
  say(
    `${label}: CPU servers ${result.use.servers.map((p) => `${fmt(p)}%`).join(' + ')} of a core, PostgreSQL ${fmt(result.use.postgres)}%, Redis ${fmt(result.use.redis)}%, load generators ${fmt(result.use.generators)}%, machine ${fmt(result.use.machine)}% (load average ${os.loadavg()[0].toFixed(1)})`,
  );
  result.windows.forEach((w, i) => {
    const shares = Object.entries(w.shares)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, v]) => `${k} ${fmt(v * 100)}%`)
      .join(', ');
    say(
      `  server ${i + 1}: event-loop delay p50 ${w.loopDelay.p50} ms, p99 ${w.loopDelay.p99} ms, max ${w.loopDelay.max} ms; main thread: ${shares}`,
    );
    say(`    top functions: ${w.top.slice(0, 6).join('; ')}`);
    if (w.gc)
      say(
        `    garbage collection: ${w.gc.major} full (pauses ${fmt(w.gc.majorMs)} ms in all, longest ${fmt(w.gc.majorMaxMs)} ms${w.gc.major > 0 ? `, one every ${fmt(w.gc.seconds / w.gc.major, 1)} s` : ''}), ${w.gc.minor} young (${fmt(w.gc.minorMs)} ms) in ${fmt(w.gc.seconds, 1)} s`,
      );
  });
}
