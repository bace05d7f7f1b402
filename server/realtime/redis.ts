// With REDIS_URL, socket.io rooms and events are shared by every server process through a
// Redis stream (which also keeps sessions for connection-state recovery across processes), and
// cache drops reach every process (cacheSync.ts).
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';
import type { Server } from 'socket.io';
import { syncCaches } from './cacheSync';

type AdapterFactory = ReturnType<typeof createAdapter>;
interface StreamAdapter {
  uid: string;
  onRawMessage(raw: { uid?: unknown }, offset: string): void;
}

/**
 * Every process reads back what it wrote to the stream. The adapter parsed each such entry (a
 * whole chat event, at every message) only to drop it as its own: own entries are now dropped
 * before they are parsed. (socket.io calls the factory with `new`: a plain function.)
 */
export function skippingOwnMessages(factory: AdapterFactory): AdapterFactory {
  return function ownSkipping(this: unknown, nsp: Parameters<AdapterFactory>[0]) {
    const adapter = factory(nsp);
    const stream = adapter as unknown as StreamAdapter;
    const onRawMessage = stream.onRawMessage.bind(adapter);
    stream.onRawMessage = (raw, offset) => {
      if (raw?.uid === stream.uid) return;
      onRawMessage(raw, offset);
    };
    return adapter;
  } as AdapterFactory;
}

export async function attachRedisAdapter(io: Server, redisUrl: string): Promise<() => Promise<void>> {
  const client = createClient({ url: redisUrl });
  client.on('error', (err) => {
    // The client reconnects by itself; the error is reported, not fatal.
    process.stderr.write(`Redis: ${(err as Error).message}\n`);
  });
  await client.connect();
  io.adapter(skippingOwnMessages(createAdapter(client, { streamName: 'chatdesk:socket.io' })));
  const stopSync = syncCaches(io);
  return async () => {
    stopSync();
    await client.quit().catch(() => {});
  };
}
