// The widget's server side over real HTTP and sockets (spec 7 "Widget"): shapes, errors, CORS,
// sessions that survive a reload, sess_expired, idempotent sends by temp id, postbacks, uploads,
// agents' replies in real time and after a reconnect, and settings that reach open widgets.
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_EVENTS } from '../../../core/realtime/events';
import { sendMessage } from '../../../server/chat/outbound';
import { followers } from '../../../server/chat/schema';
import { onWidgetPostback } from '../../../server/widget/postbacks';
import { login, startServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let auth: Awaited<ReturnType<typeof login>>;
let widgetId: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startServer();
  auth = await login(server.url);
  widgetId = auth.widgetId;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.close();
});

async function call(
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { 'x-widget-session': init.token } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

async function newVisitor(extra: Record<string, unknown> = {}) {
  const res = await call('/service/widget/verify', { body: { widget_id: widgetId, ...extra } });
  expect(res.status).toBe(200);
  return res.body.data as { session_id: string; visitor_id: string; renewed: boolean };
}

function textEvent(visitorId: string, id: string, text: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    source: { type: 'widget', userId: visitorId },
    timestamp: Date.now(),
    type: 'message',
    message: { type: 'text', text },
    ...extra,
  };
}

const send = (token: string, events: unknown[]) =>
  call(`/service/webhook/widget/${widgetId}`, { body: { events }, token });

function connect(token: string): Promise<Socket> {
  const socket = io(`${server.url}/widget`, {
    transports: ['websocket'],
    auth: { from: 'client-widget', widget_id: widgetId, session_id: token },
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const nextEvent = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), 5000);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

describe('GET /service/widget/info and /menu', () => {
  it('answers the public settings with the spec 9 defaults, to any origin', async () => {
    const res = await call(`/service/widget/info?widget_id=${widgetId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.body).toMatchObject({
      button_color: '#000000ff',
      label_color: '#59c7f9ff',
      button_label: 'Chat',
      brand_label: 'My Official Account',
      account_name: 'My Official Account',
      chat_form: false,
      pre_chat_form_fields: [],
      menu: null,
    });
  });

  it('names the missing or unknown widget', async () => {
    expect((await call('/service/widget/info')).body).toMatchObject({
      field: 'widget_id',
      message: 'This field is required.',
    });
    expect((await call('/service/widget/info?widget_id=nope')).status).toBe(404);
    expect((await call('/service/widget/menu?widget_id=nope')).status).toBe(404);
  });

  it('answers the preflight of a cross-site call', async () => {
    const res = await fetch(`${server.url}/service/webhook/widget/${widgetId}`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('x-widget-session');
  });
});

describe('visitor sessions', () => {
  it('issues a session once and continues it for the same token (reload, second tab)', async () => {
    const first = await newVisitor();
    expect(first.session_id.length).toBeGreaterThan(30);
    const again = await call('/service/widget/verify', {
      body: { widget_id: widgetId },
      token: first.session_id,
    });
    expect(again.body.data).toMatchObject({
      session_id: first.session_id,
      visitor_id: first.visitor_id,
      renewed: false,
    });
    const forged = await call('/service/widget/verify', {
      body: { widget_id: widgetId, session_id: 'x'.repeat(43) },
    });
    expect(forged.body.data.renewed).toBe(true);
    expect(forged.body.data.visitor_id).not.toBe(first.visitor_id);
  });

  it('refuses history and sends without a valid token', async () => {
    expect((await call(`/service/widget/messages?widget_id=${widgetId}`)).status).toBe(401);
    expect(
      (await call(`/service/widget/messages?widget_id=${widgetId}`, { token: 'y'.repeat(43) })).status,
    ).toBe(401);
    expect((await send('z'.repeat(43), [textEvent('v', 'a', 'hi')])).status).toBe(401);
  });
});

describe('POST /service/webhook/widget/{widgetId}', () => {
  it('stores a text message once per temp id and lists it in the history of every tab', async () => {
    const v = await newVisitor({ user: { name: 'Somchai', email: 'somchai@example.com' } });
    const first = await send(v.session_id, [textEvent(v.visitor_id, 'temp-1', 'สวัสดีครับ <b>hi</b>')]);
    expect(first.status).toBe(200);
    const message = first.body.results[0].message;
    expect(message).toMatchObject({
      temp_id: 'temp-1',
      from: 'visitor',
      type: 'text',
      message: 'สวัสดีครับ <b>hi</b>',
      statusSendMessage: null,
    });
    const retry = await send(v.session_id, [textEvent(v.visitor_id, 'temp-1', 'สวัสดีครับ <b>hi</b>')]);
    expect(retry.body.results[0]).toMatchObject({ duplicate: true, message: { id: message.id } });
    const history = await call(`/service/widget/messages?widget_id=${widgetId}&skip=0&limit=20`, {
      token: v.session_id,
    });
    expect(history.body.total_count).toBe(1);
    expect(history.body.chat.map((m: { id: string }) => m.id)).toEqual([message.id]);
    const [row] = await server.app.ctx.db.select().from(followers);
    expect(row).toBeDefined();
  });

  it("refuses blank text, another visitor's events and malformed events with the field", async () => {
    const v = await newVisitor();
    expect((await send(v.session_id, [textEvent(v.visitor_id, 'b1', '  \n ')])).body).toMatchObject({
      field: 'events.0.message.text',
      message: 'This field is required.',
    });
    expect((await send(v.session_id, [textEvent('someone-else', 'b2', 'hi')])).status).toBe(403);
    const bad = await send(v.session_id, [{ id: 'b3', type: 'message' }]);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toMatch(/^events\.0/);
    expect((await send(v.session_id, [])).body.field).toBe('events');
  });

  it('sess_expired starts a new conversation, once, even when the event is retried', async () => {
    const v = await newVisitor();
    await send(v.session_id, [textEvent(v.visitor_id, 's1', 'first conversation')]);
    const renewed = await send(v.session_id, [
      textEvent(v.visitor_id, 's2', 'second conversation', { sess_expired: true }),
    ]);
    expect(renewed.body.renewed).toBe(true);
    expect(renewed.body.visitor_id).not.toBe(v.visitor_id);
    const retried = await send(v.session_id, [
      textEvent(v.visitor_id, 's2', 'second conversation', { sess_expired: true }),
    ]);
    expect(retried.body).toMatchObject({
      renewed: false,
      visitor_id: renewed.body.visitor_id,
      results: [{ duplicate: true }],
    });
    const history = await call(`/service/widget/messages?widget_id=${widgetId}`, { token: v.session_id });
    expect(history.body.chat.map((m: { message: string }) => m.message)).toEqual(['second conversation']);
  });

  it('checks the pre-chat form against the saved fields', async () => {
    const put = await call('/api/widget/settings', {
      method: 'PUT',
      headers: auth.headers,
      body: {
        widget_id: widgetId,
        settings: {
          chat_form: true,
          pre_chat_form_fields: [
            { key: 'name', label: 'Name', type: 'text', required: true },
            { key: 'email', label: 'E-mail', type: 'email', required: false },
          ],
        },
      },
    });
    expect(put.status).toBe(200);
    const v = await newVisitor();
    const missing = await send(v.session_id, [
      textEvent(v.visitor_id, 'f1', 'hi', { form: { email: 'a@b.co' } }),
    ]);
    expect(missing.body).toMatchObject({ field: 'events.0.form.name', message: 'This field is required.' });
    const badMail = await call('/service/widget/verify', {
      body: { widget_id: widgetId, form: { name: 'A', email: 'nope' } },
      token: v.session_id,
    });
    expect(badMail.body).toMatchObject({ field: 'form.email', message: 'email is invalid format' });
    const ok = await send(v.session_id, [
      textEvent(v.visitor_id, 'f2', 'hi', { form: { name: 'Malee', email: 'malee@example.com' } }),
    ]);
    expect(ok.status).toBe(200);
    const list = await call('/api/chat/followers?chat_type=all', { headers: auth.headers });
    expect(JSON.stringify(list.body)).toContain('Malee');
    await call('/api/widget/settings', {
      method: 'PUT',
      headers: auth.headers,
      body: { widget_id: widgetId, settings: { chat_form: false, pre_chat_form_fields: [] } },
    });
  });

  it('records a postback once and hands it to the actions hook', async () => {
    const seen: string[] = [];
    onWidgetPostback(async (_ctx, p) => {
      seen.push(p.data);
    });
    const v = await newVisitor();
    const event = {
      id: 'pb-1',
      source: { type: 'widget', userId: v.visitor_id },
      timestamp: Date.now(),
      type: 'postback',
      postback: { data: 'action=hours' },
      menuId: 'main',
      menuButtonId: 'b1',
    };
    expect((await send(v.session_id, [event])).body.results[0]).toEqual({ id: 'pb-1', postback: 'recorded' });
    expect((await send(v.session_id, [event])).body.results[0]).toEqual({
      id: 'pb-1',
      postback: 'duplicate',
    });
    expect(seen).toEqual(['action=hours']);
  });

  it('limits a flood of sends with 429 and Retry-After', async () => {
    const v = await newVisitor();
    const results = [];
    for (let i = 0; i < 12; i++)
      results.push(await send(v.session_id, [textEvent(v.visitor_id, `r${i}`, `m${i}`)]));
    const limited = results.find((r) => r.status === 429);
    expect(limited?.headers.get('retry-after')).toBeTruthy();
    expect(results.filter((r) => r.status === 200).length).toBe(10);
  });
});

describe('attachments', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEklEQVR4nGP8z8DwnwEIGGEMAC8kA/2Qd3WZAAAAAElFTkSuQmCC',
    'base64',
  );
  const upload = (token: string, name: string, bytes: Buffer, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return fetch(`${server.url}/service/widget/upload?widget_id=${widgetId}`, {
      method: 'POST',
      headers: { 'x-widget-session': token },
      body: form,
    });
  };

  const uploadLogo = async (name: string, bytes: Buffer, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const { authorization, channel_id } = auth.headers;
    const res = await fetch(`${server.url}/api/widget/logo?widget_id=${widgetId}`, {
      method: 'POST',
      headers: { authorization, channel_id },
      body: form,
    });
    return res.json();
  };

  it('takes an image, reads its size, and sends it as an image message', async () => {
    const v = await newVisitor();
    const res = await upload(v.session_id, 'photo.png', PNG, 'image/png');
    expect(res.status).toBe(200);
    const { file } = (await res.json()) as { file: { url: string; resolution: unknown; category: string } };
    expect(file).toMatchObject({ category: 'image', resolution: { width: 2, height: 3 } });
    expect(file.url).toMatch(new RegExp(`^${server.url}/media/[a-z0-9]{20}/photo\\.png$`));
    // The widget shows it on the host's page: passive content any site may read.
    const served = await fetch(file.url, { headers: { origin: 'https://shop.example' } });
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('access-control-allow-origin')).toBe('*');
    expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const sent = await send(v.session_id, [
      { ...textEvent(v.visitor_id, 'img-1', ''), message: { type: 'image', text: file.url } },
    ]);
    expect(sent.body.results[0].message).toMatchObject({ type: 'image', message: file.url });
    expect(sent.body.results[0].message.items[0]).toMatchObject({
      file_path: new URL(file.url).pathname,
      originalContentUrl: file.url,
    });
  });

  it("keeps visitors' files in the library's 'Widget uploads' folder", async () => {
    const v = await newVisitor();
    const res = await upload(v.session_id, 'from-visitor.png', PNG, 'image/png');
    const { file } = (await res.json()) as { file: { id: string; folderId: string } };
    const listed = await call('/api/file/list?search=from-visitor', { headers: auth.headers });
    expect(listed.body.files.map((f: { id: string }) => f.id)).toEqual([file.id]);
    const folders = await call('/api/folder/list', { headers: auth.headers });
    const folder = folders.body.find((f: { folderId: string }) => f.folderId === file.folderId);
    expect(folder.folderame).toBe('Widget uploads');
  });

  it("refuses an .exe renamed .jpg, a zip and somebody else's file", async () => {
    const v = await newVisitor();
    const exe = await upload(
      v.session_id,
      'cat.jpg',
      Buffer.from('MZ\x90\x00this is not an image'),
      'image/jpeg',
    );
    expect(exe.status).toBe(400);
    expect(await exe.json()).toMatchObject({ field: 'file', message: 'Not allow file type' });
    const zip = await upload(v.session_id, 'a.zip', Buffer.from('PK\x03\x04'), 'application/zip');
    expect(zip.status).toBe(400);
    const other = await newVisitor();
    const mine = (await (await upload(other.session_id, 'p.png', PNG, 'image/png')).json()) as {
      file: { url: string };
    };
    const stolen = await send(v.session_id, [
      { ...textEvent(v.visitor_id, 'img-2', ''), message: { type: 'image', text: mine.file.url } },
    ]);
    expect(stolen.status).toBe(400);
    // Nor a file of the media library nobody uploaded in the widget.
    const logo = await uploadLogo('lib.png', PNG, 'image/png');
    const library = await send(v.session_id, [
      { ...textEvent(v.visitor_id, 'img-3', ''), message: { type: 'image', text: logo.file.url } },
    ]);
    expect(library.status).toBe(400);
  });

  it('takes a logo (images only), whose path the settings keep and info answers as an address', async () => {
    const { file, logo } = await uploadLogo('brand.png', PNG, 'image/png');
    expect(logo).toMatch(/^\/media\/[a-z0-9]{20}\/brand\.png$/);
    expect(file.url).toBe(`${server.url}${logo}`);
    const pdf = await uploadLogo('brand.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
    expect(pdf).toMatchObject({ field: 'file', message: 'Not allow file type' });
    const saved = await call('/api/widget/settings', {
      method: 'PUT',
      headers: auth.headers,
      body: { widget_id: widgetId, settings: { logo } },
    });
    expect(saved.status).toBe(200);
    const info = await call(`/service/widget/info?widget_id=${widgetId}`);
    expect(info.body.logo).toBe(`${server.url}${logo}`);
    await call('/api/widget/settings', {
      method: 'PUT',
      headers: auth.headers,
      body: { widget_id: widgetId, settings: { logo: '' } },
    });
  });
});

describe('socket /widget', () => {
  it('delivers an agent reply in real time to every tab, and catches up after a reconnect', async () => {
    const v = await newVisitor();
    const tabA = await connect(v.session_id);
    const first = await send(v.session_id, [textEvent(v.visitor_id, 'k1', 'is anyone there?')]);
    const followerId =
      first.body.results[0].message &&
      (await server.app.ctx.db.select().from(followers)).find((f) => f.externalId === v.visitor_id)?.id;
    expect(followerId).toBeTruthy();
    const tabB = await connect(v.session_id);
    const a = nextEvent<{ message: string; from: string; name?: string }>(tabA, WIDGET_EVENTS.NEW_MESSAGE);
    const b = nextEvent<{ message: string }>(tabB, WIDGET_EVENTS.NEW_MESSAGE);
    await sendMessage(server.app.ctx, {
      accountId: auth.accountId,
      followerId: followerId as string,
      userId: auth.user._id,
      items: [{ type: 'text', text: 'Hello from the team' }],
      tempId: 'agent-k1',
    });
    expect(await a).toMatchObject({ message: 'Hello from the team', from: 'agent', name: 'Owner' });
    expect((await b).message).toBe('Hello from the team');
    // A reconnecting tab asks for what came after the last message it has.
    const lastSeen = first.body.results[0].message.id as string;
    const missed = await call(`/service/widget/messages?widget_id=${widgetId}&after=${lastSeen}`, {
      token: v.session_id,
    });
    expect(missed.body.chat.map((m: { message: string }) => m.message)).toEqual(['Hello from the team']);
  });

  it('tells the open widget when an agent closes the chat', async () => {
    const v = await newVisitor();
    const socket = await connect(v.session_id);
    await send(v.session_id, [textEvent(v.visitor_id, 'close-1', 'thanks, bye')]);
    const follower = (await server.app.ctx.db.select().from(followers)).find(
      (f) => f.externalId === v.visitor_id,
    );
    expect(follower?.livechatId).toBeTruthy();
    const closed = nextEvent<{ timestamp: number }>(socket, WIDGET_EVENTS.CHAT_CLOSED);
    const res = await call('/api/chat/close', {
      headers: auth.headers,
      body: { liveChatId: follower?.livechatId, userId: auth.user._id },
    });
    expect(res.status).toBe(200);
    expect((await closed).timestamp).toBeGreaterThan(0);
  });

  it('a widget that missed the close learns it from its catch-up, until it rates', async () => {
    const v = await newVisitor();
    await send(v.session_id, [textEvent(v.visitor_id, 'close-2', 'one question')]);
    const page = `/service/widget/messages?widget_id=${widgetId}`;
    expect((await call(page, { token: v.session_id })).body.closed_chat).toBeUndefined();
    const follower = (await server.app.ctx.db.select().from(followers)).find(
      (f) => f.externalId === v.visitor_id,
    );
    const res = await call('/api/chat/close', {
      headers: auth.headers,
      body: { liveChatId: follower?.livechatId, userId: auth.user._id },
    });
    expect(res.status).toBe(200);
    const after = await call(page, { token: v.session_id });
    expect(after.body.closed_chat).toEqual({ livechat_id: follower?.livechatId });
    expect(after.body.chat.map((m: { message: string }) => m.message)).toEqual(['one question']);
    const rated = await call('/service/widget/rating', {
      token: v.session_id,
      body: { widget_id: widgetId, score: 5 },
    });
    expect(rated.status).toBe(200);
    expect((await call(page, { token: v.session_id })).body.closed_chat).toBeUndefined();
  });

  it('refuses a handshake without a valid session', async () => {
    await expect(connect('nope'.repeat(11))).rejects.toThrow('Unauthorization');
  });

  it('tells open widgets about saved settings, and refuses invalid ones with the field', async () => {
    const v = await newVisitor();
    const socket = await connect(v.session_id);
    const updated = nextEvent<Record<string, unknown>>(socket, WIDGET_EVENTS.SETTINGS_UPDATED);
    const bad = await call('/api/widget/settings', {
      method: 'PUT',
      headers: auth.headers,
      body: { widget_id: widgetId, settings: { button_color: 'red' } },
    });
    expect(bad.body).toMatchObject({ field: 'button_color', message: 'code color is invalid format' });
    const ok = await call('/api/widget/settings', {
      method: 'PUT',
      headers: auth.headers,
      body: { widget_id: widgetId, settings: { button_color: '#124a97ff', scatter_message: 'Hi there' } },
    });
    expect(ok.status).toBe(200);
    expect(await updated).toMatchObject({ button_color: '#124a97ff', scatter_message: 'Hi there' });
    const read = await call(`/api/widget/settings?widget_id=${widgetId}`, { headers: auth.headers });
    expect(read.body).toMatchObject({ settings: { button_color: '#124a97ff' }, can_edit: true });
    expect(read.body.snippet.html).toContain(`<chat-widget widget-id="${widgetId}">`);
    expect((await call('/api/widget/settings?widget_id=other', { headers: auth.headers })).status).toBe(404);
  });

  it('refuses a save with a value of the wrong kind whole, naming the field, and keeps nothing of it', async () => {
    const put = (settings: unknown) =>
      call('/api/widget/settings', {
        method: 'PUT',
        headers: auth.headers,
        body: { widget_id: widgetId, settings },
      });
    const before = (await call(`/api/widget/settings?widget_id=${widgetId}`, { headers: auth.headers })).body
      .settings;
    const cases: [unknown, string, string][] = [
      [{ button_color: 123, description: 'half' }, 'button_color', 'This field is required.'],
      [{ description: 'half', chat_form: 'yes' }, 'chat_form', 'This field is required.'],
      [
        { description: 'half', pre_chat_form_fields: [{ key: 'name', label: 'N', type: 'bogus' }] },
        'pre_chat_form_fields.0.type',
        'pre_chat_form_fields.0.type must be one of: text, email, tel, textarea.',
      ],
      [
        { description: 'half', pre_chat_form_fields: 'name' },
        'pre_chat_form_fields',
        'This field is required.',
      ],
      [
        { description: 'half', menu: { menuLabel: 'M', buttons: [{ label: 'x', type: 'zzz' }] } },
        'menu.buttons.0.type',
        'menu.buttons.0.type must be one of: message, postback, uri.',
      ],
      [{ description: 'half', ice_breakers: ['Hi', 5] }, 'ice_breakers.1', 'This field is required.'],
      [{ description: 'half', ice_breakers: Array(6).fill('Hi') }, 'ice_breakers', 'At most 5 are allowed.'],
      [['x'], 'settings', 'This field is required.'],
    ];
    for (const [settings, field, message] of cases) {
      const res = await put(settings);
      expect(res.status, JSON.stringify(settings)).toBe(400);
      expect(res.body).toMatchObject({ field, message });
    }
    const after = (await call(`/api/widget/settings?widget_id=${widgetId}`, { headers: auth.headers })).body
      .settings;
    expect(after).toEqual(before);
  });
});
