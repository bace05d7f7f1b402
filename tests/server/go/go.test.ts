// The public /go page (spec 2): plain HTML in the customer's language, features plug in by
// query parameter, anything unknown is a friendly 404 page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGoPage } from '../../../server/go/pages';
import { startServer, type TestServer } from '../../helpers/server';

registerGoPage('goTest', async (_ctx, request) => {
  if (request.value === 'away') return { redirect: 'https://example.com/' };
  return {
    title: 'Hello',
    body: `<h1>${request.locale}:${request.method}:${request.form.name ?? ''}</h1>`,
  };
});

describe('/go', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('shows the friendly not-found page in English and Thai, with no script', async () => {
    for (const [path, text] of [
      ['/go', 'This link is not available'],
      ['/th/go?l=nothing', 'ลิงก์นี้ใช้งานไม่ได้'],
    ]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
      const html = await res.text();
      expect(html).toContain(text);
      expect(html).not.toContain('<script');
    }
  });

  it('answers the same with a trailing slash (/go/, /th/go/), never with the console', async () => {
    const away = await fetch(`${server.url}/go/?goTest=away`, { redirect: 'manual' });
    expect(away.status).toBe(302);
    expect(away.headers.get('location')).toBe('https://example.com/');
    const page = await fetch(`${server.url}/th/go/?goTest=x`);
    expect(await page.text()).toContain('<h1>th:GET:</h1>');
    const unknown = await fetch(`${server.url}/th/go/`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('ลิงก์นี้ใช้งานไม่ได้');
  });

  it('hands a registered parameter to its feature: pages, redirects and form posts', async () => {
    const page = await fetch(`${server.url}/th/go?goTest=x`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>th:GET:</h1>');
    const away = await fetch(`${server.url}/go?goTest=away`, { redirect: 'manual' });
    expect(away.status).toBe(302);
    expect(away.headers.get('location')).toBe('https://example.com/');
    const posted = await fetch(`${server.url}/go?goTest=x`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Somchai',
    });
    expect(await posted.text()).toContain('<h1>en:POST:Somchai</h1>');
  });
});
