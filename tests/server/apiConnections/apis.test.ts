// External API connections (issue 16) over HTTP against the fake API on loopback: created,
// edited, switched off and deleted by field-checked bodies; the Test button fills placeholders
// and extracts variables (arrays too); the server gives up after about 5 s, refuses an answer
// that is too large and addresses in private networks (unless configuration allows them), and no
// answer ever carries a secret value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, customer, type FakeApi, startFakeApi } from '../../helpers/fakeApi';
import { login, startServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let fake: FakeApi;
let headers: Record<string, string>;
/** Every response body this file got, to look for secrets in. */
const seen: string[] = [];

// biome-ignore lint/suspicious/noExplicitAny: wire payloads; each test checks their shape.
type Payload = any;

async function call(method: string, path: string, body?: unknown) {
  const { 'content-type': _, ...bare } = headers;
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? bare : headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  seen.push(text);
  return { status: res.status, body: JSON.parse(text) as Payload };
}

const VARIABLES = [
  { key: 'name', data_type: 'string' },
  { key: 'points', data_type: 'number' },
  { key: 'orders', data_type: 'array', sub: [{ key: 'title', data_type: 'string' }] },
];

const loyalty = () => ({
  name: 'Loyalty',
  slug: 'loyalty',
  method: 'GET',
  url: `${fake.url}/customers/{user_id}?lang={lang}`,
  headers: [{ key: 'X-Api-Key', value: API_KEY }],
  variables_option: VARIABLES,
  sample_values: { user_id: 'U-sample', lang: 'th' },
});

beforeAll(async () => {
  fake = await startFakeApi();
  fake.customers.set('U-sample', customer('Malee', 730, '0899999999'));
  server = await startServer({ env: { API_ALLOW_PRIVATE: 'true' } });
  headers = (await login(server.url)).headers;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('API connections', () => {
  let id: string;

  it('refuses a bad connection by field, with the spec texts', async () => {
    const res = await call('POST', '/api/settings/apis', {
      name: '',
      slug: 'has space',
      method: 'FETCH',
      url: 'ftp://x',
      headers: [{ key: 'bad header', value: 'x' }],
      body_type: 'json',
      body_json: '{"a": ',
      variables_option: [{ key: '', data_type: 'string' }],
    });
    expect(res.status).toBe(400);
    const byField = Object.fromEntries(res.body.errors.map((e: Payload) => [e.field, e.message]));
    expect(byField).toMatchObject({
      name: 'This field is required.',
      slug: 'Use letters, digits, - and _ only.',
      method: 'This field is required.',
      url: 'url is invalid format',
      'headers[0].key': 'This is not a valid header name.',
      body_json: 'json is invalid format',
      'variables_option[0].key': 'This field is required.',
    });
  });

  it('keeps a secret header on the server: never in a list, a read, an edit or a test', async () => {
    const created = await call('POST', '/api/settings/apis', loyalty());
    expect(created.status).toBe(200);
    id = created.body.api._id;
    expect(created.body.api.headers).toEqual([
      { key: 'X-Api-Key', value: '', secret: true, has_value: true },
    ]);
    expect(created.body.api.placeholders).toEqual(['user_id', 'lang']);
    // Saving the form as the console shows it (blank secret) keeps the stored value.
    const edited = await call('PUT', `/api/settings/apis/${id}`, {
      ...created.body.api,
      name: 'Loyalty points',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.api.name).toBe('Loyalty points');
    const tested = await call('POST', '/api/settings/apis/test', {
      _id: id,
      values: { user_id: 'U-sample' },
    });
    expect(tested.body).toMatchObject({ ok: true, status: 200, error: null });
    const last = fake.requests.at(-1);
    expect(last?.headers['x-api-key']).toBe(API_KEY);
    expect((await call('GET', '/api/settings/apis')).body.list).toHaveLength(1);
    expect((await call('GET', `/api/settings/apis/${id}`)).body.api.slug).toBe('loyalty');
    const again = await call('POST', '/api/settings/apis', loyalty());
    expect(again).toMatchObject({ status: 409, body: { field: 'slug' } });
  });

  it('Test fills placeholders (encoded in the address) and extracts variables, arrays included', async () => {
    fake.customers.set('U 1/ü', customer('Somchai', 1200, '0812345678'));
    const res = await call('POST', '/api/settings/apis/test', {
      _id: id,
      values: { user_id: 'U 1/ü', lang: 'en' },
    });
    expect(res.body.ok).toBe(true);
    expect(fake.requests.at(-1)?.path).toBe('/customers/U%201%2F%C3%BC');
    expect(res.body.request.url).toContain('/customers/U%201%2F%C3%BC?lang=en');
    expect(res.body.variables).toEqual({
      name: 'Somchai',
      points: 1200,
      orders: [1, 2, 3, 4].map((n) => ({ title: `Somchai order ${n}` })),
    });
    expect(JSON.parse(res.body.response).tier).toBe('gold');
  });

  it('masks secrets an API echoes back, and sends the body fields as JSON', async () => {
    const res = await call('POST', '/api/settings/apis/test', {
      ...loyalty(),
      slug: 'echo',
      method: 'POST',
      url: `${fake.url}/echo`,
      headers: [
        { key: 'Authorization', value: `Bearer ${API_KEY}` },
        { key: 'X-Trace', value: '{user_id}\r\nX-Injected: yes', secret: false },
      ],
      body: [
        { key: 'pin', value: '4321-9876', secret: true },
        { key: 'user', value: '{user_id}' },
      ],
      values: { user_id: 'U-echo' },
    });
    expect(res.body.status).toBe(200);
    const echoed = JSON.parse(res.body.response);
    expect(echoed.headers['x-trace']).toBe('U-echo X-Injected: yes');
    expect(echoed.headers['x-injected']).toBeUndefined();
    expect(echoed.body).toEqual({ pin: '••••••', user: 'U-echo' });
    expect(echoed.headers.authorization).toBe('••••••');
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('gives up on a slow API after about 5 seconds', async () => {
    const started = Date.now();
    const res = await call('POST', '/api/settings/apis/test', { ...loyalty(), url: `${fake.url}/slow` });
    expect(res.body).toMatchObject({ ok: false, status: null, error: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    // The upper bound leaves a busy CI machine room; no timeout at all would hang to the test's 10 s.
    expect(Date.now() - started).toBeLessThan(8_000);
  }, 10_000);

  it('refuses an answer larger than the cap, and an API error status', async () => {
    const huge = await call('POST', '/api/settings/apis/test', { ...loyalty(), url: `${fake.url}/huge` });
    expect(huge.body).toMatchObject({ ok: false, error: 'too_large', variables: {} });
    const broken = await call('POST', '/api/settings/apis/test', { ...loyalty(), url: `${fake.url}/broken` });
    expect(broken.body).toMatchObject({ ok: false, status: 503, error: 'http_status' });
  });

  it('refuses loopback, private and link-local addresses unless configuration allows them', async () => {
    const config = server.app.ctx.config;
    config.apiAllowPrivate = false;
    try {
      for (const url of [
        `${fake.url}/customers/U-sample`,
        'http://localhost:9/x',
        'http://169.254.169.254/latest/meta-data/',
        'http://10.0.0.8/x',
        'http://[::1]:9/x',
        'http://[::ffff:127.0.0.1]:9/x',
      ]) {
        const res = await call('POST', '/api/settings/apis/test', { ...loyalty(), url });
        expect(res.body, url).toMatchObject({ ok: false, error: 'private_address' });
      }
    } finally {
      config.apiAllowPrivate = true;
    }
    expect((await call('POST', '/api/settings/apis/test', { _id: id })).body.ok).toBe(true);
  });

  it('switches off and deletes; the secret never appeared in any answer', async () => {
    const off = await call('PUT', `/api/settings/apis/${id}`, { status: false });
    expect(off.body.api.status).toBe(false);
    expect((await call('DELETE', `/api/settings/apis/${id}`)).body).toEqual({ deleted: 1 });
    expect((await call('GET', `/api/settings/apis/${id}`)).status).toBe(404);
    for (const body of seen) {
      expect(body).not.toContain(API_KEY);
      expect(body).not.toContain('4321-9876');
    }
  });
});
