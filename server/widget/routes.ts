// Public calls of the widget (spec 7 "Widget"), open to any site that embeds it (CORS *): info,
// menu, verify (the visitor's session), messages, the webhook that carries the visitor's sends,
// and file attachments (kept and served by the media library, server/media). The visitor's session token rides in the x-widget-session header.
import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { isEmail, MESSAGES } from '../../core/validation/rules';
import { CUSTOMER_LANGUAGES, type CustomerLanguage } from '../../core/verification/settings';
import { WIDGET_SESSION_HEADER } from '../../core/widget/message';
import { cleanPreChat, validatePreChat, visitorNameFrom } from '../../core/widget/preChat';
import type { AppContext } from '../context';
import { Invalid, Unauthorized } from '../http/errors';
import { requestOrigin } from '../media/wire';
import { visitorConversation } from '../reports/rating';
import { registerWidgetAdapter } from './adapter';
import { loadWidgetChannel, loadWidgetChannelCached, publicInfo } from './channel';
import { ONE_FILE_LIMITS, storeVisitorUpload } from './files';
import { identityOf, readIdentitySecret, showIdentityToAgents } from './identity';
import { ADDRESS_SEND_RULE, ADDRESS_SESSION_RULE, SESSION_SEND_RULE, sharedLimiter } from './rateLimit';
import {
  createSession,
  findSession,
  findSessionForSend,
  requireSession,
  updateProfile,
  type WidgetSession,
} from './sessions';
import { registerWidgetSettingsRoutes } from './settingsRoutes';
import { followerIdOf, registerWidgetNamespace } from './socket';
import { MESSAGES_MAX_LIMIT, messagesAfter, pageOfMessages } from './visitorMessages';
import { handleWidgetEvents, isPlainSend } from './webhook';

const PUBLIC_PREFIXES = ['/service/widget/', '/service/webhook/widget/'];
const USER_KEYS = ['name', 'email', 'phone', 'user_id', 'user_hash'] as const;

/** The visitor's token: x-widget-session, or the Bearer token the shared API client sends. */
function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers[WIDGET_SESSION_HEADER];
  if (typeof header === 'string' && header) return header;
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return bearer?.[1];
}

/** The widget: widget_id in the query, or the channel_id header every client call carries (spec 7). */
function widgetIdOf(request: FastifyRequest): unknown {
  const fromQuery = (request.query as { widget_id?: unknown }).widget_id;
  return fromQuery !== undefined && fromQuery !== '' ? fromQuery : request.headers.channel_id;
}

function intParam(value: unknown, fallback: number, min: number, max: number, field: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Invalid(field, MESSAGES.number);
  return n;
}

/** setUser({ name, email, phone, user_id }) from the host page: short strings only. */
function cleanUser(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object') throw new Invalid('user', MESSAGES.required);
  const user: Record<string, string> = {};
  for (const key of USER_KEYS) {
    const value = (raw as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new Invalid(`user.${key}`, MESSAGES.required);
    const text = String(value).trim().slice(0, 300);
    if (key === 'email' && !isEmail(text)) throw new Invalid('user.email', MESSAGES.email);
    user[key] = text;
  }
  return user;
}

/** The whole widget feature: public calls, the console's settings calls, the socket and the adapter. */
export function registerWidgetRoutes(app: FastifyInstance, ctx: AppContext) {
  registerWidgetSettingsRoutes(app, ctx);
  registerWidgetNamespace(ctx);
  registerWidgetAdapter();
  registerPublicRoutes(app, ctx);
}

function registerPublicRoutes(app: FastifyInstance, ctx: AppContext) {
  const limiter = sharedLimiter(app, ctx);

  // Any site may embed the widget. Nothing here uses cookies: the session is a header, so * is safe.
  app.addHook('onRequest', async (request, reply) => {
    if (!PUBLIC_PREFIXES.some((p) => request.url.startsWith(p))) return;
    reply.header('access-control-allow-origin', '*');
    reply.header('cache-control', 'no-store');
  });
  const preflight = async (_request: FastifyRequest, reply: import('fastify').FastifyReply) =>
    reply
      .status(204)
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header(
        'access-control-allow-headers',
        `content-type, authorization, channel_id, ${WIDGET_SESSION_HEADER}, from`,
      )
      .header('access-control-max-age', '600')
      .send();
  app.options('/service/widget/*', preflight);
  app.options('/service/webhook/widget/*', preflight);

  app.get('/service/widget/info', async (request, reply) => {
    const widgetId = widgetIdOf(request);
    if (typeof widgetId !== 'string' || widgetId === '') throw new Invalid('widget_id', MESSAGES.required);
    const channel = await loadWidgetChannel(ctx, widgetId);
    // Open widgets check again on focus, on open and once a minute: the browser revalidates
    // (no-cache + ETag, no CORS preflight) and unchanged settings cost a bodiless 304.
    const body = JSON.stringify(publicInfo(channel, requestOrigin(ctx, request)));
    const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply.header('cache-control', 'no-cache').header('etag', etag);
    const seen = request.headers['if-none-match']?.split(',').map((t) => t.trim());
    if (seen?.includes(etag)) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get('/service/widget/menu', async (request) => {
    const widgetId = widgetIdOf(request);
    if (typeof widgetId !== 'string' || widgetId === '') throw new Invalid('widget_id', MESSAGES.required);
    const channel = await loadWidgetChannel(ctx, widgetId);
    return channel.settings.menu ?? { menuId: '', menuLabel: '', isQuickStart: false, buttons: [] };
  });

  /**
   * The visitor's session: the one whose token is sent (in the header or as session_id), or a new
   * one. Also takes setUser() details and the pre-chat form.
   */
  app.post('/service/widget/verify', async (request) => {
    const body = (request.body ?? {}) as {
      widget_id?: unknown;
      session_id?: unknown;
      user?: unknown;
      form?: unknown;
      lang?: unknown;
    };
    const widgetId = body.widget_id ?? request.headers.channel_id;
    if (typeof widgetId !== 'string' || widgetId === '') throw new Invalid('widget_id', MESSAGES.required);
    const channel = await loadWidgetChannel(ctx, widgetId);
    const { user_hash: _hash, ...user } = cleanUser(body.user);
    const identity = identityOf(
      { ...user, user_hash: _hash ?? '' },
      await readIdentitySecret(ctx, channel.id),
    );
    if (identity) Object.assign(user, { identity });
    // The widget's language (its lang attribute): the bot's cards speak it (automation/customerLanguage.ts).
    const lang = (CUSTOMER_LANGUAGES as readonly unknown[]).includes(body.lang)
      ? (body.lang as CustomerLanguage)
      : null;
    if (body.lang !== undefined && body.lang !== null && !lang)
      throw new Invalid('lang', MESSAGES.oneOf('lang', CUSTOMER_LANGUAGES));
    const token = sessionToken(request) ?? body.session_id;
    let session: WidgetSession | null = await findSession(ctx, channel.id, token);
    let issued: string | null = null;
    if (!session) {
      await limiter.check([[`session:${request.ip}`, ADDRESS_SESSION_RULE]], 1, SERVER_MESSAGES.tooManyChats);
      const created = await createSession(ctx, channel, lang ? { ...user, lang } : user);
      session = created.session;
      issued = created.token;
    } else if (Object.keys(user).length > 0 || (lang && session.profile.lang !== lang)) {
      await updateProfile(ctx, session, lang ? { ...user, lang } : user);
    }
    if (body.form !== undefined && body.form !== null) {
      const fields = channel.settings.pre_chat_form_fields;
      const [error] = validatePreChat(fields, body.form);
      if (error) throw new Invalid(error.field, error.message);
      const values = cleanPreChat(fields, body.form);
      const name = visitorNameFrom(fields, values);
      await updateProfile(ctx, session, { form: values, form_done: true, ...(name ? { name } : {}) });
    }
    const followerId = await followerIdOf(ctx, channel.id, session.visitorId);
    if (identity && followerId) await showIdentityToAgents(ctx, followerId, identity);
    return {
      status: 'ok',
      data: {
        session_id: issued ?? (token as string),
        renewed: issued !== null && typeof token === 'string' && token !== '',
        visitor_id: session.visitorId,
        has_conversation: followerId !== null,
        profile: {
          name: typeof session.profile.name === 'string' ? session.profile.name : '',
          form: session.profile.form ?? {},
          form_done: session.profile.form_done === true,
        },
      },
    };
  });

  app.get('/service/widget/messages', async (request) => {
    const q = request.query as { skip?: unknown; limit?: unknown; after?: unknown };
    const channel = await loadWidgetChannelCached(ctx, widgetIdOf(request));
    const session = await requireSession(ctx, channel.id, sessionToken(request));
    const skip = intParam(q.skip, 0, 0, 1_000_000, 'skip');
    const limit = intParam(q.limit, 20, 1, MESSAGES_MAX_LIMIT, 'limit');
    const { followerId, pendingRating } = await visitorConversation(ctx, channel.id, session.visitorId);
    if (!followerId) return { chat: [], total_count: 0 };
    // A chat the team closed lately and the visitor has not rated: the widget asks for the rating
    // even when its socket missed the CHAT_CLOSED event.
    // Only the latest page and catch-ups ask: older pages (skip > 0) come after one of those.
    const latest = skip === 0 || (typeof q.after === 'string' && q.after !== '');
    const closedChat = latest && pendingRating ? { closed_chat: pendingRating } : {};
    if (typeof q.after === 'string' && q.after !== '') {
      const after = await messagesAfter(ctx, followerId, q.after);
      if (after) return { ...after, ...closedChat };
      // An id from an older conversation: the latest page instead.
    }
    return { ...(await pageOfMessages(ctx, followerId, skip, limit)), ...closedChat };
  });

  app.post('/service/webhook/widget/:widgetId', async (request) => {
    const { widgetId } = request.params as { widgetId: string };
    const channel = await loadWidgetChannelCached(ctx, widgetId);
    const events = (request.body as { events?: unknown } | null)?.events;
    // Plain messages (the hot path) may use the session as read lately; renewals and forms read it now.
    const found = isPlainSend(events)
      ? await findSessionForSend(ctx, channel.id, sessionToken(request))
      : { session: await requireSession(ctx, channel.id, sessionToken(request)), cached: false };
    if (!found) throw new Unauthorized('Unauthorization');
    const { session } = found;
    const cost = Array.isArray(events) ? Math.max(1, events.length) : 1;
    await limiter.check(
      [
        [`send:${session.id}`, SESSION_SEND_RULE],
        [`send-ip:${request.ip}`, ADDRESS_SEND_RULE],
      ],
      cost,
    );
    const outcome = await handleWidgetEvents(ctx, channel, session, events, requestOrigin(ctx, request), {
      cached: found.cached,
      token: sessionToken(request),
    });
    return {
      status: 'ok',
      visitor_id: outcome.session.visitorId,
      renewed: outcome.renewed,
      results: outcome.results,
    };
  });

  // Attachments: multipart is parsed only in this scope, so other features keep their own setup.
  app.register(async (scope) => {
    if (!scope.hasRequestDecorator('isMultipart')) await scope.register(multipart);
    scope.post('/service/widget/upload', async (request) => {
      const channel = await loadWidgetChannel(ctx, widgetIdOf(request));
      const session = await requireSession(ctx, channel.id, sessionToken(request));
      await limiter.check(
        [
          [`send:${session.id}`, SESSION_SEND_RULE],
          [`send-ip:${request.ip}`, ADDRESS_SEND_RULE],
        ],
        1,
      );
      if (!request.isMultipart()) throw new Invalid('file', MESSAGES.required);
      const part = await request.file({ limits: ONE_FILE_LIMITS, throwFileSizeLimit: false });
      if (!part) throw new Invalid('file', MESSAGES.required);
      const file = await storeVisitorUpload(ctx, part, channel, session.id, requestOrigin(ctx, request));
      return { file };
    });
  });
}
