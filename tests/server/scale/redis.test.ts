// Two server processes on one PostgreSQL and one Redis (design.md "Scale-out is configuration"):
// an agent connected to one hears a customer who reached the other.
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_EVENTS, AGENT_NAMESPACE } from '../../../core/realtime/events';
import { receiveCustomerMessage } from '../../../server/chat/inbound';
import { login, type TestServer } from '../../helpers/server';
import { startTwoServers, type TwoServers, twoServersPossible } from '../../helpers/twoServers';

const ready = await twoServersPossible();
if (!ready) console.warn('PostgreSQL or Redis is not reachable: the scale-out tests are skipped.');

describe.skipIf(!ready)('two processes on PostgreSQL + Redis', () => {
  let servers: TwoServers;
  let a: TestServer;
  let b: TestServer;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    servers = await startTwoServers();
    ({ a, b } = servers);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await servers?.close();
  });

  async function agentOn(server: TestServer) {
    const session = await login(server.url);
    const socket = connect(`${server.url}${AGENT_NAMESPACE}`, {
      auth: { token: session.token, channel_id: session.accountId },
      transports: ['websocket'],
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, session };
  }

  it('a customer message taken in by process B reaches an agent connected to process A', async () => {
    const { socket, session } = await agentOn(a);
    const heard = new Promise<{ follower: { _id: string }; message: { messages_sent: { text?: string }[] } }>(
      (resolve) => socket.on(AGENT_EVENTS.GET_CHAT, resolve),
    );
    await receiveCustomerMessage(b.app.ctx, {
      channel: { id: session.widgetId, accountId: session.accountId, type: 'widget' },
      externalId: 'visitor-scale-1',
      profile: { name: 'Scale visitor' },
      items: [{ type: 'text', text: 'hello from process B' }],
      tempId: 'scale-1',
    });
    const event = await heard;
    expect(event.message.messages_sent[0].text).toBe('hello from process B');
  });

  it('each process sees agents online on the other (online list across processes)', async () => {
    await agentOn(b);
    const { headers } = await login(a.url);
    const res = await fetch(`${a.url}/api/agents/online`, { headers });
    const body = await res.json();
    expect(body.online_count).toBe(1);
    expect(body.agents[0].online).toBe(true);
  });
});
