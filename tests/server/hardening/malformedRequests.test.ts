// Spec 5/8 and design.md "Errors": a malformed request is the sender's fault — a 4xx with a clear
// error (naming the field where there is one) and nothing written, never a 500. Covers what the
// hostile-text sweep does not: multipart bodies cut short, NULs in path ids and multipart fields,
// NULs in imported files, and a location picture that is not an address.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../helpers/eventually';
import { login, startServer, type TestServer } from '../../helpers/server';
import { pdf, png } from '../media/fixtures';

let server: TestServer;
let session: Awaited<ReturnType<typeof login>>;

beforeAll(async () => {
  server = await startServer();
  session = await login(server.url);
}, 60_000);
afterAll(() => server?.close());

// biome-ignore lint/suspicious/noExplicitAny: each test checks the fields it reads.
type Payload = any;

async function call(
  method: string,
  route: string,
  init: { body?: BodyInit; type?: string } = {},
): Promise<{ status: number; body: Payload }> {
  const res = await fetch(`${server.url}${route}`, {
    method,
    headers: {
      authorization: session.headers.authorization,
      channel_id: session.accountId,
      ...(init.type ? { 'content-type': init.type } : {}),
    },
    body: init.body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const json = (method: string, route: string, body: unknown) =>
  call(method, route, { body: JSON.stringify(body), type: 'application/json' });

/** What the library holds: its files, its use and the holding place for uploads in progress. */
async function libraryState() {
  const files = await call('GET', '/api/file/list');
  const disk = await call('GET', '/api/folder/disk/space');
  const incoming = path.join(server.dataDir, 'media', '.incoming');
  return {
    files: files.body.total_count as number,
    use: disk.body.use as number,
    holding: fs.existsSync(incoming) ? fs.readdirSync(incoming).length : 0,
  };
}

describe('multipart bodies that cannot be read', () => {
  it('answer 400 on every upload route and keep nothing', async () => {
    const visitor = await fetch(`${server.url}/service/widget/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ widget_id: session.widgetId }),
    }).then((r) => r.json());
    const before = await libraryState();
    const routes: [string, string][] = [
      ['/api/file/upload', 'files'],
      ['/api/chat/uploadFileInChat', 'file'],
      ['/api/chat/send/file', 'files'],
      [`/api/widget/logo?widget_id=${session.widgetId}`, 'file'],
      ['/api/contact/import', 'file'],
      ['/api/chat/import', 'file'],
      [`/service/widget/upload?widget_id=${session.widgetId}`, 'file'],
    ];
    const head = (field: string) =>
      `--xx\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const image = await png(20, 10);
    for (const [route, field] of routes) {
      const bodies = [
        // Cut short: the closing boundary never comes.
        { type: 'multipart/form-data; boundary=xx', body: Buffer.concat([Buffer.from(head(field)), image]) },
        // No boundary at all.
        { type: 'multipart/form-data', body: Buffer.from(head(field)) },
      ];
      for (const { type, body } of bodies) {
        const res = await fetch(`${server.url}${route}`, {
          method: 'POST',
          headers: {
            authorization: session.headers.authorization,
            channel_id: session.accountId,
            'x-widget-session': visitor.data.session_id,
            'content-type': type,
          },
          body,
        });
        const answer = await res.json();
        expect(res.status, `${route} ${type}: ${JSON.stringify(answer)}`).toBe(400);
        expect(answer.code).toBe('bad_request');
        expect(answer.message).toMatch(/could not be read/);
      }
    }
    // A refused upload's bytes leave the holding place as the request ends, which may trail the
    // answer by a moment on a busy machine.
    await expect.poll(() => libraryState(), { timeout: 5000 }).toEqual(before);
    expect((await call('GET', '/api/chat/import/list')).body.list).toEqual([]);
  });
});

describe('NUL characters', () => {
  it('in a path id: 400 naming the id, for every kind of route', async () => {
    for (const [method, route, field] of [
      ['PUT', '/api/settings/tags/%00', 'id'],
      ['PUT', '/api/settings/queues/%00', 'id'],
      ['PUT', '/api/settings/roles/%00', 'id'],
      ['PUT', '/api/settings/users/%00', 'id'],
      ['PUT', '/api/contact/fields/%00', 'id'],
      ['PUT', '/api/channels/%00', 'id'],
      ['POST', '/api/channels/%00/test', 'id'],
      ['POST', '/api/settings/invitations/%00/link', 'id'],
      ['GET', '/api/tag/getsystemtagsuser/%00', 'followerId'],
      ['GET', '/api/location/a%00b', 'id'],
      ['DELETE', '/api/broadcast/%00', 'id'],
    ] as const) {
      const res = method === 'GET' ? await call(method, route) : await json(method, route, { name: 'x' });
      expect(res.status, `${method} ${route}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid', field });
    }
  });

  it('in a multipart field of a file send: 400 naming the field, nothing kept', async () => {
    const before = await libraryState();
    const form = new FormData();
    form.append('followerId', 'a\u0000b');
    form.append('files', new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), 'a.pdf');
    const res = await call('POST', '/api/chat/send/file', { body: form });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid', field: 'followerId' });
    expect(await libraryState()).toEqual(before);
  });

  it('in a contact import cell: the row is refused naming its column, with no database words', async () => {
    const before = (await call('GET', '/api/contact/list')).body.total_count;
    const form = new FormData();
    form.append(
      'file',
      new Blob(['line_name,social_id\nSom\u0000chai,s1\nNok,s2\n'], { type: 'text/csv' }),
      'c.csv',
    );
    const res = await call('POST', '/api/contact/import', { body: form });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ total: 2, created: 1, failed: 1 });
    expect(res.body.errors).toEqual([
      { row: 2, field: 'line_name', message: 'This text contains a character that is not allowed.' },
    ]);
    expect((await call('GET', '/api/contact/list')).body.total_count).toBe(before + 1);
  });

  it('in an imported chat history: the message is kept without it, the import does not fail', async () => {
    const csv =
      'conversation,customer_name,social_id,channel,sender,sender_name,date,time,message\n' +
      'ord-1,Som\u0000chai,,line,customer,,2024-03-01,09:15,"Hel\u0000lo"\n';
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'history.csv');
    const res = await call('POST', '/api/chat/import', { body: form });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const done = await eventually(async () => {
      const list = (await call('GET', '/api/chat/import/list')).body.list;
      expect(list[0].status).not.toBe('importing');
      return list[0];
    }, 10_000);
    expect(done).toMatchObject({ status: 'done', messages_added: 1, error: null });
  });
});

describe('location picture (spec 5: URLs begin with http or https)', () => {
  it('refuses one that is not an address, naming the field; keeps an https one', async () => {
    const base = { name: 'Siam', latitude: '13.7', longitude: '100.5' };
    const before = (await call('GET', '/api/location/list')).body.total_count;
    for (const image of [
      'javascript:alert(1)',
      'ftp://example.com/a.png',
      'not a url',
      `https://x.test/${'a'.repeat(2100)}`,
    ]) {
      const res = await json('POST', '/api/location/create', { ...base, image });
      expect(res.status, image.slice(0, 30)).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'image', message: 'url is invalid format' }]);
    }
    expect((await call('GET', '/api/location/list')).body.total_count).toBe(before);
    const ok = await json('POST', '/api/location/create', {
      ...base,
      image: 'https://cdn.example.com/siam.png',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const cleared = await json('PUT', `/api/location/${ok.body.location._id}`, { ...base, image: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
  });
});
