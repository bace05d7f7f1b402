// @vitest-environment node
// The widget's HTTP client against a real local server: channel_id and the visitor's token on
// every call, core's retry rule (network errors and 5xx, never a 4xx), success only on 200, and
// the server's error body as an ApiError naming the field.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../core/api/client';
import { createWidgetHttp } from '../../widget-element/box/http';

let server: http.Server;
let base: string;
const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
/** How the next requests to /flaky answer, in order. */
let flaky: number[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const send = (status: number, data: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(data));
      };
      if (req.url?.startsWith('/ok')) send(200, { ok: true, echo: body ? JSON.parse(body) : null });
      else if (req.url === '/created') send(201, { ok: true });
      else if (req.url === '/invalid')
        send(400, { message: 'email is invalid format', code: 'invalid', field: 'form.email' });
      else if (req.url === '/flaky') {
        const status = flaky.shift() ?? 200;
        send(status, status === 200 ? { ok: 'at last' } : { message: 'down' });
      } else send(404, { message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = (baseURL = base, token: string | null = 'tok-123') =>
  createWidgetHttp({ baseURL, channelId: () => 'w1', token: () => token, retryDelayMs: 5 });

describe('the widget HTTP client', () => {
  it('sends channel_id, the bearer token, the query and a JSON body; 200 is the answer', async () => {
    seen.length = 0;
    expect(await client().get('/ok', { skip: 0, limit: 20, tags: ['a', 'b'], none: undefined })).toEqual({
      ok: true,
      echo: null,
    });
    expect(await client().post('/ok', { text: 'hi' })).toMatchObject({ echo: { text: 'hi' } });
    expect(seen[0].url).toBe('/ok?skip=0&limit=20&tags=a&tags=b');
    expect(seen[0].headers).toMatchObject({ channel_id: 'w1', authorization: 'Bearer tok-123' });
    expect(seen[1].headers['content-type']).toBe('application/json');
    await client(base, null).get('/ok');
    expect(seen[2].headers.authorization).toBeUndefined();
  });

  it('retries a 5xx and answers with the success that follows', async () => {
    seen.length = 0;
    flaky = [502, 500];
    expect(await client().get('/flaky')).toEqual({ ok: 'at last' });
    expect(seen).toHaveLength(3);
  });

  it('gives up after 3 retries with the server failure as an ApiError', async () => {
    seen.length = 0;
    flaky = [500, 500, 500, 500, 200];
    const error = await client()
      .get('/flaky')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
    expect(seen).toHaveLength(4);
  });

  it('never repeats a 4xx, and names the field the server named; only 200 succeeds', async () => {
    seen.length = 0;
    const error = (await client()
      .post('/invalid', {})
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 400, message: 'email is invalid format', field: 'form.email' });
    expect(seen).toHaveLength(1);
    await expect(client().get('/created')).rejects.toMatchObject({ status: 201 });
  });

  it('retries when nothing answers, then fails with status 0', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(client(url).get('/ok')).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});
