// What the chat server tests share: a real server (PGlite or a throw-away PostgreSQL database),
// signed-in agents at chosen role levels, queues, a customer writing in through the inbound
// path, and agent sockets that record what they hear.
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { AGENT_NAMESPACE } from '../../../core/realtime/events';
import { newId } from '../../../server/accounts/ids';
import { accounts, channels, memberships, roles, users } from '../../../server/accounts/schema';
import { hashPassword } from '../../../server/auth/passwordHash';
import { receiveCustomerMessage } from '../../../server/chat/inbound';
import { queueMembers, queues } from '../../../server/chat/schema';
import { createTestDatabase, postgresAvailable } from '../../helpers/postgres';
import { login, startServer, type TestServer } from '../../helpers/server';

export type Session = Awaited<ReturnType<typeof login>>;
// biome-ignore lint/suspicious/noExplicitAny: wire payloads; each test's expectations check their shape.
export type Payload = any;

export interface Harness {
  server: TestServer;
  owner: Session;
  /** Calls the API as `as` (the owner by default); never throws on a status. */
  api<T = Payload>(
    method: string,
    path: string,
    body?: unknown,
    as?: Session,
  ): Promise<{ status: number; body: T; headers: Headers }>;
  addAgent(level: number, name?: string): Promise<Session>;
  createQueue(name: string, visibility: 'everyone' | 'selected', members?: string[]): Promise<string>;
  customerSays(
    text: string,
    options?: { visitor?: string; tempId?: string; eventId?: string; name?: string },
  ): ReturnType<typeof receiveCustomerMessage>;
  agentSocket(session: Session): Promise<RecordingSocket>;
  close(): Promise<void>;
}

export interface RecordingSocket {
  socket: Socket;
  heard: { event: string; payload: Payload }[];
  /** Resolves with the first payload of `event` that passes `match`, heard before or after the call. */
  next(event: string, match?: (payload: Payload) => boolean, timeoutMs?: number): Promise<Payload>;
  emitAck(event: string, payload: unknown): Promise<Payload>;
}

/** Every agent addAgent makes signs in with this password. */
export const AGENT_PASSWORD = 'Ag3nt$ecretPass';
const PASSWORD = AGENT_PASSWORD;

export async function startChatHarness(options: { postgres?: boolean } = {}): Promise<Harness> {
  let drop: (() => Promise<void>) | null = null;
  let databaseUrl: string | undefined;
  if (options.postgres) {
    const db = await createTestDatabase();
    databaseUrl = db.url;
    drop = db.drop;
  }
  const server = await startServer({ databaseUrl });
  const owner = await login(server.url);
  const ctx = server.app.ctx;
  const sockets: Socket[] = [];

  const api: Harness['api'] = async (method, path, body, as = owner) => {
    const init: RequestInit = { method, headers: { ...as.headers } };
    if (body instanceof FormData) {
      delete (init.headers as Record<string, string>)['content-type'];
      init.body = body;
    } else if (body !== undefined && method !== 'GET') init.body = JSON.stringify(body);
    let url = `${server.url}${path}`;
    if (body !== undefined && method === 'GET')
      url += `?${new URLSearchParams(Object.entries(body as Record<string, string>)).toString()}`;
    const res = await fetch(url, init);
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
    return { status: res.status, body: parsed, headers: res.headers };
  };

  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, owner.accountId));

  const addAgent: Harness['addAgent'] = async (level, name = `Agent ${level}`) => {
    const [role] = await ctx.db
      .select()
      .from(roles)
      .where(and(eq(roles.workspaceId, account.workspaceId), eq(roles.level, level)));
    const id = newId();
    const email = `${id}@example.com`;
    await ctx.db.insert(users).values({
      id,
      email,
      passwordHash: await hashPassword(PASSWORD),
      displayName: name,
    });
    await ctx.db.insert(memberships).values({ userId: id, accountId: owner.accountId, roleId: role.id });
    return login(server.url, email, PASSWORD);
  };

  const createQueue: Harness['createQueue'] = async (name, visibility, members = []) => {
    const id = newId();
    await ctx.db.insert(queues).values({ id, accountId: owner.accountId, name, visibility });
    for (const userId of members) await ctx.db.insert(queueMembers).values({ queueId: id, userId });
    return id;
  };

  const customerSays: Harness['customerSays'] = (text, o = {}) =>
    receiveCustomerMessage(ctx, {
      channel: { id: owner.widgetId, accountId: owner.accountId, type: 'widget' },
      externalId: o.visitor ?? 'visitor-1',
      profile: o.name ? { name: o.name } : undefined,
      items: [{ type: 'text', text }],
      tempId: o.tempId,
      eventId: o.eventId,
    });

  const agentSocket: Harness['agentSocket'] = async (session) => {
    const socket = connect(`${server.url}${AGENT_NAMESPACE}`, {
      auth: { token: session.token, channel_id: session.accountId },
      transports: ['websocket'],
    });
    sockets.push(socket);
    const heard: { event: string; payload: Payload }[] = [];
    const waiters: { event: string; match: (p: Payload) => boolean; resolve: (p: Payload) => void }[] = [];
    socket.onAny((event: string, payload: Payload) => {
      heard.push({ event, payload });
      for (const w of [...waiters])
        if (w.event === event && w.match(payload)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(payload);
        }
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return {
      socket,
      heard,
      next(event, match = () => true, timeoutMs = 3000) {
        const seen = heard.find((h) => h.event === event && match(h.payload));
        if (seen) return Promise.resolve(seen.payload);
        return new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
          waiters.push({
            event,
            match,
            resolve: (p) => {
              clearTimeout(timer);
              resolve(p);
            },
          });
        });
      },
      emitAck: (event, payload) => socket.timeout(3000).emitWithAck(event, payload),
    };
  };

  return {
    server,
    owner,
    api,
    addAgent,
    createQueue,
    customerSays,
    agentSocket,
    async close() {
      for (const s of sockets) s.close();
      await server.close();
      await drop?.();
    },
  };
}

/** Another account with its own channel and follower, that the harness's users are not in. */
export async function otherAccount(h: Harness) {
  const ctx = h.server.app.ctx;
  const [mine] = await ctx.db.select().from(accounts).where(eq(accounts.id, h.owner.accountId));
  const accountId = newId();
  const channelId = newId(12);
  await ctx.db.insert(accounts).values({ id: accountId, workspaceId: mine.workspaceId, name: 'Other' });
  await ctx.db.insert(channels).values({ id: channelId, accountId, type: 'widget', name: 'Other chat' });
  const result = await receiveCustomerMessage(ctx, {
    channel: { id: channelId, accountId, type: 'widget' },
    externalId: 'other-visitor',
    profile: { name: 'Other customer' },
    items: [{ type: 'text', text: 'not yours' }],
  });
  return { accountId, channelId, follower: result!.follower, message: result!.message };
}

/** The databases the DB-heavy tests run on: PGlite always, PostgreSQL where it is reachable. */
export async function testDatabases(): Promise<[name: string, postgres: boolean][]> {
  if (await postgresAvailable())
    return [
      ['PGlite', false],
      ['PostgreSQL', true],
    ];
  console.warn('PostgreSQL is not reachable: these chat tests run on PGlite only.');
  return [['PGlite', false]];
}

/** Waits a little for events that should NOT arrive. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
