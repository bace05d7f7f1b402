// A widget visitor and an agent console as the scale bench and the scale tests drive them: the real
// HTTP calls and sockets (websocket only), plus what a load balancer in front of several processes
// gives a client: another process when its own goes away (the client is given every address and
// moves to the next one). The visitor behaves as the widget does (widget-element/box/controller.ts):
// a send without an answer goes again with the same temp id, and after a reconnect it reads what
// came after the newest message its socket or a catch-up brought. The console likewise calls
// /api/chat/reconnect after a reconnect that did not recover its state.
import http from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { AGENT_EVENTS, AGENT_NAMESPACE, WIDGET_EVENTS, WIDGET_NAMESPACE } from '../../core/realtime/events';
import { agentSocketOptions } from '../../core/realtime/sockets';
import { SOCKET_RECONNECT_MS, widgetSocketOptions } from '../../core/realtime/widgetSocket';
import { WIDGET_SESSION_HEADER, type WidgetChatMessage } from '../../core/widget/message';

/** CLOCK_MONOTONIC in ms: the same clock in every process of the machine, so a time written into a
 *  message by one process is compared with another's. */
export const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a client keeps retrying one call before it gives up. */
export const GIVE_UP_MS = 60_000;

export interface Answer<T = unknown> {
  status: number;
  body: T;
  retryAfter: number;
}

/** Plain node:http with keep-alive (lighter than fetch when one process plays thousands of clients). */
export class HttpClient {
  private readonly agent: http.Agent;

  constructor(localAddress?: string) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 128, localAddress });
  }

  request<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    return new Promise<Answer<T>>((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const req = http.request(
        url,
        {
          method,
          agent: this.agent,
          headers: {
            ...headers,
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              // Not JSON: the text is the answer.
            }
            resolve({
              status: res.statusCode ?? 0,
              body: parsed as T,
              retryAfter: Number(res.headers['retry-after'] ?? 0),
            });
          });
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error('no answer in 30 s')));
      req.on('error', reject);
      req.end(payload);
    });
  }

  close() {
    this.agent.destroy();
  }
}

/**
 * The addresses a client may use, its own first. `failed(url)` is the load balancer moving the
 * client on from an address that did not answer; calls and the socket that failed on the same
 * address move it once, not once each.
 */
export class Route {
  private at = 0;

  constructor(private urls: string[]) {}

  get url() {
    return this.urls[this.at];
  }

  failed(url: string) {
    if (this.urls[this.at] === url) this.at = (this.at + 1) % this.urls.length;
  }

  /** New addresses (another set of processes), starting at the first. */
  reset(urls: string[]) {
    this.urls = urls;
    this.at = 0;
  }
}

export interface CallStats {
  /** Calls that needed another try (no answer, 5xx, 429). */
  retries: number;
  rateLimited: number;
}

/** One call until it is answered: no answer or 5xx moves to the next address after 500 ms. */
async function callUntilAnswered<T>(
  route: Route,
  stats: CallStats,
  make: (url: string) => Promise<Answer<T>>,
): Promise<Answer<T>> {
  const started = Date.now();
  for (;;) {
    let answer: Answer<T> | null = null;
    const url = route.url;
    try {
      answer = await make(url);
    } catch {
      answer = null;
    }
    if (answer && answer.status === 429) {
      stats.rateLimited++;
      stats.retries++;
      await sleep(Math.max(1, answer.retryAfter) * 1000);
      continue;
    }
    if (answer && answer.status < 500) return answer;
    if (Date.now() - started > GIVE_UP_MS) return answer ?? { status: 0, body: null as T, retryAfter: 0 };
    stats.retries++;
    route.failed(url);
    await sleep(SOCKET_RECONNECT_MS);
  }
}

interface Reconnecting {
  /** Times from losing the socket to having one again, ms. */
  failovers: number[];
  reconnects: number;
}

/** A socket that moves to the next address when it is lost (reconnection by hand, every 500 ms). */
function failoverSocket(
  route: Route,
  namespace: string,
  options: ReturnType<typeof widgetSocketOptions>,
  localAddress: string | undefined,
  track: Reconnecting,
  onOpen: (socket: Socket, again: boolean) => void,
  bind: (socket: Socket) => void,
): { ready: Promise<void>; close(): void; current(): Socket | null } {
  let socket: Socket | null = null;
  let closed = false;
  let lostAt = 0;
  let opened = false;
  let resolveReady: () => void = () => {};
  let rejectReady: (err: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  const retry = (url: string) => {
    if (closed) return;
    socket?.removeAllListeners();
    socket?.close();
    socket = null;
    if (!lostAt) lostAt = nowMs();
    route.failed(url);
    setTimeout(open, SOCKET_RECONNECT_MS);
  };
  const open = () => {
    if (closed) return;
    const url = route.url;
    const s = io(`${url}${namespace}`, {
      ...options,
      forceNew: true,
      reconnection: false,
      autoConnect: true,
      localAddress,
    } as Parameters<typeof io>[1]);
    socket = s;
    bind(s);
    s.on('connect', () => {
      const again = opened;
      opened = true;
      if (lostAt) {
        track.failovers.push(nowMs() - lostAt);
        track.reconnects++;
        lostAt = 0;
      }
      onOpen(s, again);
      resolveReady();
    });
    s.on('connect_error', (err) => {
      if (err.message === 'Unauthorization' || err.message === 'websocket only') {
        closed = true;
        rejectReady(err);
        return;
      }
      retry(url);
    });
    s.on('disconnect', (reason) => {
      if (reason !== 'io client disconnect') retry(url);
    });
  };
  open();
  return {
    ready,
    current: () => socket,
    close() {
      closed = true;
      socket?.removeAllListeners();
      socket?.close();
      socket = null;
    },
  };
}

export interface VisitorOptions {
  urls: string[];
  widgetId: string;
  /** The visitor's own address, as the load balancer passes it on (X-Forwarded-For). */
  ip: string;
  http: HttpClient;
  localAddress?: string;
  /** Every message the visitor's socket or catch-up brings (live: false for the catch-up). */
  onMessage?: (message: WidgetChatMessage, live: boolean) => void;
}

export class Visitor {
  readonly route: Route;
  sessionId = '';
  visitorId = '';
  readonly stats: CallStats & Reconnecting = { retries: 0, rateLimited: 0, failovers: [], reconnects: 0 };
  private socket: ReturnType<typeof failoverSocket> | null = null;
  /** Where a catch-up starts, as the widget keeps it: the newest message the socket or a catch-up
   *  brought; a send's answer never moves it (a reply missed while the socket was down is older). */
  private heard: string | null = null;

  constructor(private readonly o: VisitorOptions) {
    this.route = new Route(o.urls);
  }

  private headers(): Record<string, string> {
    return {
      'x-forwarded-for': this.o.ip,
      ...(this.sessionId ? { [WIDGET_SESSION_HEADER]: this.sessionId } : {}),
    };
  }

  /** POST /service/widget/verify: a new session, as the widget's first open makes. */
  async verify() {
    const answer = await callUntilAnswered<{ data: { session_id: string; visitor_id: string } }>(
      this.route,
      this.stats,
      (url) =>
        this.o.http.request(
          'POST',
          `${url}/service/widget/verify`,
          { widget_id: this.o.widgetId },
          this.headers(),
        ),
    );
    if (answer.status !== 200)
      throw new Error(`verify answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    this.sessionId = answer.body.data.session_id;
    this.visitorId = answer.body.data.visitor_id;
  }

  /** The /widget socket; resolves once connected. */
  connect(): Promise<void> {
    this.socket = failoverSocket(
      this.route,
      WIDGET_NAMESPACE,
      {
        ...widgetSocketOptions({ widget_id: this.o.widgetId, session_id: this.sessionId }),
        extraHeaders: { from: 'client-widget', 'x-forwarded-for': this.o.ip },
      },
      this.o.localAddress,
      this.stats,
      (_socket, again) => {
        if (again) void this.catchUp();
      },
      (socket) =>
        socket.on(WIDGET_EVENTS.NEW_MESSAGE, (message: WidgetChatMessage) => {
          if (message.id) this.heard = message.id;
          this.o.onMessage?.(message, true);
        }),
    );
    return this.socket.ready;
  }

  get connected() {
    return this.socket?.current()?.connected ?? false;
  }

  /** What came while the socket was away (the widget's load() after a reconnect). */
  private async catchUp() {
    const from = this.heard ? `after=${this.heard}` : 'skip=0&limit=50';
    const answer = await callUntilAnswered<{ chat: WidgetChatMessage[] }>(this.route, this.stats, (url) =>
      this.o.http.request(
        'GET',
        `${url}/service/widget/messages?widget_id=${this.o.widgetId}&${from}`,
        undefined,
        this.headers(),
      ),
    );
    if (answer.status !== 200) return;
    for (const message of answer.body.chat) this.o.onMessage?.(message, false);
    const last = answer.body.chat.at(-1)?.id;
    if (last) this.heard = last;
  }

  /** Sends a text with the widget's event shape; the same `id` on every try. Resolves on the answer. */
  async send(id: string, text: string): Promise<Answer<{ results: { message?: WidgetChatMessage }[] }>> {
    const event = {
      id,
      source: { type: 'widget', userId: this.visitorId },
      timestamp: Date.now(),
      type: 'message',
      message: { type: 'text', text },
    };
    const answer = await callUntilAnswered<{ results: { message?: WidgetChatMessage }[] }>(
      this.route,
      this.stats,
      (url) =>
        this.o.http.request(
          'POST',
          `${url}/service/webhook/widget/${this.o.widgetId}`,
          { events: [event] },
          this.headers(),
        ),
    );
    return answer;
  }

  close() {
    this.socket?.close();
    this.socket = null;
  }
}

export interface AgentOptions {
  urls: string[];
  token: string;
  accountId: string;
  http: HttpClient;
  localAddress?: string;
  /** Every GET_CHAT the console hears. */
  onChat?: (payload: {
    follower: { _id: string };
    message: { _id: string; temp_id?: string | null; messages_sent: { type: string; text?: string }[] };
  }) => void;
}

export class Agent {
  readonly route: Route;
  readonly stats: CallStats & Reconnecting & { catchUps: number } = {
    retries: 0,
    rateLimited: 0,
    failovers: [],
    reconnects: 0,
    catchUps: 0,
  };
  private socket: ReturnType<typeof failoverSocket> | null = null;

  constructor(private readonly o: AgentOptions) {
    this.route = new Route(o.urls);
  }

  private headers() {
    return { authorization: `Bearer ${this.o.token}`, channel_id: this.o.accountId };
  }

  connect(): Promise<void> {
    this.socket = failoverSocket(
      this.route,
      AGENT_NAMESPACE,
      agentSocketOptions({ token: this.o.token, channel_id: this.o.accountId }),
      this.o.localAddress,
      this.stats,
      (socket, again) => {
        // The console's catch-up after a reconnect that lost the socket's state.
        if (again && !socket.recovered) {
          this.stats.catchUps++;
          void callUntilAnswered(this.route, this.stats, (url) =>
            this.o.http.request(
              'GET',
              `${url}/api/chat/reconnect?chat_type=inbox&limit=50`,
              undefined,
              this.headers(),
            ),
          );
        }
      },
      (socket) => socket.on(AGENT_EVENTS.GET_CHAT, (payload) => this.o.onChat?.(payload)),
    );
    return this.socket.ready;
  }

  get connected() {
    return this.socket?.current()?.connected ?? false;
  }

  /** POST /api/chat/send/message with the same temp id on every try. */
  reply(followerId: string, text: string, tempId: string) {
    return callUntilAnswered(this.route, this.stats, (url) =>
      this.o.http.request(
        'POST',
        `${url}/api/chat/send/message`,
        { followerId, message: text, tempId },
        this.headers(),
      ),
    );
  }

  close() {
    this.socket?.close();
    this.socket = null;
  }
}
