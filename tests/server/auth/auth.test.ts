// Spec 5 (password), 6 (401 texts), 7 (channel_id on every call); issue 2's auth contract.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from '../../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /api/auth/login', () => {
  it('signs in the seeded owner and returns a token and the user with accounts and roles', async () => {
    const res = await post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(typeof body.token).toBe('string');
    expect(body.token.length).toBeGreaterThan(30);
    expect(body.user.email).toBe(ADMIN_EMAIL);
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.user.accounts).toHaveLength(1);
    expect(body.user.accounts[0].role.level).toBe(1);
    expect(body.user.accounts[0].channels.map((c: { type: string }) => c.type)).toEqual(['widget']);
  });

  it('accepts the e-mail in any letter case', async () => {
    const res = await post('/api/auth/login', { email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
  });

  const badBodies: [string, unknown, number, string | undefined][] = [
    ['empty object', {}, 400, 'email'],
    ['missing password', { email: ADMIN_EMAIL }, 400, 'password'],
    ['blank email', { email: '   ', password: 'x' }, 400, 'email'],
    ['email not a string', { email: 42, password: 'x' }, 400, 'email'],
    ['password not a string', { email: ADMIN_EMAIL, password: ['a'] }, 400, 'password'],
    ['malformed email', { email: 'not-an-email', password: 'x' }, 400, 'email'],
    ['array body', [1, 2], 400, 'email'],
    ['null body', 'null', 400, 'email'],
    ['broken JSON', '{"email":', 400, undefined],
    ['huge password', { email: 'x@example.com', password: 'a'.repeat(5000) }, 400, 'password'],
  ];
  it.each(badBodies)('refuses %s with a 4xx naming the field', async (_name, body, status, field) => {
    const res = await post('/api/auth/login', body);
    expect(res.status).toBe(status);
    const json = await res.json();
    expect(typeof json.message).toBe('string');
    if (field) expect(json.field).toBe(field);
  });

  it('refuses a non-JSON body with 415, never 5xx', async () => {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      body: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('answers a wrong password with 401 and a clear message, then slows down guessing per e-mail', async () => {
    const email = 'guess@example.com';
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/login', { email, password: `Wrong-${i}` });
      expect(res.status).toBe(401);
      expect((await res.json()).message).toBe('The e-mail or password is incorrect.');
    }
    const blocked = await post('/api/auth/login', { email, password: 'Wrong-6' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another e-mail from the same address is still allowed to try.
    const other = await post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(other.status).toBe(200);
  });

  it('keeps only a scrypt hash of the password', async () => {
    const result = await server.app.ctx.db.execute(sql`select password_hash from users`);
    const hashes = (result as unknown as { rows: { password_hash: string }[] }).rows.map(
      (r) => r.password_hash,
    );
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) {
      expect(hash.startsWith('scrypt$')).toBe(true);
      expect(hash).not.toContain(ADMIN_PASSWORD);
    }
  });
});

describe('tokens', () => {
  it('GET /api/auth/me answers the user for a valid token and 401 Unauthorization otherwise', async () => {
    const { headers } = await login(server.url);
    const me = await fetch(`${server.url}/api/auth/me`, { headers });
    expect(me.status).toBe(200);
    expect((await me.json()).user.email).toBe(ADMIN_EMAIL);

    for (const authorization of [undefined, 'Bearer nonsense', 'Basic abc', `Bearer ${'x'.repeat(500)}`]) {
      const res = await fetch(`${server.url}/api/auth/me`, {
        headers: authorization ? { authorization } : {},
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Unauthorization', code: 'unauthorized' });
    }
  });

  it('logout ends the session', async () => {
    const { headers } = await login(server.url);
    const out = await fetch(`${server.url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: headers.authorization },
    });
    expect(out.status).toBe(200);
    const after = await fetch(`${server.url}/api/auth/me`, { headers });
    expect(after.status).toBe(401);
  });

  it('an expired token answers 401 Token_Expired', async () => {
    const short = await startServer({ sessionTtlMs: 300 });
    try {
      const { headers } = await login(short.url);
      await new Promise((r) => setTimeout(r, 500));
      const res = await fetch(`${short.url}/api/auth/me`, { headers });
      expect(res.status).toBe(401);
      expect((await res.json()).message).toBe('Token_Expired');
    } finally {
      await short.close();
    }
  });
});

describe('channel_id (spec 7)', () => {
  it('is required on account calls, and a foreign account is refused with 403', async () => {
    const { headers, accountId } = await login(server.url);
    const ok = await fetch(`${server.url}/api/agents/online`, { headers });
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.agents[0].email).toBe(ADMIN_EMAIL);

    const missing = await fetch(`${server.url}/api/agents/online`, {
      headers: { authorization: headers.authorization },
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).field).toBe('channel_id');

    const foreign = await fetch(`${server.url}/api/agents/online`, {
      headers: { ...headers, channel_id: `${accountId}x` },
    });
    expect(foreign.status).toBe(403);
  });

  it('checks the token before the account: 401 for an unknown or ended token, Token_Expired when it lapsed', async () => {
    const { headers } = await login(server.url);
    const unknown = await fetch(`${server.url}/api/agents/online`, {
      headers: { ...headers, authorization: 'Bearer not-a-token' },
    });
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).message).toBe('Unauthorization');
    await fetch(`${server.url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: headers.authorization },
    });
    const ended = await fetch(`${server.url}/api/agents/online`, { headers });
    expect(ended.status).toBe(401);

    const short = await startServer({ sessionTtlMs: 300 });
    try {
      const lapsed = await login(short.url);
      await new Promise((r) => setTimeout(r, 500));
      const res = await fetch(`${short.url}/api/chat/followers?skip=0&limit=5`, { headers: lapsed.headers });
      expect(res.status).toBe(401);
      expect((await res.json()).message).toBe('Token_Expired');
    } finally {
      await short.close();
    }
  });

  it('an unknown /api path is a JSON 404 once signed in', async () => {
    const { headers } = await login(server.url);
    const res = await fetch(`${server.url}/api/does-not-exist`, { headers });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('not_found');
  });
});
