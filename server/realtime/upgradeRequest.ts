// A socket connection keeps, for as long as it is open, only what socket.io's handshake reads of the
// HTTP request that opened it (socket.io's socket.js, buildHandshake: headers, url, the query and
// whether the connection is encrypted) and its peer's address. engine.io keeps the whole
// IncomingMessage (its raw headers, stream state and listeners) as `conn.request`, and for a
// websocket its WebSocketResponse keeps it too, until the connection closes. socket.io's own memory
// advice is to drop the request ("Memory usage" in its docs); the handshake still needs these parts
// when a namespace connects, which comes after the engine connection.
import { type IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from 'socket.io';

/** The parts of the opening request a connection keeps. */
export interface HandshakeRequest {
  headers: IncomingMessage['headers'];
  url: string | undefined;
  _query: Record<string, string> | undefined;
  socket: { remoteAddress: string | undefined; encrypted: boolean };
  connection: { remoteAddress: string | undefined; encrypted: boolean };
}

type EngineRequest = IncomingMessage & { _query?: Record<string, string> };

/** What engine.io hands its middlewares as the response of a websocket upgrade. */
interface UpgradeResponse {
  req: IncomingMessage | null;
}

export function handshakeRequest(req: EngineRequest): HandshakeRequest {
  const socket = {
    remoteAddress: req.socket?.remoteAddress,
    encrypted: Boolean((req.socket as { encrypted?: boolean } | undefined)?.encrypted),
  };
  return { headers: req.headers, url: req.url, _query: req._query, socket, connection: socket };
}

/** Every connection of `io` keeps only its HandshakeRequest of the request that opened it. */
export function releaseUpgradeRequests(io: Server) {
  const responses = new WeakMap<IncomingMessage, UpgradeResponse>();
  io.engine.use((req: IncomingMessage, res: unknown, next: () => void) => {
    // A websocket upgrade's: a polling request's ServerResponse is still being answered.
    if (res && !(res instanceof ServerResponse) && (res as UpgradeResponse).req === req)
      responses.set(req, res as UpgradeResponse);
    next();
  });
  io.engine.on('connection', (conn: { request: EngineRequest | HandshakeRequest }) => {
    const req = conn.request as EngineRequest;
    const res = responses.get(req);
    // Kept only to be told of the socket's close; the headers it wrote are long sent.
    if (res) res.req = null;
    conn.request = handshakeRequest(req);
  });
}
