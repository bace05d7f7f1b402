// An open connection keeps only the handshake's parts of the request that opened it
// (server/realtime/upgradeRequest.ts): the handshake still reads its headers, query and address,
// and neither engine.io's connection nor the websocket's upgrade response holds the request itself.
import http, { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { type Socket as ClientSocket, io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { releaseUpgradeRequests } from '../../../server/realtime/upgradeRequest';

interface Setup {
  server: Server;
  client: ClientSocket;
  socket: Socket;
  upgradeResponses: { req: unknown }[];
}

const open: Setup[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) {
    s.client.close();
    await new Promise<void>((resolve) => s.server.close(() => resolve()));
  }
});

async function setup(release: boolean, transports: ('websocket' | 'polling')[]): Promise<Setup> {
  const httpServer = http.createServer();
  const server = new Server(httpServer);
  if (release) releaseUpgradeRequests(server);
  const upgradeResponses: { req: unknown }[] = [];
  server.engine.use((req: IncomingMessage, res: { req?: unknown }, next: () => void) => {
    if (res.req === req) upgradeResponses.push(res as { req: unknown });
    next();
  });
  const connected = new Promise<Socket>((resolve) => server.on('connection', resolve));
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  const client = connect(`http://127.0.0.1:${port}`, {
    transports,
    query: { widget: 'w-1' },
    extraHeaders: { origin: 'https://shop.example' },
  });
  const socket = await connected;
  await new Promise<void>((resolve) =>
    client.connected ? resolve() : client.once('connect', () => resolve()),
  );
  const s = { server, client, socket, upgradeResponses };
  open.push(s);
  return s;
}

function engineRequest(socket: Socket) {
  return (socket.conn as unknown as { request: unknown }).request;
}

describe('connections keep only their handshake', () => {
  it('hold no request over a websocket, and the handshake still has its headers, query and address', async () => {
    const s = await setup(true, ['websocket']);
    expect(engineRequest(s.socket)).not.toBeInstanceOf(IncomingMessage);
    expect(s.upgradeResponses).toHaveLength(1);
    expect(s.upgradeResponses[0].req).toBeNull();
    expect(s.socket.handshake.headers.origin).toBe('https://shop.example');
    expect(s.socket.handshake.query.widget).toBe('w-1');
    expect(s.socket.handshake.address).toBe('127.0.0.1');
    expect(s.socket.handshake.secure).toBe(false);
  });

  it('still talks both ways, and over polling too', async () => {
    for (const transports of [['websocket'], ['polling']] as const) {
      const s = await setup(true, [...transports]);
      expect(engineRequest(s.socket)).not.toBeInstanceOf(IncomingMessage);
      s.socket.on('ping-me', (n: number, ack: (m: number) => void) => ack(n + 1));
      const answer = await s.client.timeout(2000).emitWithAck('ping-me', 41);
      expect(answer).toBe(42);
      const heard = new Promise((resolve) => s.client.once('hello', resolve));
      s.socket.emit('hello', 'there');
      expect(await heard).toBe('there');
    }
  });

  it('is what socket.io does not do by itself', async () => {
    const s = await setup(false, ['websocket']);
    expect(engineRequest(s.socket)).toBeInstanceOf(IncomingMessage);
    expect(s.upgradeResponses[0].req).toBeInstanceOf(IncomingMessage);
  });
});
