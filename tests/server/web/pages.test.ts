// Spec 2: history-mode console routes (Thai under /th), 404 page with status 404, widget page, demo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../../core/routes';
import { login, startServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let widgetId: string;
beforeAll(async () => {
  server = await startServer();
  widgetId = (await login(server.url)).widgetId;
});
afterAll(() => server?.close());

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });

describe('pages', () => {
  it('GET /healthz answers {"status":"ok"}', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  const consoleRoutes = ROUTES.filter((r) => !r.standalone && !r.redirect && !r.path.includes(':'));
  it.each(consoleRoutes.map((r) => [r.path]))('serves the console at %s and its Thai twin', async (path) => {
    const en = await get(path);
    expect(en.status).toBe(200);
    const html = await en.text();
    expect(html).toContain('<div id="root">');
    expect(html).toContain('<html lang="en">');
    const th = await get(path === '/' ? '/th' : `/th${path}`);
    expect(th.status).toBe(200);
    expect(await th.text()).toContain('<html lang="th">');
  });

  it.each([['/nope'], ['/th/nope'], ['/dashboard/extra'], ['/widget/bad%20id'], ['/widget/unknownwidget']])(
    'answers %s with the console 404 page and status 404',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('<div id="root">');
    },
  );

  it('redirects the LINE side-navigation addresses', async () => {
    const res = await get('/linechat');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/live');
    const th = await get('/th/richmenu');
    expect(th.headers.get('location')).toBe('/th/rich-menu');
  });

  it('serves the full-page widget at /widget/{id} and /th/widget/{id}', async () => {
    const res = await get(`/widget/${widgetId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<chat-widget widget-id="${widgetId}" lang="en" full-page open`);
    const th = await (await get(`/th/widget/${widgetId}`)).text();
    expect(th).toContain('lang="th" full-page open');
  });

  it('serves the widget script as JavaScript from any origin', async () => {
    const res = await get('/chat-widget.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toContain('chat-widget');
  });

  it('the demo site embeds the seeded widget with a script tag and the element', async () => {
    const res = await get('/demo/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<script type="module" src="${server.url}/chat-widget.js"></script>`);
    expect(html).toContain(`<chat-widget widget-id="${widgetId}"></chat-widget>`);
    expect((await get('/demo/site.css')).status).toBe(200);
  });

  it('serves the demo site in Thai at /th/demo/, its widget in Thai', async () => {
    const res = await get('/th/demo/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="th">');
    expect(html).toContain(`<script type="module" src="${server.url}/chat-widget.js"></script>`);
    expect(html).toContain(`<chat-widget widget-id="${widgetId}" lang="th"></chat-widget>`);
    expect(html).not.toContain('%WIDGET_ID%');
    expect((await get('/th/demo/index.html')).status).toBe(200);
    expect((await get('/th/demo')).headers.get('location')).toBe('/th/demo/');
    // Each language links to the other; the raw templates are not served as they are.
    expect(html).toContain('href="/demo/"');
    expect(await (await get('/demo/')).text()).toContain('href="/th/demo/"');
    expect((await get('/demo/index.th.html')).status).toBe(404);
  });

  it('GET /service/widget/info gives the widget settings with the spec defaults', async () => {
    const res = await get(`/service/widget/info?widget_id=${widgetId}`);
    expect(res.status).toBe(200);
    const info = await res.json();
    expect(info).toMatchObject({ button_color: '#000000ff', label_color: '#59c7f9ff', button_label: 'Chat' });
    expect((await get('/service/widget/info?widget_id=nope')).status).toBe(404);
    expect((await get('/service/widget/info')).status).toBe(400);
  });
});
