// One load-generator process of the scale bench (forked by bench/scale.ts, several of them so that
// thousands of sockets do not crowd one process): it plays its share of the widget visitors and
// agents (clients.ts) and does what the bench asks over IPC, step by step: create the visitors'
// sessions, connect, open a conversation each, send at a steady rate, report.
//
// Messages carry their key and send time in the text ("m <tag> <visitor> <seq> <ms>"; replies
// "r …"), so whoever receives one, in whichever process, measures its latency on the same clock.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Agent, GIVE_UP_MS, HttpClient, nowMs, Visitor } from './clients';
import { Latencies } from './latency';

export interface GeneratorSetup {
  widgetId: string;
  accountId: string;
  /** The server addresses; each client starts at its home and moves on when that one goes. */
  urls: string[];
  visitors: { index: number; home: number }[];
  agents: { index: number; home: number; token: string }[];
  /** All agents of the run (replies are shared out by visitor index modulo this). */
  agentCount: number;
  localAddress?: string;
}

export interface LoadStep {
  tag: string;
  /** Messages a second from this generator's visitors. */
  rate: number;
  durationMs: number;
  /** An agent answers every n-th message (0: never). */
  replyEvery: number;
  /** Each visitor sends exactly one message (its conversation's first), a few at a time; no rate. */
  once?: boolean;
  /**
   * Sends waiting for their answer, at most: a server that falls behind gets no more than this
   * (the sends due meanwhile are skipped and counted), so an overload shows as a lower answered
   * rate instead of an ever-growing queue.
   */
  maxInFlight?: number;
}

export interface StepReport {
  sent: number;
  /** Sends due while maxInFlight were waiting: not made. */
  skipped: number;
  acked: number[];
  /** Sends that got a final refusal or no answer at all. */
  failed: number;
  sendAnswer: ReturnType<Latencies['toJSON']>;
  /** Customer → agent, every agent that heard it live. */
  toAgent: ReturnType<Latencies['toJSON']>;
  heard: number[];
  /** One send heard by one agent as two different stored messages. */
  agentDuplicates: number;
  /** The same stored message heard again by one agent (consoles merge these by _id). */
  agentRepeats: number;
  repliesAcked: number[];
  repliesFailed: number;
  /** Agent → customer, live. */
  toVisitor: ReturnType<Latencies['toJSON']>;
  repliesSeen: number[];
  repliesCaughtUp: number;
  visitorDuplicates: number;
  retries: number;
  rateLimited: number;
  failovers: ReturnType<Latencies['toJSON']>;
  inFlight: number;
  /** This generator's own event-loop delay over the step, ms: time its clients' stamps may be late. */
  loopDelay: { p50: number; p99: number; max: number };
}

const key = (visitor: number, seq: number) => visitor * 1_000_000 + seq;

/** "m <tag> <visitor> <seq> <ms>" */
function parse(text: string | undefined, kind: 'm' | 'r', tag: string) {
  if (!text?.startsWith(`${kind} ${tag} `)) return null;
  const [, , v, seq, at] = text.split(' ');
  return { visitor: Number(v), seq: Number(seq), at: Number(at) };
}

export class LoadGenerator {
  private readonly http: HttpClient;
  private readonly visitors = new Map<number, Visitor>();
  private readonly agents: { index: number; agent: Agent; heard: Map<number, string> }[] = [];
  private readonly seqs = new Map<number, number>();
  private tag = '';
  private replyEvery = 0;
  private inFlight = 0;
  private report = this.emptyReport();
  private heard = new Set<number>();
  private seen = new Map<number, string>();

  constructor(private readonly setup: GeneratorSetup) {
    this.http = new HttpClient(setup.localAddress);
    const urlsFrom = (home: number) => [...setup.urls.slice(home), ...setup.urls.slice(0, home)];
    for (const v of setup.visitors) {
      const visitor = new Visitor({
        urls: urlsFrom(v.home),
        widgetId: setup.widgetId,
        // The visitor's own address as a load balancer passes it on (limits are per address).
        ip: `10.${(v.index >> 16) & 255}.${(v.index >> 8) & 255}.${v.index & 255}`,
        http: this.http,
        localAddress: setup.localAddress,
        onMessage: (message, live) => {
          const r = parse(message.message, 'r', this.tag);
          if (!r || message.from !== 'agent') return;
          const k = key(r.visitor, r.seq);
          const before = this.seen.get(k);
          if (before !== undefined) {
            if (before !== message.id) this.report.visitorDuplicates++;
            return;
          }
          this.seen.set(k, message.id);
          if (live) this.toVisitor.add(nowMs() - r.at);
          else this.report.repliesCaughtUp++;
        },
      });
      this.visitors.set(v.index, visitor);
    }
    for (const a of setup.agents) {
      const entry = { index: a.index, heard: new Map<number, string>(), agent: null as unknown as Agent };
      entry.agent = new Agent({
        urls: urlsFrom(a.home),
        token: a.token,
        accountId: setup.accountId,
        http: this.http,
        localAddress: setup.localAddress,
        onChat: (payload) => this.agentHeard(entry, payload),
      });
      this.agents.push(entry);
    }
  }

  private toAgent = new Latencies();
  private toVisitor = new Latencies();
  private sendAnswer = new Latencies();
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 2 });

  private emptyReport() {
    return {
      sent: 0,
      skipped: 0,
      acked: [] as number[],
      failed: 0,
      agentDuplicates: 0,
      agentRepeats: 0,
      repliesAcked: [] as number[],
      repliesFailed: 0,
      repliesCaughtUp: 0,
      visitorDuplicates: 0,
    };
  }

  private agentHeard(
    entry: { index: number; agent: Agent; heard: Map<number, string> },
    payload: Parameters<NonNullable<ConstructorParameters<typeof Agent>[0]['onChat']>>[0],
  ) {
    const m = parse(payload.message?.messages_sent?.[0]?.text, 'm', this.tag);
    if (!m) return;
    const k = key(m.visitor, m.seq);
    const before = entry.heard.get(k);
    if (before !== undefined) {
      if (before === payload.message._id) this.report.agentRepeats++;
      else this.report.agentDuplicates++;
      return;
    }
    entry.heard.set(k, payload.message._id);
    this.heard.add(k);
    this.toAgent.add(nowMs() - m.at);
    // Every n-th send of each visitor, staggered across visitors; the visitor's agent answers it.
    if (this.replyEvery > 0 && m.seq > 0 && (m.seq + m.visitor) % this.replyEvery === 0)
      if (m.visitor % this.setup.agentCount === entry.index)
        void this.reply(entry.agent, payload.follower._id, m);
  }

  private async reply(agent: Agent, followerId: string, m: { visitor: number; seq: number }) {
    const tag = this.tag;
    this.inFlight++;
    try {
      const answer = await agent.reply(
        followerId,
        `r ${tag} ${m.visitor} ${m.seq} ${nowMs().toFixed(3)}`,
        `${tag}-r-${m.visitor}-${m.seq}`,
      );
      if (tag !== this.tag) return;
      if (answer.status === 200) this.report.repliesAcked.push(key(m.visitor, m.seq));
      else this.report.repliesFailed++;
    } finally {
      this.inFlight--;
    }
  }

  /** Runs `work` over `items` with at most `limit` at once. */
  private async pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
    let next = 0;
    const failures: string[] = [];
    const worker = async () => {
      while (next < items.length) {
        const item = items[next++];
        try {
          await work(item);
        } catch (err) {
          failures.push((err as Error).message);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
    return failures;
  }

  async verify() {
    const started = nowMs();
    const failures = await this.pool([...this.visitors.values()], 48, (v) => v.verify());
    return { ms: nowMs() - started, failures: failures.length, firstFailure: failures[0] ?? null };
  }

  /** Connects the agents, then every visitor's socket as fast as the server takes them. */
  async connect(limit = 200) {
    await this.pool(this.agents, 8, (a) => a.agent.connect());
    const started = nowMs();
    const failures = await this.pool([...this.visitors.values()], limit, (v) => v.connect());
    return {
      startedAt: started,
      endedAt: nowMs(),
      connected: [...this.visitors.values()].filter((v) => v.connected).length,
      failures: failures.length,
      firstFailure: failures[0] ?? null,
    };
  }

  /** Moves every client to new addresses (a new set of server processes). */
  async reroute(urls: string[], homes: { visitors: Record<number, number>; agents: Record<number, number> }) {
    this.close();
    const from = (home: number) => [...urls.slice(home), ...urls.slice(0, home)];
    for (const [index, visitor] of this.visitors) visitor.route.reset(from(homes.visitors[index] ?? 0));
    for (const a of this.agents) a.agent.route.reset(from(homes.agents[a.index] ?? 0));
  }

  /** Starts a step: sends at a steady rate for its duration; resolves when the last send is issued. */
  async load(step: LoadStep) {
    this.tag = step.tag;
    this.replyEvery = step.replyEvery;
    this.report = this.emptyReport();
    this.toAgent = new Latencies();
    this.toVisitor = new Latencies();
    this.sendAnswer = new Latencies();
    this.loopDelay.reset();
    this.loopDelay.enable();
    this.heard = new Set();
    this.seen = new Map();
    for (const a of this.agents) a.heard.clear();
    for (const v of [...this.visitors.values(), ...this.agents.map((a) => a.agent)]) {
      v.stats.failovers.length = 0;
      v.stats.retries = 0;
      v.stats.rateLimited = 0;
    }
    const order = [...this.visitors.keys()];
    if (step.once) {
      // Each conversation's first message, as fast as the server answers (a few at a time).
      await this.pool(order, 16, (index) => this.send(index, 0));
      return;
    }
    const total = Math.round((step.rate * step.durationMs) / 1000);
    if (total === 0) return;
    const started = nowMs();
    let issued = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const due = Math.min(total, Math.floor(((nowMs() - started) / 1000) * step.rate) + 1);
        while (issued < due) {
          const index = order[issued % order.length];
          issued++;
          if (step.maxInFlight && this.inFlight >= step.maxInFlight) this.report.skipped++;
          else void this.send(index);
        }
        if (issued >= total) resolve();
        else setTimeout(tick, 5);
      };
      tick();
    });
  }

  private async send(index: number, seqOverride?: number) {
    const visitor = this.visitors.get(index);
    if (!visitor) return;
    const seq = seqOverride ?? (this.seqs.get(index) ?? 0) + 1;
    if (seqOverride === undefined) this.seqs.set(index, seq);
    const tag = this.tag;
    const at = nowMs();
    this.report.sent++;
    this.inFlight++;
    try {
      const answer = await visitor.send(
        `${tag}-m-${index}-${seq}`,
        `m ${tag} ${index} ${seq} ${at.toFixed(3)}`,
      );
      if (tag !== this.tag) return;
      if (answer.status === 200) {
        this.report.acked.push(key(index, seq));
        this.sendAnswer.add(nowMs() - at);
      } else this.report.failed++;
    } catch {
      this.report.failed++;
    } finally {
      this.inFlight--;
    }
  }

  /** Waits until no send or reply is waiting for its answer (or GIVE_UP_MS). */
  async settle() {
    const until = nowMs() + GIVE_UP_MS;
    while (this.inFlight > 0 && nowMs() < until) await new Promise((r) => setTimeout(r, 20));
    return { inFlight: this.inFlight };
  }

  snapshot(): StepReport {
    const clients = [...this.visitors.values(), ...this.agents.map((a) => a.agent)];
    const failovers = new Latencies();
    for (const c of clients) for (const ms of c.stats.failovers) failovers.add(ms);
    return {
      ...this.report,
      acked: [...this.report.acked],
      repliesAcked: [...this.report.repliesAcked],
      sendAnswer: this.sendAnswer.toJSON(),
      toAgent: this.toAgent.toJSON(),
      heard: [...this.heard],
      toVisitor: this.toVisitor.toJSON(),
      repliesSeen: [...this.seen.keys()],
      retries: clients.reduce((n, c) => n + c.stats.retries, 0),
      rateLimited: clients.reduce((n, c) => n + c.stats.rateLimited, 0),
      failovers: failovers.toJSON(),
      inFlight: this.inFlight,
      loopDelay: {
        p50: this.loopDelay.percentile(50) / 1e6,
        p99: this.loopDelay.percentile(99) / 1e6,
        max: this.loopDelay.max / 1e6,
      },
    };
  }

  connectedCount() {
    return {
      visitors: [...this.visitors.values()].filter((v) => v.connected).length,
      agents: this.agents.filter((a) => a.agent.connected).length,
    };
  }

  close() {
    for (const v of this.visitors.values()) v.close();
    for (const a of this.agents) a.agent.close();
  }

  shutdown() {
    this.close();
    this.http.close();
  }
}

// ---------- as a child process ----------

type Command =
  | { id: number; cmd: 'setup'; setup: GeneratorSetup }
  | { id: number; cmd: 'verify' }
  | { id: number; cmd: 'connect' }
  | { id: number; cmd: 'reroute'; urls: string[]; homes: Parameters<LoadGenerator['reroute']>[1] }
  | { id: number; cmd: 'load'; step: LoadStep }
  | { id: number; cmd: 'settle' }
  | { id: number; cmd: 'report' }
  | { id: number; cmd: 'count' }
  | { id: number; cmd: 'close' };

if (process.argv.includes('--scale-generator') && process.send) {
  let generator: LoadGenerator | null = null;
  const need = () => {
    if (!generator) throw new Error('setup first');
    return generator;
  };
  process.on('message', async (command: Command) => {
    try {
      let answer: unknown = null;
      switch (command.cmd) {
        case 'setup':
          generator = new LoadGenerator(command.setup);
          break;
        case 'verify':
          answer = await need().verify();
          break;
        case 'connect':
          answer = await need().connect();
          break;
        case 'reroute':
          await need().reroute(command.urls, command.homes);
          break;
        case 'load':
          await need().load(command.step);
          break;
        case 'settle':
          answer = await need().settle();
          break;
        case 'report':
          answer = need().snapshot();
          break;
        case 'count':
          answer = need().connectedCount();
          break;
        case 'close':
          generator?.shutdown();
          process.send?.({ id: command.id, answer: null });
          setTimeout(() => process.exit(0), 50);
          return;
      }
      process.send?.({ id: command.id, answer });
    } catch (err) {
      process.send?.({ id: command.id, error: (err as Error).stack ?? String(err) });
    }
  });
  process.on('disconnect', () => process.exit(0));
}
