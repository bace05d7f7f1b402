// The console's calls for the chat widget settings modal (docs/api.md): read and save a widget's
// settings, upload its logo. Saving tells every open widget at once (SETTINGS_UPDATED).
import multipart from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { WIDGET_EVENTS } from '../../core/realtime/events';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { MESSAGES } from '../../core/validation/rules';
import {
  normalizeWidgetSettings,
  validateWidgetSettings,
  widgetSettingsShapeError,
} from '../../core/widget/settings';
import { hasArea, requireArea } from '../accounts/permissions';
import { channels } from '../accounts/schema';
import type { AppContext } from '../context';
import { requireAccount, requireAuth } from '../http/context';
import { Invalid, NotFound } from '../http/errors';
import { filePath, requestOrigin } from '../media/wire';
import { findWidgetChannel, publicInfo, saveWidgetSettings, type WidgetChannel } from './channel';
import { ONE_FILE_LIMITS, storeLogo } from './files';
import { newIdentitySecret, readIdentitySecret, writeIdentitySecret } from './identity';
import { widgetRoom } from './rooms';
import { widgetNamespace } from './socket';

/** Members whose role may write the settings area change the widget; every member may read it. */
const EDIT = ['settings', 'write'] as const;

async function ownWidget(ctx: AppContext, accountId: string, widgetId: unknown): Promise<WidgetChannel> {
  if (typeof widgetId !== 'string' || widgetId === '') throw new Invalid('widget_id', MESSAGES.required);
  const channel = await findWidgetChannel(ctx, widgetId);
  if (!channel || channel.accountId !== accountId) throw new NotFound(SERVER_MESSAGES.widgetMissing);
  return channel;
}

function installSnippet(origin: string, widgetId: string) {
  const scriptUrl = `${origin}/chat-widget.js`;
  return {
    script_url: scriptUrl,
    page_url: `${origin}/widget/${widgetId}`,
    html: `<script type="module" src="${scriptUrl}"></script>\n<chat-widget widget-id="${widgetId}"></chat-widget>`,
  };
}

export function registerWidgetSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/widget/list', async (request) => {
    const account = requireAccount(request.account);
    const rows = await ctx.db
      .select({ id: channels.id, name: channels.name, createdAt: channels.createdAt })
      .from(channels)
      .where(and(eq(channels.accountId, account.accountId), eq(channels.type, 'widget')))
      .orderBy(channels.createdAt);
    return { list: rows.map((r) => ({ _id: r.id, name: r.name, type: 'widget' })) };
  });

  app.get('/api/widget/settings', async (request) => {
    const account = requireAccount(request.account);
    const channel = await ownWidget(
      ctx,
      account.accountId,
      (request.query as { widget_id?: unknown }).widget_id,
    );
    const origin = requestOrigin(ctx, request);
    return {
      widget: { _id: channel.id, name: channel.name, account_name: channel.accountName },
      settings: channel.settings,
      snippet: installSnippet(origin, channel.id),
      can_edit: await hasArea(ctx, account, ...EDIT),
    };
  });

  app.put('/api/widget/settings', async (request) => {
    const account = await requireArea(ctx, request, ...EDIT);
    const body = (request.body ?? {}) as { widget_id?: unknown; settings?: unknown };
    const channel = await ownWidget(ctx, account.accountId, body.widget_id);
    if (!body.settings || typeof body.settings !== 'object' || Array.isArray(body.settings))
      throw new Invalid('settings', MESSAGES.required);
    // A value of the wrong kind refuses the whole save (normalizing would keep the rest of it).
    const wrong = widgetSettingsShapeError(body.settings as Record<string, unknown>);
    if (wrong) throw new Invalid(wrong.field, wrong.message);
    // Keys left out keep their saved values.
    const settings = normalizeWidgetSettings(body.settings, channel.settings);
    const [error] = validateWidgetSettings(settings);
    if (error) throw new Invalid(error.field, error.message);
    await saveWidgetSettings(ctx, channel.id, settings);
    const saved: WidgetChannel = { ...channel, settings };
    widgetNamespace(ctx)
      .to(widgetRoom(channel.id))
      .emit(WIDGET_EVENTS.SETTINGS_UPDATED, publicInfo(saved, requestOrigin(ctx, request)));
    return { settings };
  });

  // Identity verification (identity.ts): editors see the secret their backend signs user ids with.
  app.get('/api/widget/identity', async (request) => {
    const account = await requireArea(ctx, request, ...EDIT);
    const channel = await ownWidget(
      ctx,
      account.accountId,
      (request.query as { widget_id?: unknown }).widget_id,
    );
    const secret = await readIdentitySecret(ctx, channel.id);
    return { enabled: secret !== null, secret };
  });

  app.post('/api/widget/identity', async (request) => {
    const account = await requireArea(ctx, request, ...EDIT);
    const body = (request.body ?? {}) as { widget_id?: unknown; action?: unknown };
    const channel = await ownWidget(ctx, account.accountId, body.widget_id);
    if (body.action !== 'generate' && body.action !== 'disable')
      throw new Invalid('action', MESSAGES.required);
    const secret = body.action === 'generate' ? newIdentitySecret() : null;
    await writeIdentitySecret(ctx, channel.id, secret);
    return { enabled: secret !== null, secret };
  });

  app.register(async (scope) => {
    if (!scope.hasRequestDecorator('isMultipart')) await scope.register(multipart);
    scope.post('/api/widget/logo', async (request) => {
      const account = await requireArea(ctx, request, ...EDIT);
      const channel = await ownWidget(
        ctx,
        account.accountId,
        (request.query as { widget_id?: unknown }).widget_id,
      );
      if (!request.isMultipart()) throw new Invalid('file', MESSAGES.required);
      const part = await request.file({ limits: ONE_FILE_LIMITS, throwFileSizeLimit: false });
      if (!part) throw new Invalid('file', MESSAGES.required);
      const { userId } = requireAuth(request.auth);
      const owner = { accountId: channel.accountId, userId };
      const file = await storeLogo(ctx, part, owner, requestOrigin(ctx, request));
      // Settings keep the path, so the logo works whatever address the server is reached at.
      return { file, logo: filePath(file.id, file.name) };
    });
  });
}
