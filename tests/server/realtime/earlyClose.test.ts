// A connection taken and closed before the engine.io handshake (a process going away behind a
// balancer) is tried again after the reconnect delay, not after socket.io's 20 s open timeout.
// Real sockets: a socket.io server whose first upgrades are accepted and closed at once.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentSocket } from '../../../core/realtime/sockets';
import { createWidgetSocket } from '../../../core/realtime/widgetSocket';

const WEBSOCKET_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** A socket.io server that accepts the first `drops` websocket upgrades and closes them cleanly. */
async function droppingServer(drops: number) {
  const server = http.createServer();
  const io = new Server(server, { transports: ['websocket'] });
  io.of('/widget').on('connection', () => {});
  io.of('/agent').on('connection', () => {});
  const engineUpgrade = server.listeners('upgrade') as ((...args: unknown[]) => void)[];
  server.removeAllListeners('upgrade');
  const state = { dropped: 0 };
  server.on('upgrade', (req: http.IncomingMessage, socket, head) => {
    if (state.dropped >= drops) {
      for (const listener of engineUpgrade) listener.call(server, req, socket, head);
      return;
    }
    state.dropped++;
    const accept = createHash('sha1')
      .update(`${req.headers['sec-websocket-key']}${WEBSOCKET_GUID}`)
      .digest('base64');
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    // A close frame (no status) and the end: a clean close, which raises no error on the client.
    socket.end(Buffer.from([0x88, 0x00]));
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    state,
    close: () => {
      const closed = new Promise<void>((resolve) => io.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      return closed;
    },
  };
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const done of cleanup.reverse()) await done();
  cleanup = [];
});

const connected = (socket: { once(event: 'connect', fn: () => void): unknown }) =>
  new Promise<void>((resolve) => socket.once('connect', resolve));

describe('a connection closed before the handshake', () => {
  // The test's own timeout (10 s) is under socket.io's open timeout (20 s): without the retry on a
  // close, the third try would come only after that timeout and the test would fail.
  it('the widget socket tries again at its reconnect delay and connects', { timeout: 10_000 }, async () => {
    const server = await droppingServer(2);
    cleanup.push(server.close);
    const socket = createWidgetSocket(server.url, { widget_id: 'w1', session_id: 's1' });
    cleanup.push(async () => {
      socket.close();
    });
    const errors: string[] = [];
    socket.on('connect_error', (err) => errors.push(err.message));
    const up = connected(socket);
    socket.connect();
    await up;
    expect(server.state.dropped).toBe(2);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/closed before the handshake/);
  });

  it('so does the agent socket, after a disconnect too', { timeout: 10_000 }, async () => {
    const server = await droppingServer(1);
    cleanup.push(server.close);
    const socket = createAgentSocket(server.url, { token: 't', channel_id: 'c' });
    cleanup.push(async () => {
      socket.close();
    });
    const first = connected(socket);
    socket.connect();
    await first;
    expect(server.state.dropped).toBe(1);
    // The connection drops; the next try is closed before its handshake, the one after connects.
    server.state.dropped = 0;
    const again = connected(socket);
    socket.io.engine.close();
    await again;
    expect(server.state.dropped).toBe(1);
  });
});
