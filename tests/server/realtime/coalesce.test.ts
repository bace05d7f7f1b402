// Frames written to one connection in one turn of the event loop leave in one write
// (server/realtime/coalesce.ts), in order and all of them, for a socket.io client over websocket.
import http from 'node:http';
import type { AddressInfo, Socket as NetSocket } from 'node:net';
import { Server } from 'socket.io';
import { type Socket as ClientSocket, io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { coalesceSocketWrites } from '../../../server/realtime/coalesce';

interface Setup {
  server: Server;
  client: ClientSocket;
  raw: NetSocket;
  writes: { single: number; batched: number };
}

const open: Setup[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) {
    s.client.close();
    await new Promise<void>((resolve) => s.server.close(() => resolve()));
  }
});

async function setup(coalesce: boolean): Promise<Setup> {
  const httpServer = http.createServer();
  const server = new Server(httpServer);
  if (coalesce) coalesceSocketWrites(server);
  const connected = new Promise<NetSocket>((resolve) =>
    server.on('connection', (socket) => {
      const transport = socket.conn.transport as unknown as { socket: { _socket: NetSocket } };
      resolve(transport.socket._socket);
    }),
  );
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  const client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'] });
  const raw = await connected;
  await new Promise<void>((resolve) =>
    client.connected ? resolve() : client.once('connect', () => resolve()),
  );
  // Every chunk the socket hands to the system: one by one (_write) or several at once (_writev).
  const writes = { single: 0, batched: 0 };
  const internals = raw as unknown as {
    _write: (...args: unknown[]) => unknown;
    _writev: (...args: unknown[]) => unknown;
  };
  const write = internals._write;
  const writev = internals._writev;
  internals._write = function (this: unknown, ...args: unknown[]) {
    writes.single += 1;
    return write.apply(this, args);
  };
  internals._writev = function (this: unknown, ...args: unknown[]) {
    writes.batched += 1;
    return writev.apply(this, args);
  };
  const s = { server, client, raw, writes };
  open.push(s);
  return s;
}

async function emitBurst(s: Setup, count: number) {
  const heard: number[] = [];
  const all = new Promise<void>((resolve) =>
    s.client.on('n', (n: number) => {
      heard.push(n);
      if (heard.length === count) resolve();
    }),
  );
  // As the chat events go out: one room broadcast each, all in the same turn.
  for (let n = 0; n < count; n++) s.server.emit('n', n);
  await all;
  return heard;
}

describe('coalesced socket writes', () => {
  it('send the frames of one turn in one write, every frame, in order', async () => {
    const s = await setup(true);
    const heard = await emitBurst(s, 30);
    expect(heard).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect(s.writes.single + s.writes.batched).toBeLessThanOrEqual(2);
  });

  it('(without them, each frame is a write of its own)', async () => {
    const s = await setup(false);
    const heard = await emitBurst(s, 30);
    expect(heard).toHaveLength(30);
    expect(s.writes.single + s.writes.batched).toBeGreaterThan(2);
  });

  it('let a lone frame out at the end of its turn, and a later turn write again', async () => {
    const s = await setup(true);
    expect(await emitBurst(s, 1)).toEqual([0]);
    s.client.off('n');
    expect(await emitBurst(s, 3)).toEqual([0, 1, 2]);
  });
});
