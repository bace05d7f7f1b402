// Issue 14: security headers per kind of response, CORS for the widget and for /api, rate limits
// with 429 and Retry-After, bodies refused early, slow clients, socket limits, webhook replays and
// setUser identity verification — all against the real server over real HTTP and sockets.
import { createHmac, randomUUID } from 'node:crypto';
import net from 'node:net';
import { count, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_NAMESPACE } from '../../../core/realtime/events';
import { WIDGET_SESSION_HEADER } from '../../../core/widget/message';
import { followers, messages } from '../../../server/chat/schema';
import { startServer, type TestServer } from '../../helpers/server';
import {
  type ChannelHarness,
  eventually,
  LINE_SECRET,
  lineSignature,
  metaSignature,
  postRaw,
  startChannelHarness,
} from '../channels/channelHarness';

// biome-ignore lint/suspicious/noExplicitAny: wire payloads.
type Payload = any;

let h: ChannelHarness;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  h = await startChannelHarness({ SOCKETS_PER_ADDRESS: '4' });
  url = h.server.url;
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await h?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${url}${path}`, { headers });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

function cspDirectives(header: string | null): Map<string, string> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0], d.slice(d.indexOf(' ') + 1)]),
  );
}

describe('headers per kind of response', () => {
  it('console pages: strict CSP without inline script, never framed, no inline <script> in the HTML', async () => {
    for (const path of ['/', '/live', '/th/contact-list', '/no-such-page']) {
      const res = await get(path);
      const csp = cspDirectives(res.headers.get('content-security-policy'));
      // Our scripts, and Facebook's login SDK (spec 7) and nothing else: no inline, no eval.
      expect(csp.get('script-src'), path).toBe("'self' https://connect.facebook.net");
      expect(csp.get('connect-src'), path).toBe("'self' https://graph.facebook.com https://*.facebook.com");
      expect(csp.get('frame-ancestors'), path).toBe("'none'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('base-uri')).toBe("'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('set-cookie')).toBeNull();
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        expect(attrs).toMatch(/\bsrc=/);
        expect(body.trim()).toBe('');
      }
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    }
  });

  it('the full-page widget may be framed by any site; JSON and files are inert', async () => {
    const widget = await get(`/widget/${h.owner.widgetId}`);
    const widgetCsp = cspDirectives(widget.headers.get('content-security-policy'));
    expect(widgetCsp.get('frame-ancestors')).toBe('*');
    expect(widgetCsp.get('script-src')).toBe("'self'");
    expect(widget.headers.get('x-frame-options')).toBeNull();
    for (const res of [
      await get('/api/auth/me', h.owner.headers),
      await get('/api/nothing-here', h.owner.headers),
      await get(`/service/widget/info?widget_id=${h.owner.widgetId}`),
      await get('/healthz'),
    ]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const script = await get('/chat-widget.js');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    // An uploaded SVG with script is served as a sandboxed download.
    const form = new FormData();
    form.append(
      'files',
      new Blob(
        ['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'],
        {
          type: 'image/svg+xml',
        },
      ),
      'x.svg',
    );
    const { 'content-type': _ct, ...headers } = h.owner.headers;
    const up = (await (
      await fetch(`${url}/api/file/upload`, { method: 'POST', headers, body: form })
    ).json()) as Payload;
    expect(up.resultUpload, JSON.stringify(up)).toBeDefined();
    const file = await fetch(up.resultUpload[0].url);
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('CORS', () => {
  it('lets any site use the widget calls and refuses /api to a foreign origin', async () => {
    const origin = 'https://shop.example.org';
    const widget = await fetch(`${url}/service/widget/verify`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-widget-session',
      },
    });
    expect(widget.status).toBe(204);
    expect(widget.headers.get('access-control-allow-origin')).toBe('*');
    expect(widget.headers.get('access-control-allow-headers')).toContain(WIDGET_SESSION_HEADER);
    const info = await get(`/service/widget/info?widget_id=${h.owner.widgetId}`, { origin });
    expect(info.headers.get('access-control-allow-origin')).toBe('*');

    const preflight = await fetch(`${url}/api/chat/followers`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, channel_id',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const direct = await get('/api/auth/me', { ...h.owner.headers, origin });
    expect(direct.status).toBe(403);
    expect(direct.headers.get('access-control-allow-origin')).toBeNull();
    // The console's own origin is fine.
    expect((await get('/api/auth/me', { ...h.owner.headers, origin: url })).status).toBe(200);
    // A foreign page cannot open an agent socket with a token either.
    const foreign = connect(`${url}${AGENT_NAMESPACE}`, {
      auth: { token: h.owner.token, channel_id: h.owner.accountId },
      transports: ['websocket'],
      extraHeaders: { origin },
      reconnection: false,
    });
    sockets.push(foreign);
    const error = await new Promise<Error>((resolve) => foreign.once('connect_error', resolve));
    expect(error.message).toMatch(/Cross-origin/);
  });
});

describe('abuse limits answer 429 with Retry-After', () => {
  it('sign-in: repeated failures from one place', async () => {
    let last: Response | null = null;
    let n = 0;
    do {
      last = await post(
        '/api/auth/login',
        { email: 'victim@example.com', password: `Wrong$Pass${n}` },
        { 'x-forwarded-for': '10.1.1.1' },
      );
      n += 1;
    } while (last.status === 401 && n < 20);
    expect(last.status).toBe(429);
    expect(n).toBeLessThanOrEqual(11);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('widget verify: new sessions per address', async () => {
    let res: Response | null = null;
    let n = 0;
    do {
      res = await post(
        '/service/widget/verify',
        { widget_id: h.owner.widgetId },
        { 'x-forwarded-for': '10.2.2.2' },
      );
      n += 1;
    } while (res.status === 200 && n < 100);
    expect(res.status).toBe(429);
    // 30 at once, and one more for every 2 s the loop took.
    expect(n).toBeGreaterThanOrEqual(31);
    expect(n).toBeLessThanOrEqual(40);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect(
      (
        await post(
          '/service/widget/verify',
          { widget_id: h.owner.widgetId },
          { 'x-forwarded-for': '10.2.2.3' },
        )
      ).status,
    ).toBe(200);
  });

  it('widget messages: per visitor and per address', async () => {
    const send = async (address: string, token: string, visitorId: string) =>
      post(
        `/service/webhook/widget/${h.owner.widgetId}`,
        {
          events: [
            {
              id: randomUUID(),
              type: 'message',
              source: { type: 'widget', userId: visitorId },
              timestamp: Date.now(),
              message: { type: 'text', text: 'hi' },
            },
          ],
        },
        { [WIDGET_SESSION_HEADER]: token, 'x-forwarded-for': address },
      );
    const visitor = async (address: string) => {
      const d = (
        (await (
          await post(
            '/service/widget/verify',
            { widget_id: h.owner.widgetId },
            { 'x-forwarded-for': address },
          )
        ).json()) as Payload
      ).data;
      return { token: d.session_id as string, id: d.visitor_id as string };
    };
    const v = await visitor('10.3.3.3');
    // 10 at once, then one a second while the requests are served.
    const perVisitor = await Promise.all(Array.from({ length: 25 }, () => send('10.3.3.3', v.token, v.id)));
    const ok = perVisitor.filter((r) => r.status === 200).length;
    expect(ok).toBeGreaterThanOrEqual(10);
    expect(ok).toBeLessThan(25);
    const refused = perVisitor.find((r) => r.status === 429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);

    // Many visitors behind one address: 60 messages at once, then refused. Each request carries 10
    // events (the whole of one visitor's burst), so the address's bucket empties before it refills.
    const crowd = await Promise.all(Array.from({ length: 20 }, (_, i) => visitor(`10.4.4.${i + 10}`)));
    const burst = await Promise.all(
      crowd.map((c) =>
        post(
          `/service/webhook/widget/${h.owner.widgetId}`,
          {
            events: Array.from({ length: 10 }, (_, k) => ({
              id: randomUUID(),
              type: 'message',
              source: { type: 'widget', userId: c.id },
              timestamp: Date.now(),
              message: { type: 'text', text: `crowd ${k}` },
            })),
          },
          { [WIDGET_SESSION_HEADER]: c.token, 'x-forwarded-for': '10.4.4.4' },
        ),
      ),
    );
    const accepted = burst.filter((r) => r.status === 200).length;
    const limited = burst.filter((r) => r.status === 429);
    // 60 at once, plus 10 a second while the requests are served (slower on a busy machine).
    expect(accepted).toBeGreaterThanOrEqual(6);
    expect(limited.length).toBeGreaterThan(0);
    expect(accepted + limited.length).toBe(20);
    expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses an oversized body at once, from its declared length, before it arrives', async () => {
    const port = Number(new URL(url).port);
    const answer = await new Promise<string>((resolve, reject) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.write(
          `POST /api/note/create HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${h.owner.headers.authorization}\r\nchannel_id: ${h.owner.accountId}\r\nContent-Type: application/json\r\nContent-Length: 52428800\r\n\r\n{"text":"`,
        );
      });
      let data = '';
      s.on('data', (d) => {
        data += d.toString();
        if (data.includes('\r\n\r\n')) {
          s.destroy();
          resolve(data);
        }
      });
      s.on('error', reject);
      setTimeout(() => reject(new Error('no answer within 3 s: the server waited for the body')), 3000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    // A real 2 MB body too.
    const big = await post(
      '/api/note/create',
      { followerId: 'x', text: 'x'.repeat(2 * 1024 * 1024) },
      h.owner.headers,
    );
    expect(big.status).toBe(413);
  });
});

describe('slow clients', () => {
  let slow: TestServer;
  beforeAll(async () => {
    slow = await startServer({ env: { HTTP_IDLE_TIMEOUT_MS: '800' } });
  });
  afterAll(() => slow?.close());

  it('closes connections that stall, and serves others meanwhile', async () => {
    const port = Number(new URL(slow.url).port);
    const stalled = await Promise.all(
      Array.from(
        { length: 40 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect(port, '127.0.0.1', () => {
              s.write('GET /healthz HTTP/1.1\r\nHost: x\r\n'); // never finishes its headers
              resolve(s);
            });
            s.on('error', () => {});
          }),
      ),
    );
    expect((await fetch(`${slow.url}/healthz`)).status).toBe(200);
    const closedWithin = await Promise.all(
      stalled.map(
        (s) =>
          new Promise<number>((resolve) => {
            const t0 = Date.now();
            if (s.destroyed || s.readableEnded) return resolve(0);
            s.once('close', () => resolve(Date.now() - t0));
            setTimeout(() => resolve(Number.POSITIVE_INFINITY), 4000);
          }),
      ),
    );
    expect(Math.max(...closedWithin)).toBeLessThan(3000);
  });
});

describe('socket limits', () => {
  it('refuses connections past the limit per address with 429, others still connect', async () => {
    const open = (address: string) => {
      const s = connect(`${url}${AGENT_NAMESPACE}`, {
        transports: ['websocket'],
        extraHeaders: { 'x-forwarded-for': address },
        reconnection: false,
        forceNew: true,
        auth: { token: h.owner.token, channel_id: h.owner.accountId },
      });
      sockets.push(s);
      return new Promise<string>((resolve) => {
        s.once('connect', () => resolve('open'));
        s.once('connect_error', (e: Error) => resolve(`refused ${e.message}`));
        setTimeout(() => resolve('timeout'), 3000);
      });
    };
    const results: string[] = [];
    for (let i = 0; i < 5; i++) results.push(await open('10.5.5.5'));
    expect(results.slice(0, 4)).toEqual(['open', 'open', 'open', 'open']);
    expect(results[4]).toMatch(/^refused/);
    // The refusal is an HTTP 429 with Retry-After, for polling clients too.
    const polling = await get('/socket.io/?EIO=4&transport=polling', { 'x-forwarded-for': '10.5.5.5' });
    expect(polling.status).toBe(429);
    expect(polling.headers.get('retry-after')).toBe('10');
    expect(await open('10.5.5.6')).toBe('open');
  });

  it('limits events per socket: a flood is told to slow down, then cut', async () => {
    const s = connect(`${url}${AGENT_NAMESPACE}`, {
      auth: { token: h.owner.token, channel_id: h.owner.accountId },
      transports: ['websocket'],
      extraHeaders: { 'x-forwarded-for': '10.6.6.6' },
      reconnection: false,
    });
    sockets.push(s);
    await new Promise<void>((resolve) => s.once('connect', () => resolve()));
    const told: Payload[] = [];
    s.on('RATE_LIMITED', (p: Payload) => told.push(p));
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        s
          .timeout(3000)
          .emitWithAck('LEAVE_CHAT', 'x')
          .catch(() => ({ ok: false, code: 'timeout' })),
      ),
    );
    expect(answers.filter((a: Payload) => a.ok).length).toBeGreaterThanOrEqual(30);
    expect(answers.filter((a: Payload) => a.code === 'rate_limited').length).toBeGreaterThan(0);
    await eventually(async () => expect(told.length).toBeGreaterThan(0));
    expect(told[0].retry_after).toBeGreaterThan(0);
    const cut = new Promise<string>((resolve) => s.once('disconnect', (r) => resolve(r)));
    for (let i = 0; i < 120; i++) s.emit('LEAVE_CHAT', 'x');
    expect(await cut).toBe('io server disconnect');
  });
});

describe('webhook replay', () => {
  it('stores a LINE event and a Messenger message once, however often they come, even late', async () => {
    const line = await h.connect('line', {
      channel_id: '1650000001',
      channel_secret: LINE_SECRET,
      access_token: h.line.token,
    });
    const event = {
      type: 'message',
      message: { id: '9001', type: 'text', text: 'replayed', quoteToken: 'q' },
      webhookEventId: '01HREPLAY0000000000000000A',
      deliveryContext: { isRedelivery: false },
      timestamp: Date.now() - 3 * 24 * 3600 * 1000,
      source: { type: 'user', userId: 'Ureplay' },
      replyToken: 'r',
      mode: 'active',
    };
    const sendLine = (e: unknown) => {
      const body = JSON.stringify({ destination: 'Ubot', events: [e] });
      return postRaw(`${url}/webhook/line/${line._id}`, body, {
        'content-type': 'application/json',
        'x-line-signature': lineSignature(LINE_SECRET, body),
      });
    };
    for (const e of [event, event, { ...event, deliveryContext: { isRedelivery: true } }])
      expect((await sendLine(e)).status).toBe(200);

    const meta = await h.connect('messenger', {
      page_id: '1000002',
      app_secret: h.meta.appSecret,
      page_token: h.meta.pageToken,
      verify_token: 'v',
    });
    const body = JSON.stringify({
      object: 'page',
      entry: [
        {
          id: '1000002',
          time: Date.now(),
          messaging: [
            {
              sender: { id: 'psid-replay' },
              recipient: { id: '1000002' },
              timestamp: Date.now() - 86_400_000,
              message: { mid: 'm_replay_1', text: 'replayed' },
            },
          ],
        },
      ],
    });
    for (let i = 0; i < 3; i++)
      expect(
        (
          await postRaw(`${url}/webhook/meta/${meta._id}`, body, {
            'content-type': 'application/json',
            'x-hub-signature-256': metaSignature(h.meta.appSecret, body),
          })
        ).status,
      ).toBe(200);

    const stored = async (channelId: string) => {
      const [{ n }] = await h.server.app.ctx.db
        .select({ n: count() })
        .from(messages)
        .innerJoin(followers, eq(followers.id, messages.followerId))
        .where(eq(followers.channelId, channelId));
      return Number(n);
    };
    await eventually(async () => expect(await stored(line._id)).toBe(1));
    await eventually(async () => expect(await stored(meta._id)).toBe(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(await stored(line._id)).toBe(1);
    expect(await stored(meta._id)).toBe(1);
  });
});

describe('setUser identity verification', () => {
  it('trusts an identity only with the HMAC of the widget secret; the secret never reaches visitors', async () => {
    const widgetId = h.owner.widgetId;
    const on = (await (
      await post('/api/widget/identity', { widget_id: widgetId, action: 'generate' }, h.owner.headers)
    ).json()) as Payload;
    expect(on.secret).toMatch(/^[0-9a-f]{64}$/);
    // Saving the widget settings keeps the secret; the public info never shows it.
    await fetch(`${url}/api/widget/settings`, {
      method: 'PUT',
      headers: h.owner.headers,
      body: JSON.stringify({ widget_id: widgetId, settings: { header: 'Hi' } }),
    });
    const read = (await (
      await get(`/api/widget/identity?widget_id=${widgetId}`, h.owner.headers)
    ).json()) as Payload;
    expect(read.secret).toBe(on.secret);
    const info = await (await get(`/service/widget/info?widget_id=${widgetId}`)).text();
    expect(info).not.toContain(on.secret);
    expect(
      await get(`/api/widget/settings?widget_id=${widgetId}`, h.owner.headers).then((r) => r.text()),
    ).not.toContain(on.secret);

    const identityOf = async (user: Record<string, string>, address: string) => {
      const d = (
        (await (
          await post('/service/widget/verify', { widget_id: widgetId, user }, { 'x-forwarded-for': address })
        ).json()) as Payload
      ).data;
      await post(
        `/service/webhook/widget/${widgetId}`,
        {
          events: [
            {
              id: randomUUID(),
              type: 'message',
              source: { type: 'widget', userId: d.visitor_id },
              timestamp: Date.now(),
              message: { type: 'text', text: 'who am I' },
            },
          ],
        },
        { [WIDGET_SESSION_HEADER]: d.session_id, 'x-forwarded-for': address },
      );
      const [row] = await h.server.app.ctx.db
        .select()
        .from(followers)
        .where(eq(followers.externalId, d.visitor_id));
      const wire = (await (
        await get(`/api/chat/followers?chat_type=all&limit=100`, h.owner.headers)
      ).json()) as Payload;
      const listed = wire.chat.data.find((f: Payload) => f._id === row.id);
      return listed?.widget_identity;
    };
    const hash = createHmac('sha256', on.secret).update('user-42').digest('hex');
    expect(
      await identityOf({ user_id: 'user-42', name: 'Real Customer', user_hash: hash }, '10.8.0.1'),
    ).toMatchObject({ user_id: 'user-42', verified: true });
    expect(
      await identityOf({ user_id: 'user-42', name: 'Impostor', user_hash: 'f'.repeat(64) }, '10.8.0.2'),
    ).toMatchObject({ user_id: 'user-42', verified: false });
    expect(await identityOf({ user_id: 'user-42', name: 'No hash' }, '10.8.0.3')).toMatchObject({
      verified: false,
    });
    // Turned off: nothing is verified any more.
    await post('/api/widget/identity', { widget_id: widgetId, action: 'disable' }, h.owner.headers);
    expect(await identityOf({ user_id: 'user-42', user_hash: hash }, '10.8.0.4')).toMatchObject({
      verified: false,
    });
  });
});
