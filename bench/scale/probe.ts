// Loaded into each server process of the scale bench (node --import, compiled by servers.ts) and
// driven over the IPC channel: event-loop delay (perf_hooks) and a CPU profile (inspector) of a
// measured window, summarised here so only a few lines travel back. The server itself is unchanged.
import fs from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface ProbeWindow {
  /** Event-loop delay over the window, ms. */
  loopDelay: { p50: number; p99: number; max: number };
  /** Share of the main thread's samples per kind: idle, gc, program, our code, packages. */
  shares: Record<string, number>;
  /** The functions with the most self time: "name (where) share%". */
  top: string[];
  /**
   * Garbage collections over the window: full (mark-compact) ones with their pauses. A full
   * collection of a heap holding 10,000 sockets also costs marking steps around its pause, which
   * show as event-loop delay, not here.
   */
  gc: { major: number; majorMs: number; majorMaxMs: number; minor: number; minorMs: number; seconds: number };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();

const noCollections = () => ({
  major: 0,
  majorMs: 0,
  majorMaxMs: 0,
  minor: 0,
  minorMs: 0,
  since: performance.now(),
});
let gcSeen = noCollections();
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
      gcSeen.major += 1;
      gcSeen.majorMs += entry.duration;
      gcSeen.majorMaxMs = Math.max(gcSeen.majorMaxMs, entry.duration);
    } else if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
      gcSeen.minor += 1;
      gcSeen.minorMs += entry.duration;
    }
  }
}).observe({ entryTypes: ['gc'] });

function gcWindow(): ProbeWindow['gc'] {
  const round = (n: number) => Math.round(n * 10) / 10;
  const window = {
    major: gcSeen.major,
    majorMs: round(gcSeen.majorMs),
    majorMaxMs: round(gcSeen.majorMaxMs),
    minor: gcSeen.minor,
    minorMs: round(gcSeen.minorMs),
    seconds: round((performance.now() - gcSeen.since) / 1000),
  };
  gcSeen = noCollections();
  return window;
}
const session = new Session();
session.connect();

const post = <T>(method: string, params?: object) =>
  new Promise<T>((resolve, reject) =>
    session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result as T))),
  );

/** Where a function lives, in words a reader of the table understands. */
function placeOf(url: string): string {
  if (!url) return '';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node';
  if (url.includes('/server/main.js')) return 'server';
  return url.split('/').slice(-2).join('/');
}

function kindOf(node: ProfileNode): string {
  const name = node.callFrame.functionName;
  if (name === '(idle)') return 'idle';
  if (name === '(garbage collector)') return 'gc';
  if (name === '(program)' || name === '(root)') return 'program';
  const place = placeOf(node.callFrame.url);
  if (place === 'server') return 'our code';
  if (place === 'node' || place === '') return 'node';
  return place;
}

function summarise(profile: Profile): Pick<ProbeWindow, 'shares' | 'top'> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  /** The nearest caller that is a package or our code: who asked node for the work. */
  const callerPlace = (id: number) => {
    for (let p = parentOf.get(id); p !== undefined; p = parentOf.get(p)) {
      const place = placeOf(byId.get(p)?.callFrame.url ?? '');
      if (place && place !== 'node') return place;
    }
    return '';
  };
  const self = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });
  // The probe's own calls (starting the profiler) are the measurement, not the server's work.
  const isProbe = (id: number) =>
    placeOf(byId.get(id)?.callFrame.url ?? '').includes('probe') || callerPlace(id).includes('probe');
  for (const [id, time] of self)
    if (isProbe(id)) {
      total -= time;
      self.delete(id);
    }
  const shares: Record<string, number> = {};
  const perFunction = new Map<string, number>();
  for (const [id, time] of self) {
    const node = byId.get(id);
    if (!node) continue;
    const kind = kindOf(node);
    shares[kind] = (shares[kind] ?? 0) + time / total;
    if (kind === 'idle' || kind === 'program') continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const place = placeOf(url);
    const where = place === 'node' || place === '' ? `node, called from ${callerPlace(id) || '?'}` : place;
    const label = `${functionName || '(anonymous)'} (${where}${place === 'server' ? `:${lineNumber + 1}` : ''})`;
    perFunction.set(label, (perFunction.get(label) ?? 0) + time / total);
  }
  const top = [...perFunction.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([label, share]) => `${label} ${(share * 100).toFixed(1)}%`);
  return { shares, top };
}

const ms = (ns: number) => Math.round(ns / 1e4) / 100;

async function handle(message: { probe?: string; id?: number; gc?: boolean }) {
  if (!message?.probe) return;
  let answer: unknown = null;
  if (message.probe === 'start') {
    delay.reset();
    gcWindow();
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 1000 });
    await post('Profiler.start');
  } else if (message.probe === 'stop') {
    const loopDelay = { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) };
    const { profile } = await post<{ profile: Profile }>('Profiler.stop');
    // BENCH_SCALE_PROFILE_DIR keeps each window's whole profile (open it in Chrome DevTools).
    const dir = process.env.BENCH_SCALE_PROFILE_DIR;
    if (dir)
      fs.writeFileSync(
        path.join(dir, `server-${process.pid}-${Date.now()}.cpuprofile`),
        JSON.stringify(profile),
      );
    answer = { loopDelay, ...summarise(profile), gc: gcWindow() } satisfies ProbeWindow;
  } else if (message.probe === 'memory') {
    const mb = (n: number) => Math.round(n / 1048576);
    const m = process.memoryUsage();
    // The heap's live part (gc): what a full collection leaves; RSS is read before it, as the OS sees it.
    if (message.gc) collectGarbage();
    answer = {
      rss: mb(m.rss),
      heapUsed: mb(m.heapUsed),
      heapTotal: mb(m.heapTotal),
      external: mb(m.external),
      live: mb(process.memoryUsage().heapUsed),
    };
  } else if (message.probe === 'delay') {
    answer = { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) };
    delay.reset();
  }
  process.send?.({ probeAnswer: message.id, answer });
}

if (process.send) {
  process.on('message', (message: { probe?: string; id?: number; gc?: boolean }) => {
    handle(message).catch((err: Error) =>
      process.send?.({ probeAnswer: message.id, error: err.message ?? String(err) }),
    );
  });
  // The bench went away: so does this server (no orphans holding ports and connections).
  process.on('disconnect', () => process.exit(0));
}
