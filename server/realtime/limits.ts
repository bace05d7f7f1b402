// Bounds on what one client can hold or send over the sockets: open connections per address
// (refused at the handshake with 429) and events per socket (a token bucket; a socket that keeps
// flooding after being told is disconnected). Agents and widget visitors both go through here.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'socket.io';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import type { AppContext } from '../context';
import { clientAddress, parseTrustProxy } from '../http/clientAddress';
import type { HandshakeRequest } from './upgradeRequest';

export const RATE_LIMITED_EVENT = 'RATE_LIMITED';

export interface EventRule {
  burst: number;
  perSecond: number;
  /** Events refused in a row before the socket is cut. */
  disconnectAfter: number;
}

/** A console or a widget sends a handful of events a second at most; 30 at once is generous. */
export const SOCKET_EVENT_RULE: EventRule = { burst: 30, perSecond: 10, disconnectAfter: 50 };

/** Seconds a refused client is told to wait before connecting again. */
export const CONNECTION_RETRY_AFTER_S = 10;

type RawResponse = {
  socket?: { write(data: string): void; destroy(): void } | null;
  writeHead?: (status: number, headers: Record<string, string>) => void;
  end(body?: string): void;
};

/**
 * Counted per process on purpose, also with REDIS_URL: the limit guards what this process holds
 * (its sockets, memory, file descriptors), and a count kept in Redis would outlive a crashed
 * process and refuse its clients' reconnections elsewhere. Behind a load balancer an address can
 * hold at most SOCKETS_PER_ADDRESS on each process.
 */
export function limitSocketConnections(ctx: AppContext) {
  const limit = ctx.config.socketsPerAddress;
  const trust = parseTrustProxy(ctx.config.trustProxy);
  const open = new Map<string, number>();
  // The opening request, or what a connection keeps of it (realtime/upgradeRequest.ts).
  const addressOf = (req: Pick<IncomingMessage, 'headers'> & { socket: { remoteAddress?: string } }) =>
    clientAddress(req.socket.remoteAddress ?? '', req.headers['x-forwarded-for'], trust);
  const engine = ctx.io.engine;
  // New handshakes only (no sid yet): past the limit the client gets 429 with Retry-After, over
  // plain HTTP for polling and written on the raw socket for a websocket upgrade.
  engine.use((req: IncomingMessage, res: RawResponse, next: (err?: Error) => void) => {
    const isHandshake = !new URL(req.url ?? '/', 'http://x').searchParams.has('sid');
    if (!isHandshake || (open.get(addressOf(req)) ?? 0) < limit) return next();
    const body = JSON.stringify({ message: SERVER_MESSAGES.tooManyConnections, code: 'rate_limited' });
    const upgrade = (req.headers.upgrade ?? '').toLowerCase() === 'websocket';
    if (upgrade && res.socket) {
      res.socket.write(
        `HTTP/1.1 429 Too Many Requests\r\nRetry-After: ${CONNECTION_RETRY_AFTER_S}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      res.socket.destroy();
      return;
    }
    res.writeHead?.(429, {
      'retry-after': String(CONNECTION_RETRY_AFTER_S),
      'content-type': 'application/json',
    });
    res.end(body);
  });
  engine.on('connection', (conn: { request: HandshakeRequest; once(e: 'close', f: () => void): void }) => {
    const address = addressOf(conn.request);
    open.set(address, (open.get(address) ?? 0) + 1);
    conn.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/**
 * Drops events past the socket's budget, says so once per burst, and cuts a socket that goes on.
 * The budget belongs to the connection, which lives in one process, so memory is the right place.
 */
export function limitSocketEvents(socket: Socket, rule: EventRule = SOCKET_EVENT_RULE) {
  let tokens = rule.burst;
  let at = Date.now();
  let refusedInRow = 0;
  socket.use((packet, next) => {
    const now = Date.now();
    tokens = Math.min(rule.burst, tokens + ((now - at) / 1000) * rule.perSecond);
    at = now;
    if (tokens >= 1) {
      tokens -= 1;
      refusedInRow = 0;
      return next();
    }
    refusedInRow += 1;
    const retryAfter = Math.max(1, Math.ceil((1 - tokens) / rule.perSecond));
    if (refusedInRow === 1) socket.emit(RATE_LIMITED_EVENT, { event: packet[0], retry_after: retryAfter });
    // An acknowledgement the client waits for gets its answer, so nothing hangs.
    const ack = packet[packet.length - 1];
    if (typeof ack === 'function')
      ack({
        ok: false,
        code: 'rate_limited',
        message: SERVER_MESSAGES.tooManyEvents,
        retry_after: retryAfter,
      });
    if (refusedInRow >= rule.disconnectAfter) socket.disconnect(true);
  });
}
