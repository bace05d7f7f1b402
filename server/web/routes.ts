// Serves the built console (history mode, /th for Thai), the widget script and its chunks,
// the full-page widget and the demo site. Unknown pages get the console's 404 page with 404.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchRoute } from '../../core/routes';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import en from '../../locales/en.json';
import th from '../../locales/th.json';
import { channels } from '../accounts/schema';
import type { AppContext } from '../context';
import { WIDGET_PAGE_CSP } from '../http/security';
import { consoleHtml, demoHtml, widgetPageHtml } from './pages';

const API_PREFIXES = ['/api/', '/service/', '/socket.io/', '/webhook/', '/healthz'];

function readBuilt(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    throw new Error(`${file} is missing: run "npm run build" first (npm start does it).`);
  }
}

function requestOrigin(ctx: AppContext, request: FastifyRequest): string {
  if (ctx.config.publicUrl) return ctx.config.publicUrl;
  return `${request.protocol}://${request.host}`;
}

export async function registerWebRoutes(app: FastifyInstance, ctx: AppContext) {
  const consoleDir = path.join(ctx.distDir, 'console');
  const widgetDir = path.join(ctx.distDir, 'widget');
  const demoDir = path.join(ctx.distDir, 'demo');
  const consoleTemplate = readBuilt(path.join(consoleDir, 'index.html'));
  const demoTemplate = readBuilt(path.join(demoDir, 'index.html'));
  const demoTemplateTh = readBuilt(path.join(demoDir, 'index.th.html'));

  app.get('/healthz', async () => ({ status: 'ok' }));

  // Hashed file names never change, so browsers may keep them for a year.
  await app.register(fastifyStatic, {
    root: path.join(consoleDir, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    index: false,
  });
  await app.register(fastifyStatic, {
    root: path.join(widgetDir, 'widget-chunks'),
    prefix: '/widget-chunks/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    index: false,
    // build.ts writes a .gz beside each chunk: a phone on a slow link gets a third of the bytes.
    preCompressed: true,
    // The chat box is imported by pages of any site, so its chunks are open to every origin.
    setHeaders: (res: { setHeader(name: string, value: string): void }) => {
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('cross-origin-resource-policy', 'cross-origin');
    },
  });
  await app.register(fastifyStatic, {
    root: demoDir,
    prefix: '/demo/',
    decorateReply: false,
    index: false,
    // Its pages are templates: sendDemo fills them in.
    allowedPath: (pathName: string) => !pathName.endsWith('.html'),
  });

  const widgetScript = readBuilt(path.join(widgetDir, 'chat-widget.js'));
  // Every visitor's page waits for these bytes before the launcher shows: sent gzipped when asked.
  const widgetScriptGz = gzipSync(widgetScript, { level: 9 });
  app.get('/chat-widget.js', async (request, reply) => {
    // The entry keeps a stable name for embeds; a short cache lets sites pick up new releases.
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('access-control-allow-origin', '*')
      .header('vary', 'accept-encoding');
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(widgetScript);
    return reply.header('content-encoding', 'gzip').send(widgetScriptGz);
  });

  async function firstWidgetId(): Promise<string> {
    const [row] = await ctx.db
      .select({ id: channels.id })
      .from(channels)
      .where(eq(channels.type, 'widget'))
      .orderBy(asc(channels.createdAt))
      .limit(1);
    return row?.id ?? '';
  }

  // The demo site in English at /demo/ and in Thai at /th/demo/ (its widget in Thai), as /th works
  // for the console and the full-page widget.
  for (const [prefix, template] of [
    ['/demo', demoTemplate],
    ['/th/demo', demoTemplateTh],
  ] as const) {
    const sendDemo = async (request: FastifyRequest, reply: FastifyReply) =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(demoHtml(template, await firstWidgetId(), requestOrigin(ctx, request)));
    app.get(prefix, (_request, reply) => reply.redirect(`${prefix}/`));
    app.get(`${prefix}/`, sendDemo);
    app.get(`${prefix}/index.html`, sendDemo);
  }

  const sendConsole = (reply: FastifyReply, status: number, locale: 'en' | 'th') =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-frame-options', 'DENY')
      .send(consoleHtml(consoleTemplate, locale));

  async function widgetExists(id: string): Promise<boolean> {
    const [row] = await ctx.db
      .select({ id: channels.id })
      .from(channels)
      .where(and(eq(channels.id, id), eq(channels.type, 'widget')))
      .limit(1);
    return Boolean(row);
  }

  // Every page address: the route table in core/ decides between the console and its 404 page.
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !API_PREFIXES.some((p) => url.startsWith(p));
    if (!isPage) {
      return reply.status(404).send({ message: SERVER_MESSAGES.notFound, code: 'not_found' });
    }
    const match = matchRoute(url);
    if (!match) return sendConsole(reply, 404, url === '/th' || url.startsWith('/th/') ? 'th' : 'en');
    if (match.route.redirect) {
      return reply.redirect(match.locale === 'th' ? `/th${match.route.redirect}` : match.route.redirect);
    }
    if (match.route.name === 'widget') {
      if (!(await widgetExists(match.params.id))) return sendConsole(reply, 404, match.locale);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', WIDGET_PAGE_CSP)
        .send(
          widgetPageHtml(match.params.id, match.locale, (match.locale === 'th' ? th : en).widget.pageTitle),
        );
    }
    return sendConsole(reply, 200, match.locale);
  });
}
