// Public calls of the widget. Only the settings a visitor's browser needs are exposed.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accounts, channels } from '../accounts/schema';
import type { AppContext } from '../context';
import { Invalid, NotFound } from '../http/errors';

const PUBLIC_KEYS = [
  'brand_label',
  'button_color',
  'button_label',
  'chat_form',
  'header',
  'description',
  'label_color',
  'logo',
  'scatter_message',
  'welcome_message',
  'pre_chat_form_fields',
  'greeting_message',
  'ads_bar',
] as const;

export function registerWidgetRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/service/widget/info', async (request, reply) => {
    const { widget_id: widgetId } = request.query as { widget_id?: unknown };
    if (typeof widgetId !== 'string' || widgetId === '')
      throw new Invalid('widget_id', 'This field is required.');
    const [row] = await ctx.db
      .select({ config: channels.config, accountName: accounts.name, companyId: accounts.id })
      .from(channels)
      .innerJoin(accounts, eq(accounts.id, channels.accountId))
      .where(and(eq(channels.id, widgetId), eq(channels.type, 'widget')))
      .limit(1);
    if (!row) throw new NotFound('This chat widget does not exist.');
    const info: Record<string, unknown> = { company_id: row.companyId };
    for (const key of PUBLIC_KEYS) if (key in row.config) info[key] = row.config[key];
    info.brand_label ??= row.accountName;
    reply.header('access-control-allow-origin', '*').header('cache-control', 'no-cache');
    return info;
  });
}
