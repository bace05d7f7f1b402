// Scale-out figures of issue 13: widget visitors and agents, played by load-generator processes
// (bench/scale/loadGenerator.ts) on loopback, against 1 and then 2 server processes (`node
// dist/server/main.js`, each a child with its own PORT) on a throwaway PostgreSQL database and Redis;
// clients are dealt round robin to the processes, standing in for a load balancer. Measured: how
// fast 10,000 widget sockets connect and what they cost in memory and CPU, delivery latency both
// ways at steady message rates (with the database writes of every message), and a fault run that
// SIGKILLs one of two processes under load and counts what was lost or duplicated. Where a goal is
// missed, the row names what bounds it, from a CPU profile and the event-loop delay of the server
// (bench/scale/probe.ts) and the CPU use of the machine; the top functions are printed above the table.
//
// Run alone with `npx tsx bench/scale.ts` or through `npm run bench`. Sizes (environment):
//   BENCH_SCALE_VISITORS      widget visitors (default 10000)
//   BENCH_SCALE_AGENTS        agent consoles (default 10)
//   BENCH_SCALE_RATES         customer messages a second, one load step each (default 1000,5000;
//                             0: none, the connection figures only)
//   BENCH_SCALE_SECONDS       length of each load step (default 20)
//   BENCH_SCALE_REPLY_EVERY   an agent answers every n-th customer message (default 10)
//   BENCH_SCALE_PROCESSES     server process counts to measure (default 1,2)
//   BENCH_SCALE_FAULT         0 skips the fault run (default 1)
//   BENCH_SCALE_FAULT_RATE    messages a second during the fault run (default 1000)
//   BENCH_SCALE_FAULT_SECONDS length of the fault run; the kill comes at a third of it (default 15)
//   BENCH_SCALE_GENERATORS    load-generator processes (default one per 2,500 visitors, at least 2)
//   BENCH_SCALE_MAX_IN_FLIGHT sends awaiting their answer at most, over all generators (default 400);
//                             past it a send that falls due is skipped and the answered rate drops
//   BENCH_SCALE_VERBOSE       1 prints the servers' warnings
//   BENCH_SCALE_PROFILE_DIR   a folder: each measured window's whole CPU profile of each server is
//                             written there (.cpuprofile, for Chrome DevTools)
// PostgreSQL: TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test); Redis:
// TEST_REDIS_URL (default redis://127.0.0.1:6379). Without them the figures say "not measured".
import os from 'node:os';
import { type BenchRow, runWhenMain } from './row';
import {
  all,
  boundOf,
  type Cluster,
  capacityBound,
  connectAll,
  merged,
  printProfile,
  runStep,
  startCluster,
  untilDelivered,
} from './scale/cluster';
import {
  AGENTS,
  FAULT,
  FAULT_RATE,
  FAULT_SECONDS,
  fmt,
  GENERATORS,
  MAX_IN_FLIGHT,
  PROCESSES,
  RATES,
  REPLY_EVERY,
  SECONDS,
  say,
  VISITORS,
} from './scale/config';
import type { StepReport } from './scale/loadGenerator';
import { MALLOC_ARENAS, postgresReachable, redisReachable } from './scale/servers';

/** The issue's goals. */
const GOAL = {
  connections: 10_000,
  rssMb: 300,
  connectPerSecond: 1500,
  p99: (rate: number) => (rate <= 1000 ? 25 : 60),
};

/** After a load step, how long messages acknowledged but not yet heard are waited for. */
const STRAGGLER_WAIT_MS = 30_000;
/** After the fault run, how long clients still reconnecting to the survivor are waited for. */
const RECONNECT_WAIT_MS = 60_000;

/** Polls the generators until every visitor and agent is connected again, or `waitMs` passed. */
async function untilReconnected(c: Cluster, waitMs: number) {
  const started = performance.now();
  for (;;) {
    const counts = await all<{ visitors: number; agents: number }>(c, 'count');
    const visitors = counts.reduce((n, x) => n + x.visitors, 0);
    const agents = counts.reduce((n, x) => n + x.agents, 0);
    const waitedMs = performance.now() - started;
    if ((visitors === VISITORS && agents === AGENTS) || waitedMs >= waitMs)
      return { visitors, agents, waitedMs };
    await new Promise((r) => setTimeout(r, 1000));
  }
}

// ---------- the measurements ----------

interface Measured {
  rows: BenchRow[];
  /** customer → agent p99 per rate, for bench/chat.ts. */
  delivery: Map<number, BenchRow>;
}

async function measure(
  kind: 'postgres' | 'pglite',
  processes: number,
  rates: number[],
  fault: boolean,
): Promise<Measured> {
  say(
    `${kind}, ${processes} server process${processes > 1 ? 'es' : ''}: ${fmt(VISITORS)} visitors, ${AGENTS} agents, ${GENERATORS} load generators (load average ${os.loadavg()[0].toFixed(1)})`,
  );
  const c = await startCluster(kind, processes);
  const rows: BenchRow[] = [];
  const delivery = new Map<number, BenchRow>();
  const base = { database: kind, processes };
  try {
    const conn = await connectAll(c);
    const perThousand = conn.connected / 1000;
    const rss = Math.max(...conn.after);
    const connectRate = conn.connected / conn.seconds;
    const connectBound =
      capacityBound(conn.use, GOAL.connectPerSecond, connectRate, {
        rate: 'connections/s',
        one: 'connection',
      }) ?? conn.bound;
    const scaleNote = VISITORS === GOAL.connections ? '' : ` (${fmt(VISITORS)} run)`;
    rows.push(
      {
        figure: `widget sockets connected${scaleNote}`,
        value: conn.connected,
        unit: `of ${fmt(VISITORS)}`,
        goal: `${fmt(GOAL.connections)}`,
        met: conn.connected >= GOAL.connections,
        ...base,
      },
      {
        figure: `widget sockets connecting per second (websocket only)${scaleNote}${connectRate >= GOAL.connectPerSecond ? '' : ` — bound: ${connectBound}`}`,
        value: connectRate,
        unit: '/s',
        goal: `≥ ${fmt(GOAL.connectPerSecond)}/s`,
        met: connectRate >= GOAL.connectPerSecond,
        ...base,
      },
      {
        figure: `server resident memory with the widget sockets open${processes > 1 ? ' (largest process)' : ''}${scaleNote} (MALLOC_ARENA_MAX=${MALLOC_ARENAS})${processes === 1 && rss >= GOAL.rssMb ? ` — bound: ${fmt(conn.before[0])} MB before any socket (idle server after the visitors' sessions) + ${fmt(((rss - conn.before[0]) * 1024) / Math.max(1, conn.connected), 1)} KB per socket` : ''}`,
        value: rss,
        unit: 'MB',
        goal: processes === 1 ? `< ${GOAL.rssMb} MB for ${fmt(GOAL.connections)}` : '—',
        met: processes === 1 ? rss < GOAL.rssMb && conn.connected >= GOAL.connections : null,
        ...base,
      },
      {
        figure: 'server memory per 1,000 widget sockets',
        value: conn.after.reduce((n, r, i) => n + r - conn.before[i], 0) / perThousand,
        unit: 'MB',
        goal: '—',
        met: null,
        ...base,
      },
      {
        figure: 'server CPU per 1,000 idle widget sockets (pings)',
        value: conn.idle.servers.reduce((a, b) => a + b, 0) / perThousand,
        unit: '% of a core',
        goal: '—',
        met: null,
        ...base,
      },
    );

    const open = await runStep(
      c,
      { tag: `${c.runId}o${processes}`, rate: 0, durationMs: 0, replyEvery: 0, once: true },
      1000,
    );
    const opened = merged(open.reports);
    say(`${fmt(opened.acked.size)} conversations opened in ${fmt(open.seconds, 1)} s`);

    for (const rate of rates) {
      const tag = `${c.runId}s${processes}r${rate}`;
      const result = await runStep(c, { tag, rate, durationMs: SECONDS * 1000, replyEvery: REPLY_EVERY });
      // Stragglers (late under overload) are waited for, and counted in the latencies, before
      // anything is called lost.
      const late = await untilDelivered(c, tag, result.reports, STRAGGLER_WAIT_MS);
      const { m, stored } = late;
      const lost = late.lostCustomer + late.lostReplies;
      const duplicated = m.duplicates + stored.duplicates;
      if (late.waitedMs >= 1000)
        say(`${fmt(rate)} msg/s: waited ${fmt(late.waitedMs / 1000, 1)} s more for late deliveries`);
      const achieved = m.acked.size / (SECONDS + 0.0001);
      const goal = GOAL.p99(rate);
      const p99 = m.toAgent.percentile(99);
      const back = m.toVisitor.percentile(99);
      const label = `${fmt(rate)} msg/s, ${processes} process${processes > 1 ? 'es' : ''}`;
      printProfile(label, result);
      say(
        `  sent ${fmt(m.sent)} (skipped ${fmt(m.skipped)} with ${fmt(MAX_IN_FLIGHT)} awaiting answers), answered ${fmt(m.acked.size)} (${fmt(achieved)}/s), refused or unanswered ${m.failed}, retries ${m.retries} (429: ${m.rateLimited}); send answered p50 ${fmt(m.sendAnswer.percentile(50), 1)} ms, p99 ${fmt(m.sendAnswer.percentile(99), 1)} ms; load generators' event-loop delay p99 ${fmt(m.generatorDelay.p99, 1)} ms, max ${fmt(m.generatorDelay.max, 1)} ms`,
      );
      const bound = capacityBound(result.use, rate, achieved) ?? boundOf(result.use, result.windows);
      const shortfall = achieved < rate * 0.95 ? ` — only ${fmt(achieved)}/s answered` : '';
      const row: BenchRow = {
        figure: `customer→agent delivery p99 at ${fmt(rate)} msg/s (p50 ${fmt(m.toAgent.percentile(50), 1)}, max ${fmt(m.toAgent.max)} ms)${shortfall}`,
        value: p99,
        unit: 'ms',
        goal: `< ${goal} ms`,
        met: p99 < goal && !shortfall,
        ...base,
      };
      if (!row.met) row.figure += ` — bound: ${bound}`;
      rows.push(row);
      delivery.set(rate, row);
      const backRow: BenchRow = {
        figure: `agent→customer delivery p99 at ${fmt(rate)} msg/s (${fmt(m.repliesAcked.size)} replies; p50 ${fmt(m.toVisitor.percentile(50), 1)}, max ${fmt(m.toVisitor.max)} ms)`,
        value: back,
        unit: 'ms',
        goal: `< ${goal} ms`,
        met: back < goal,
        ...base,
      };
      if (!backRow.met) backRow.figure += ` — bound: ${bound}`;
      rows.push(backRow, {
        figure: `messages lost / duplicated at ${fmt(rate)} msg/s`,
        value: `${lost} / ${duplicated}`,
        goal: '0 / 0',
        met: lost === 0 && duplicated === 0,
        ...base,
      });
      const cpu = result.use.servers.reduce((a, b) => a + b, 0);
      // CPU ms per answered customer message (its replies and broadcasts included).
      const perMessage = (cpu * 10 * SECONDS) / Math.max(1, m.acked.size);
      rows.push({
        figure: `server CPU at ${fmt(rate)} msg/s (${fmt(cpu / perThousand, 1)}% per 1,000 connections; ${fmt(perMessage, 2)} ms per message)`,
        value: cpu,
        unit: '% of a core',
        goal: '—',
        met: null,
        ...base,
      });
    }
    if (fault && processes >= 2) rows.push(...(await faultRun(c)));
  } finally {
    await c.close();
  }
  return { rows, delivery };
}

/** Two processes under load; one is SIGKILLed; its clients move to the other. Nothing acknowledged may be lost. */
async function faultRun(c: Cluster): Promise<BenchRow[]> {
  const tag = `${c.runId}fault`;
  const victim = c.servers[c.servers.length - 1];
  const killAt = (FAULT_SECONDS * 1000) / 3;
  say(
    `fault run: ${fmt(FAULT_RATE)} msg/s for ${FAULT_SECONDS} s, SIGKILL of server ${c.servers.length} after ${fmt(killAt / 1000, 1)} s`,
  );
  const killer = setTimeout(() => victim.kill(), killAt);
  const started = performance.now();
  await all(c, 'load', {
    step: {
      tag,
      rate: FAULT_RATE / c.generators.length,
      durationMs: FAULT_SECONDS * 1000,
      replyEvery: REPLY_EVERY,
      maxInFlight: Math.max(1, Math.round(MAX_IN_FLIGHT / c.generators.length)),
    },
  });
  clearTimeout(killer);
  await all(c, 'settle');
  // Replies the killed process had stored but not yet delivered go out through the delivery sweep
  // of the survivor once their claim lapses; wait for them (and every other straggler) a while.
  const { m, notLive, stored, lostCustomer, lostReplies } = await untilDelivered(
    c,
    tag,
    await all<StepReport>(c, 'report'),
    60_000,
  );
  const settledIn = (performance.now() - started) / 1000 - FAULT_SECONDS;
  const duplicated = m.duplicates + stored.duplicates;
  // Clients still moving to the survivor when the messages are settled are waited for too.
  const {
    visitors: connectedNow,
    agents: agentsNow,
    waitedMs,
  } = await untilReconnected(c, RECONNECT_WAIT_MS);
  const backIn = (performance.now() - started) / 1000 - killAt / 1000;
  say(
    `fault run: sent ${fmt(m.sent)} (skipped ${fmt(m.skipped)}), answered ${fmt(m.acked.size)}, retried ${fmt(m.retries)} calls, ${fmt(m.failovers.count)} reconnections to the survivor (p50 ${fmt(m.failovers.percentile(50))} ms, max ${fmt(m.failovers.max)} ms); ${connectedNow} visitors and ${agentsNow} agents connected after; settled ${fmt(Math.max(0, settledIn), 1)} s after the load; ${waitedMs > 0 ? `clients waited for ${fmt(waitedMs / 1000, 1)} s more, ` : ''}${connectedNow === VISITORS && agentsNow === AGENTS ? 'all' : 'not all'} connected ${fmt(backIn, 1)} s after the kill`,
  );
  say(
    `fault run: ${notLive.length} answered sends no agent heard live (stored: ${notLive.length - lostCustomer}); ${m.repliesCaughtUp} replies reached visitors by their catch-up; ${m.repeats} events repeated (same message id)`,
  );
  const base = { database: c.kind, processes: c.servers.length };
  return [
    {
      figure: `fault run (SIGKILL 1 of ${c.servers.length} at ${fmt(FAULT_RATE)} msg/s): acknowledged messages lost, both ways`,
      value: lostCustomer + lostReplies,
      goal: '0',
      met: lostCustomer + lostReplies === 0,
      ...base,
    },
    {
      figure: 'fault run: messages duplicated',
      value: duplicated,
      goal: '0',
      met: duplicated === 0,
      ...base,
    },
    {
      figure: `fault run: clients reconnected to the survivor (${fmt(m.failovers.count)}; max ${fmt(m.failovers.max)} ms)`,
      value: connectedNow,
      unit: `of ${fmt(VISITORS)} visitors`,
      goal: 'all',
      met: connectedNow === VISITORS && agentsNow === AGENTS,
      ...base,
    },
    {
      figure: 'fault run: answered sends no agent heard live (stored; shown when the chat is opened)',
      value: notLive.length,
      goal: '—',
      met: null,
      ...base,
    },
  ];
}

// Measured once per run of `npm run bench`; bench/chat.ts asks for the same figure.
const onePostgres: { promise: Promise<Measured> | null } = { promise: null };

function measureOnePostgres(): Promise<Measured> {
  onePostgres.promise ??= measure('postgres', 1, RATES, false);
  return onePostgres.promise;
}

async function prerequisites(): Promise<string | null> {
  if (!(await postgresReachable())) return 'PostgreSQL is not reachable';
  if (!(await redisReachable())) return 'Redis is not reachable';
  return null;
}

/**
 * bench/chat.ts's "customer-to-agent delivery p99 with 10,000 widget sockets at 1,000 msg/s": the
 * one-process run of this bench (PostgreSQL + Redis), or on PGlite a one-process run of its own.
 */
export async function deliveryRow(kind: 'postgres' | 'pglite', rate = 1000): Promise<BenchRow> {
  const figure = `customer-to-agent delivery p99 with ${fmt(VISITORS)} widget sockets at ${fmt(rate)} msg/s`;
  try {
    if (kind === 'postgres') {
      const why = await prerequisites();
      if (why)
        return {
          figure,
          value: 'not measured',
          goal: `< ${GOAL.p99(rate)} ms`,
          met: null,
          database: kind,
          processes: 1,
          unit: why,
        };
    }
    const measured =
      kind === 'postgres' && RATES.includes(rate)
        ? await measureOnePostgres()
        : await measure(kind, 1, [rate], false);
    const row = measured.delivery.get(rate);
    if (!row) throw new Error('no figure');
    return {
      ...row,
      figure: `${figure} ${row.figure.replace(/^customer→agent delivery p99 at [^(]*/, '')}`,
    };
  } catch (err) {
    return {
      figure: `${figure}: failed — ${(err as Error).message}`,
      value: 'error',
      goal: `< ${GOAL.p99(rate)} ms`,
      met: false,
      database: kind,
      processes: 1,
    };
  }
}

export async function run(): Promise<BenchRow[]> {
  const why = await prerequisites();
  if (why)
    return [
      { figure: `scale-out figures: ${why}`, value: 'not measured', goal: 'PostgreSQL and Redis', met: null },
    ];
  const rows: BenchRow[] = [];
  if (PROCESSES.includes(1)) rows.push(...(await measureOnePostgres()).rows);
  for (const n of PROCESSES.filter((p) => p > 1))
    rows.push(...(await measure('postgres', n, RATES, FAULT)).rows);
  return rows;
}

runWhenMain(import.meta.url, run);
