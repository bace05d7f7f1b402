// The local Redis (design.md: 127.0.0.1:6379) for the scale-out tests; where none runs, callers
// skip with a clear message.
import { createClient } from 'redis';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function redisAvailable(url = REDIS_URL): Promise<boolean> {
  const client = createClient({ url, socket: { connectTimeout: 1000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    await client.quit().catch(() => {});
  }
}
