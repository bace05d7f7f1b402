// With REDIS_URL, socket.io rooms and events are shared by every server process through a
// Redis stream (which also keeps sessions for connection-state recovery across processes), and
// cache drops reach every process (cacheSync.ts).
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';
import type { Server } from 'socket.io';
import { syncCaches } from './cacheSync';

export async function attachRedisAdapter(io: Server, redisUrl: string): Promise<() => Promise<void>> {
  const client = createClient({ url: redisUrl });
  client.on('error', (err) => {
    // The client reconnects by itself; the error is reported, not fatal.
    process.stderr.write(`Redis: ${(err as Error).message}\n`);
  });
  await client.connect();
  io.adapter(createAdapter(client, { streamName: 'chatdesk:socket.io' }));
  const stopSync = syncCaches(io);
  return async () => {
    stopSync();
    await client.quit().catch(() => {});
  };
}
