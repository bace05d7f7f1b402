// Two server processes on one throw-away PostgreSQL database and the local Redis (design.md
// "Scale-out is configuration"), for the cross-process tests. Where either service is missing,
// `twoServersPossible` answers false and callers skip with a clear message.
import { createTestDatabase, postgresAvailable } from './postgres';
import { REDIS_URL, redisAvailable } from './redis';
import { startServer, type TestServer } from './server';

export const twoServersPossible = async () => (await postgresAvailable()) && (await redisAvailable());

export interface TwoServers {
  a: TestServer;
  b: TestServer;
  close(): Promise<void>;
}

export async function startTwoServers(): Promise<TwoServers> {
  const db = await createTestDatabase();
  const started: TestServer[] = [];
  const close = async () => {
    for (const server of started) await server.close();
    await db.drop();
  };
  try {
    for (let i = 0; i < 2; i++) started.push(await startServer({ databaseUrl: db.url, env: { REDIS_URL } }));
  } catch (err) {
    await close();
    throw err;
  }
  const [a, b] = started;
  return { a, b, close };
}
