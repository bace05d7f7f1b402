// Issue 4: agent sockets stop with their sign-in in every process. With REDIS_URL, a logout on one
// process cuts the console connected to another (the adapter's disconnectSockets on the
// sign-in's room).
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_NAMESPACE } from '../../../core/realtime/events';
import { login, type TestServer } from '../../helpers/server';
import { startTwoServers, type TwoServers, twoServersPossible } from '../../helpers/twoServers';

const ready = await twoServersPossible();
if (!ready) console.warn('PostgreSQL or Redis is not reachable: the cross-process logout test is skipped.');

describe.skipIf(!ready)('logout across processes (PostgreSQL + Redis)', () => {
  let servers: TwoServers;
  let a: TestServer;
  let b: TestServer;
  let socket: Socket | null = null;
  beforeAll(async () => {
    servers = await startTwoServers();
    ({ a, b } = servers);
  });
  afterAll(async () => {
    socket?.close();
    await servers?.close();
  });

  it('a console on process B is cut when its sign-in logs out on process A', async () => {
    const session = await login(a.url);
    socket = connect(`${b.url}${AGENT_NAMESPACE}`, {
      auth: { token: session.token, channel_id: session.accountId },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket?.once('connect', () => resolve());
      socket?.once('connect_error', reject);
    });
    const reason = new Promise<string>((resolve) => socket?.once('disconnect', (r) => resolve(r)));
    const res = await fetch(`${a.url}/api/auth/logout`, {
      method: 'POST',
      headers: { ...session.headers },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(await reason).toBe('io server disconnect');
  });
});
