// Issue 14, isolation. Every /api route the server registered (taken from the server itself, so a
// new endpoint is covered without editing this file) is called by account A's owner with the ids of
// account B's objects: in the path, in the query and in the body. Nothing of B may come back and
// nothing of B may change. Also: a widget visitor cannot read another visitor's conversation, a
// visitor's token is worth nothing on another widget or on /api, and a deactivated or deleted
// user's token stops at once.
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_NAMESPACE } from '../../../core/realtime/events';
import { WIDGET_SESSION_HEADER } from '../../../core/widget/message';
import { registeredRoutes } from '../../../server/http/security';
import { figure } from '../../hardening/figures';
import { addMember, MEMBER_PASSWORD, PNG_1x1 } from '../../hardening/inputs';
import { createTenant } from '../../hardening/tenant';
import { login, startServer, type TestServer } from '../../helpers/server';

// biome-ignore lint/suspicious/noExplicitAny: wire payloads.
type Payload = any;
type Session = Awaited<ReturnType<typeof login>>;

const MARK = 'ZZBSECRET';
let server: TestServer;
let a: Session;
let b: Session;
const bIds: Record<string, string> = {};

async function call(
  as: Session | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(as ? as.headers : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined || method === 'GET' || method === 'HEAD' ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    body: (() => {
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    })() as Payload,
  };
}

async function ok(
  as: Session | null,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  const res = await call(as, method, path, body, headers);
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
}

async function visitor(widgetId: string) {
  const v = (await ok(null, 'POST', '/service/widget/verify', { widget_id: widgetId })).data;
  return { token: v.session_id as string, visitorId: v.visitor_id as string };
}

async function visitorSays(widgetId: string, v: { token: string; visitorId: string }, text: string) {
  return ok(
    null,
    'POST',
    `/service/webhook/widget/${widgetId}`,
    {
      events: [
        {
          id: `e-${Math.random()}`,
          type: 'message',
          source: { type: 'widget', userId: v.visitorId },
          timestamp: Date.now(),
          message: { type: 'text', text },
        },
      ],
    },
    { [WIDGET_SESSION_HEADER]: v.token },
  );
}

/** What B can see of its own things, to prove nothing changed. */
async function snapshotOfB(): Promise<string> {
  const parts = await Promise.all(
    [
      `/api/note/get?followerId=${bIds.follower}`,
      `/api/tag/getsystemtagsuser/${bIds.follower}`,
      `/api/contact/${bIds.contact}`,
      '/api/contact/fields',
      '/api/settings/tags',
      '/api/settings/queues',
      '/api/reply/message/list',
      '/api/reply/group/list',
      '/api/keyword/list',
      '/api/intent/list',
      '/api/location/list',
      '/api/message-template/list',
      '/api/folder/list',
      `/api/file/list?folderId=${bIds.folder}`,
      `/api/chat/messages?follower_id=${bIds.follower}`,
      '/api/settings/users',
    ].map(async (p) =>
      (await call(b, 'GET', p)).text.replace(/"(updated_at|last_seen_at|online|now)":[^,}]*/g, ''),
    ),
  );
  return parts.join('\n');
}

beforeAll(async () => {
  server = await startServer();
  a = await login(server.url);
  b = await createTenant(server.app, server.url, 'owner.b@example.com', 'Other shop');
  // B's objects, each named with the marker so any leak is visible in an answer.
  const v = await visitor(b.widgetId);
  await ok(
    null,
    'POST',
    '/service/widget/verify',
    { widget_id: b.widgetId, user: { name: `${MARK} customer` } },
    { [WIDGET_SESSION_HEADER]: v.token },
  );
  const sent = await visitorSays(b.widgetId, v, `${MARK} message`);
  bIds.message = sent.results[0].message.id ?? sent.results[0].message._id;
  const followers = await ok(b, 'GET', '/api/chat/followers?chat_type=all');
  bIds.follower = followers.chat.data[0]._id;
  bIds.livechat = followers.chat.data[0].last_livechat?.livechat_id ?? '';
  bIds.note = String(
    (await ok(b, 'POST', '/api/note/create', { followerId: bIds.follower, text: `${MARK} note` })).note.no,
  );
  bIds.tag = (
    await ok(b, 'POST', '/api/tag/add', { followerId: bIds.follower, name: `${MARK} tag` })
  ).tags[0].value;
  bIds.field = (
    await ok(b, 'POST', '/api/contact/fields', { key: 'secret', label: `${MARK} field`, type: 'other' })
  ).field._id;
  bIds.contact = (await ok(b, 'POST', '/api/contact/create', { line_name: `${MARK} contact` })).contact._id;
  bIds.reply = (
    await ok(b, 'POST', '/api/reply/message/create', {
      name: `${MARK} reply`,
      items: [{ type: 'text', text: MARK }],
    })
  ).reply_message._id;
  bIds.group = (await ok(b, 'POST', '/api/reply/group/create', { name: `${MARK} group` })).group._id;
  bIds.keyword = (
    await ok(b, 'POST', '/api/keyword/create', {
      name: `${MARK} kw`,
      keywords: [{ text: 'zz', match: 'contains' }],
      action: 'reply',
      reply_message_id: bIds.reply,
    })
  ).rule?._id;
  bIds.intent = (
    await ok(b, 'POST', '/api/intent/create', {
      name: `${MARK} intent`,
      training_phrases: ['zz'],
      reply_message_id: bIds.reply,
    })
  ).intent?._id;
  bIds.location = (
    await ok(b, 'POST', '/api/location/create', {
      name: `${MARK} place`,
      open_time: '10:00',
      close_time: '20:00',
      latitude: '13.7',
      longitude: '100.5',
    })
  ).location?._id;
  bIds.queue = (await ok(b, 'POST', '/api/settings/queues', { name: `${MARK} queue` })).queue._id;
  bIds.settingsTag = (await ok(b, 'POST', '/api/settings/tags', { name: `${MARK} stag` })).tag._id;
  bIds.folder = (await ok(b, 'POST', '/api/folder/create', { name: `${MARK} folder` })).folderId;
  const form = new FormData();
  form.append('files', new Blob([Buffer.from(PNG_1x1)], { type: 'image/png' }), `${MARK}.png`);
  const { 'content-type': _ct, ...bHeaders } = b.headers;
  const up = await fetch(`${server.url}/api/file/upload?folderId=${bIds.folder}`, {
    method: 'POST',
    headers: bHeaders,
    body: form,
  });
  bIds.file = ((await up.json()) as Payload).resultUpload[0].id;
  bIds.user = b.user._id;
  bIds.widget = b.widgetId;
  bIds.account = b.accountId;
  const roles = await ok(b, 'GET', '/api/settings/roles');
  bIds.role = roles.list.find((r: Payload) => r.level === 3)._id;
  for (const [k, v2] of Object.entries(bIds)) if (!v2) throw new Error(`B's ${k} id is missing`);
}, 60_000);
afterAll(() => server?.close());

// Routes that act on the caller themselves; calling them would end A's own session, not test B.
const SELF = new Set([
  '/api/auth/logout',
  '/api/auth/password',
  '/api/auth/delete-account',
  '/api/auth/login',
]);
/** Where each id-like field of a request points among B's objects. */
const ID_FIELDS: Record<string, string> = {
  follower_id: 'follower',
  followerId: 'follower',
  liveChatId: 'livechat',
  livechat_id: 'livechat',
  file_id: 'file',
  folderId: 'folder',
  parentId: 'folder',
  reply_message_id: 'reply',
  widget_id: 'widget',
  tagId: 'tag',
  tag_id: 'settingsTag',
  queue_id: 'queue',
  queueId: 'queue',
  role_id: 'role',
  user_id: 'user',
  userId: 'user',
  contact_id: 'contact',
  primary_id: 'contact',
  secondary_id: 'contact',
  messageId: 'message',
  message_id: 'message',
  group_id: 'group',
  location_id: 'location',
  channel: 'widget',
  no: 'note',
};
/** A route without an id in its path is tried once per kind of object its plain `id` may name. */
const PLAIN_ID_KINDS = ['follower', 'contact', 'file', 'reply'];

describe('account isolation (issue 14)', () => {
  it("no /api route gives account A anything of account B's, or changes it", async () => {
    const routes = registeredRoutes(server.app.fastify).filter(
      (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS' && !SELF.has(r.url),
    );
    const before = await snapshotOfB();
    const reads: string[] = [];
    const fives: string[] = [];
    let calls = 0;
    let withIds = 0;
    for (const route of routes) {
      const params = route.url.match(/:[A-Za-z_]+/g) ?? [];
      let tookId = params.length > 0;
      const attempts = params.length > 0 ? Object.values(bIds) : PLAIN_ID_KINDS.map((k) => bIds[k]);
      for (const id of attempts) {
        const path = params.reduce((p, name) => p.replace(name, encodeURIComponent(id)), route.url);
        const fields: Record<string, string> = { id, _id: id };
        for (const [key, kind] of Object.entries(ID_FIELDS)) fields[key] = bIds[kind];
        const query = route.method === 'GET' ? `?${new URLSearchParams(fields).toString()}` : '';
        const body = {
          ...fields,
          fileIds: [bIds.file],
          ids: [id],
          followerIds: [bIds.follower],
          text: 'probe',
          message: 'probe',
          name: 'probe',
        };
        let res = await call(a, route.method, `${path}${query}`, route.method === 'GET' ? undefined : body);
        if (res.status === 401) {
          a = await login(server.url);
          res = await call(a, route.method, `${path}${query}`, route.method === 'GET' ? undefined : body);
        }
        calls += 1;
        if (res.status >= 500)
          fives.push(`${route.method} ${route.url} [${id}]: ${res.status} ${res.text.slice(0, 120)}`);
        if (res.status < 300 && res.text.includes(MARK)) reads.push(`${route.method} ${route.url} [${id}]`);
        if (res.status === 404 || res.status === 403) tookId = true;
      }
      if (tookId) withIds += 1;
    }
    const after = await snapshotOfB();
    figure(
      'api routes swept with account B ids',
      routes.length,
      `${withIds} refused an id of B, ${calls} calls`,
    );
    figure('cross-account reads', reads.length);
    figure('cross-account writes', before === after ? 0 : 1);
    expect(fives).toEqual([]);
    expect(reads).toEqual([]);
    expect(after).toBe(before);
    expect(routes.length).toBeGreaterThan(100);
  }, 120_000);

  it('an agent socket of account A cannot join a chat of account B', async () => {
    const socket = connect(`${server.url}${AGENT_NAMESPACE}`, {
      auth: { token: a.token, channel_id: a.accountId },
      transports: ['websocket'],
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const answer = await socket.timeout(3000).emitWithAck('JOIN_CHAT', bIds.follower);
    socket.close();
    expect(answer).toMatchObject({ ok: false });
    // …nor connect as account B's console.
    const other = connect(`${server.url}${AGENT_NAMESPACE}`, {
      auth: { token: a.token, channel_id: b.accountId },
      transports: ['websocket'],
    });
    const error = await new Promise<Error>((resolve) => other.once('connect_error', resolve));
    other.close();
    expect(error.message).not.toBe('');
  });
});

describe('widget visitors (issue 14)', () => {
  it("one visitor cannot read or write another's conversation, nor use the token elsewhere", async () => {
    const v1 = await visitor(a.widgetId);
    const v2 = await visitor(a.widgetId);
    const sent = await visitorSays(a.widgetId, v1, 'private to visitor one');
    const firstId = sent.results[0].message.id ?? sent.results[0].message._id;
    // Guessing ids: v2 pages and asks "after" v1's message.
    for (const q of [`after=${firstId}`, 'skip=0&limit=50', `follower_id=${bIds.follower}`]) {
      const res = await call(
        null,
        'GET',
        `/service/widget/messages?widget_id=${a.widgetId}&${q}`,
        undefined,
        { [WIDGET_SESSION_HEADER]: v2.token },
      );
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('private to visitor one');
    }
    // Writing as v1 with v2's token.
    const forged = await call(
      null,
      'POST',
      `/service/webhook/widget/${a.widgetId}`,
      {
        events: [
          {
            id: 'forged-1',
            type: 'message',
            source: { type: 'widget', userId: v1.visitorId },
            timestamp: Date.now(),
            message: { type: 'text', text: 'forged' },
          },
        ],
      },
      { [WIDGET_SESSION_HEADER]: v2.token },
    );
    expect(forged.status).toBe(403);
    // The token is bound to its widget and worth nothing on /api.
    const elsewhere = await call(null, 'GET', `/service/widget/messages?widget_id=${b.widgetId}`, undefined, {
      [WIDGET_SESSION_HEADER]: v1.token,
    });
    expect(elsewhere.status).toBe(401);
    const api = await call(null, 'GET', '/api/auth/me', undefined, { authorization: `Bearer ${v1.token}` });
    expect(api.status).toBe(401);
    // Tokens are long random secrets: two visitors never share a prefix of any length worth guessing.
    expect(v1.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(v1.token.slice(0, 8)).not.toBe(v2.token.slice(0, 8));
  });
});

describe('ended users (issue 14)', () => {
  it("a deactivated user's token and socket stop at once; a deleted user's token too", async () => {
    const agentId = await addMember(
      (m, p, body) =>
        fetch(`${server.url}${p}`, {
          method: m,
          headers: a.headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      server.url,
      'leaving.agent@example.com',
      4,
    );
    const agent = await login(server.url, 'leaving.agent@example.com', MEMBER_PASSWORD);
    expect((await call(agent, 'GET', '/api/chat/followers')).status).toBe(200);
    const socket = connect(`${server.url}${AGENT_NAMESPACE}`, {
      auth: { token: agent.token, channel_id: agent.accountId },
      transports: ['websocket'],
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const cut = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    await ok(a, 'POST', `/api/settings/users/${agentId}/deactivate`, {});
    const next = await call(agent, 'GET', '/api/chat/followers');
    expect([401, 403]).toContain(next.status);
    expect(await cut).toBeTruthy();
    socket.close();

    const gone = await addMember(
      (m, p, body) =>
        fetch(`${server.url}${p}`, {
          method: m,
          headers: a.headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      server.url,
      'deleting.agent@example.com',
      4,
    );
    expect(gone).toBeTruthy();
    const leaver = await login(server.url, 'deleting.agent@example.com', MEMBER_PASSWORD);
    expect(
      (await call(leaver, 'POST', '/api/auth/delete-account', { password: MEMBER_PASSWORD })).status,
    ).toBe(200);
    expect((await call(leaver, 'GET', '/api/auth/me')).status).toBe(401);
  });
});
