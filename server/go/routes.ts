// GET and POST /go and /th/go: the public page of server/go/pages.ts.
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../core/i18n/index';
import en from '../../locales/en.json';
import th from '../../locales/th.json';
import type { AppContext } from '../context';
import { answerGo } from './pages';

const TEXTS: Record<Locale, { notFoundTitle: string; notFoundBody: string }> = {
  en: { notFoundTitle: en.go.notFoundTitle, notFoundBody: en.go.notFoundBody },
  th: { notFoundTitle: th.go.notFoundTitle, notFoundBody: th.go.notFoundBody },
};

export async function registerGoRoutes(app: FastifyInstance, ctx: AppContext) {
  // Forms on the page post url-encoded fields; the parser keeps them as plain strings.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
  }
  // With a trailing slash too (some apps and shorteners add one): the same page, never the console.
  for (const [path, locale] of [
    ['/go', 'en'],
    ['/go/', 'en'],
    ['/th/go', 'th'],
    ['/th/go/', 'th'],
  ] as const) {
    app.get(path, (request, reply) => answerGo(ctx, request, reply, locale, TEXTS[locale]));
    app.post(path, (request, reply) => answerGo(ctx, request, reply, locale, TEXTS[locale]));
  }
}
