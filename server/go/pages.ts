// The public /go page (spec 2; /th/go in Thai): customers reach it from links in messages.
// It is plain server-rendered HTML that loads none of the console's code, so it opens fast in
// LINE's in-app browser. Features plug in by query parameter: `registerGoPage('l', …)` answers
// /go?l=…, `registerGoPage('verify', …)` answers /go?verify=…; anything else is the friendly
// "link not found" page.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../core/i18n/index';
import { escapeHtml } from '../../core/text/plainText';
import type { AppContext } from '../context';

export interface GoRequest {
  locale: Locale;
  method: 'GET' | 'POST';
  /** The value of the query parameter the handler registered for. */
  value: string;
  query: Record<string, string>;
  /** Form fields of a POST (application/x-www-form-urlencoded or JSON). */
  form: Record<string, string>;
  request: FastifyRequest;
}

export type GoAnswer =
  | { redirect: string }
  | { status?: number; title: string; body: string /* HTML, already escaped by the handler */ };

export type GoHandler = (ctx: AppContext, request: GoRequest) => Promise<GoAnswer>;

const handlers = new Map<string, GoHandler>();

/** Registers the handler of /go?{param}=…, once per process (call it at a module's top level). */
export function registerGoPage(param: string, handler: GoHandler) {
  const known = handlers.get(param);
  if (known && known !== handler) throw new Error(`/go?${param} has another handler already`);
  handlers.set(param, handler);
}

export function goHandlerFor(query: Record<string, string>): { param: string; handler: GoHandler } | null {
  for (const [param, handler] of handlers) {
    if (typeof query[param] === 'string' && query[param] !== '') return { param, handler };
  }
  return null;
}

/** The page around a handler's body: mobile-first, no script, the customer's language. */
export function goPageHtml(locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${GO_CSS}</style>
</head>
<body><main class="go">${body}</main></body>
</html>`;
}

const GO_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Thai",Tahoma,sans-serif;color:#1f2937;background:#f3f4f6}
.go{max-width:480px;margin:0 auto;padding:32px 20px}
.go h1{font-size:1.35rem;margin:0 0 12px}
.go p{margin:0 0 16px}
.go form{display:grid;gap:14px;background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.go label{display:grid;gap:6px;font-weight:600}
.go input{font:inherit;padding:10px 12px;border:1px solid #d1d5db;border-radius:8px}
.go .error{color:#b91c1c;font-weight:400;font-size:.9rem}
.go button,.go .button{font:inherit;font-weight:600;padding:12px 16px;border:0;border-radius:8px;background:#124a97;color:#fff;text-decoration:none;text-align:center;display:inline-block}
.go .muted{color:#6b7280}
`;

/** What a GET or POST of /go answers: the handler's page or redirect, or "not found". */
export async function answerGo(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  locale: Locale,
  texts: { notFoundTitle: string; notFoundBody: string },
) {
  const query = stringRecord(request.query);
  const found = goHandlerFor(query);
  reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  if (!found) {
    return reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(
        goPageHtml(
          locale,
          texts.notFoundTitle,
          `<h1>${escapeHtml(texts.notFoundTitle)}</h1><p>${escapeHtml(texts.notFoundBody)}</p>`,
        ),
      );
  }
  const answer = await found.handler(ctx, {
    locale,
    method: request.method === 'POST' ? 'POST' : 'GET',
    value: query[found.param],
    query,
    form: request.method === 'POST' ? stringRecord(request.body) : {},
    request,
  });
  if ('redirect' in answer) return reply.redirect(answer.redirect, 302);
  return reply
    .status(answer.status ?? 200)
    .type('text/html; charset=utf-8')
    .send(goPageHtml(locale, answer.title, answer.body));
}

function stringRecord(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!value || typeof value !== 'object') return out;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'string') out[k] = v;
  }
  return out;
}
