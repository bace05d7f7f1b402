// Response headers per kind of response, the CORS rule for /api, and the server's timeouts.
// - Console pages: a strict Content-Security-Policy (scripts only from our origin and Facebook's
//   login SDK, no inline script), never framed. The full-page widget may be framed by any site
//   and runs nothing of Facebook's.
// - JSON and other responses: nothing in them may run or be framed.
// - /api answers only the console's own origin; /service/* (the widget) answers every site
//   (server/widget/routes.ts), which is safe because it uses no cookies.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import type { AppContext } from '../context';
import { limitSocketConnections } from '../realtime/limits';
import { HttpError } from './errors';
import { registerInputText } from './inputText';

/** Facebook's login SDK (spec 7, social login: "Continue with Facebook" when a Messenger or
 *  Instagram channel is set up): its script, its calls to the Graph API and its hidden frames. */
const FACEBOOK_SDK = {
  script: 'https://connect.facebook.net',
  connect: 'https://graph.facebook.com https://*.facebook.com',
  frame: 'https://*.facebook.com',
};

/** Scripts and styles from our origin (and, where `facebook`, Facebook's SDK); images and video
 *  may come from any https address (templates show images by URL); the sockets and API are ours. */
function pagePolicy({ facebook, framedBy }: { facebook: boolean; framedBy: string }): string {
  const from = (own: string, theirs: string) => (facebook ? `${own} ${theirs}` : own);
  return [
    "default-src 'self'",
    `script-src ${from("'self'", FACEBOOK_SDK.script)}`,
    // React sets style properties through the DOM (allowed); shadow roots carry <style> elements.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    `connect-src ${from("'self'", FACEBOOK_SDK.connect)}`,
    `frame-src ${from("'self'", FACEBOOK_SDK.frame)}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${framedBy}`,
  ].join('; ');
}

export const CONSOLE_CSP = pagePolicy({ facebook: true, framedBy: "'none'" });

/** The full-page widget: any site may show it in a frame; nothing of Facebook's runs in it. */
export const WIDGET_PAGE_CSP = pagePolicy({ facebook: false, framedBy: '*' });

/** JSON, text and files: nothing in them runs, nothing frames them. */
export const INERT_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Slow clients: a whole request (upload included) must arrive within this, its headers sooner. */
export const REQUEST_TIMEOUT_MS = 5 * 60 * 1000;
export const HEADERS_TIMEOUT_MS = 20_000;

/** The console's own page: same host as the request (whatever the scheme a proxy used), or PUBLIC_URL. */
export function isOwnOrigin(ctx: AppContext, origin: string, host: string | undefined): boolean {
  try {
    const url = new URL(origin);
    if (host && url.host === host) return true;
    return Boolean(ctx.config.publicUrl) && url.origin === new URL(ctx.config.publicUrl as string).origin;
  } catch {
    return false;
  }
}

class CrossOriginRefused extends HttpError {
  constructor() {
    super(403, SERVER_MESSAGES.crossOrigin, 'cross_origin');
  }
}

function isApi(url: string) {
  return url.startsWith('/api/');
}

export interface RegisteredRoute {
  method: string;
  url: string;
}
const ROUTES = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route registered after registerSecurity, so sweeps (isolation tests) cover new ones by themselves. */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return ROUTES.get(app) ?? [];
}

export function registerSecurity(app: FastifyInstance, ctx: AppContext) {
  const routes: RegisteredRoute[] = [];
  ROUTES.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url ?? route.path });
  });
  const server = app.server;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  limitSocketConnections(ctx);
  registerInputText(app);

  // A foreign page may not call /api, not even to ask (preflight): no CORS header is ever given.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isApi(request.url)) return;
    const origin = request.headers.origin;
    if (origin === undefined || isOwnOrigin(ctx, origin, request.headers.host)) {
      if (request.method === 'OPTIONS')
        return reply.status(204).header('allow', 'GET, POST, PUT, PATCH, DELETE').send();
      return;
    }
    throw new CrossOriginRefused();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!reply.hasHeader('content-security-policy')) {
      const html = type.startsWith('text/html');
      reply.header('content-security-policy', html ? CONSOLE_CSP : INERT_CSP);
      if (html) reply.header('x-frame-options', 'DENY');
    }
    if (request.protocol === 'https' || ctx.config.publicUrl?.startsWith('https:'))
      reply.header('strict-transport-security', 'max-age=15552000');
    if (isApi(request.url)) reply.header('cache-control', reply.getHeader('cache-control') ?? 'no-store');
    return payload;
  });
}
