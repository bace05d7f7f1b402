// With REDIS_URL, each process reads back its own entries of the socket.io stream: they are dropped
// before being parsed (server/realtime/redis.ts), while the other processes still get every event.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { type Socket as ClientSocket, io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { REDIS_URL, redisReachable } from '../../../bench/scale/servers';
import { attachRedisAdapter } from '../../../server/realtime/redis';

const redis = await redisReachable();

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function process_() {
  const httpServer = http.createServer();
  const io = new Server(httpServer);
  const detach = await attachRedisAdapter(io, REDIS_URL);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  stops.push(async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await detach();
  });
  return { io, port: (httpServer.address() as AddressInfo).port };
}

describe.skipIf(!redis)('the socket.io stream with REDIS_URL', () => {
  it("drops a process's own entries unparsed; the other process hears every event", async () => {
    const a = await process_();
    const b = await process_();
    const client: ClientSocket = connect(`http://127.0.0.1:${b.port}`, { transports: ['websocket'] });
    stops.push(async () => {
      client.close();
    });
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    const adapterA = a.io.of('/').adapter as unknown as {
      uid: string;
      onMessage: (m: { uid: string }, offset?: string) => void;
    };
    const ownSeen: unknown[] = [];
    const onMessage = adapterA.onMessage.bind(adapterA);
    adapterA.onMessage = (m, offset) => {
      if (m.uid === adapterA.uid) ownSeen.push(m);
      onMessage(m, offset);
    };
    // B reads the stream from its end ('$') once its first read reaches Redis: on a busy machine that
    // can come after A's first entries. A says 'ready' until B hears it, then the five.
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => a.io.emit('ready'), 50);
      client.once('ready', () => {
        clearInterval(timer);
        resolve();
      });
    });
    const heard: number[] = [];
    const all = new Promise<void>((resolve) =>
      client.on('n', (n: number) => {
        heard.push(n);
        if (heard.length === 5) resolve();
      }),
    );
    for (let n = 0; n < 5; n++) a.io.emit('n', n);
    await all;
    // Time for A to read its own five entries back, as it does.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual([0, 1, 2, 3, 4]);
    expect(ownSeen).toEqual([]);
  });
});
