// General settings (spec 2): account name on the account, the rest in account_settings through
// the chat's settings module (forgetChatSettings after saving, so chats use them at once).
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type GeneralSettingsInput, validateGeneralSettings } from '../../core/validation/generalSettings';
import { requireArea } from '../accounts/permissions';
import { accounts } from '../accounts/schema';
import { fieldsOf } from '../chat/input';
import { accountSettings } from '../chat/schema';
import { forgetChatSettings, loadChatSettings } from '../chat/settings';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';

async function readGeneral(ctx: AppContext, accountId: string): Promise<GeneralSettingsInput> {
  forgetChatSettings(accountId);
  const [settings, [account], [row]] = await Promise.all([
    loadChatSettings(ctx.db, accountId),
    ctx.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId)),
    ctx.db
      .select({ settings: accountSettings.settings })
      .from(accountSettings)
      .where(eq(accountSettings.accountId, accountId)),
  ]);
  const stored = (row?.settings ?? {}) as Record<string, unknown>;
  return {
    account_name: account?.name ?? '',
    bot_info: { name: settings.bot_info.name, image: settings.bot_info.image ?? null },
    greeting_message: typeof stored.greeting_message === 'string' ? stored.greeting_message : '',
    business_hours: settings.business_hours
      ? {
          timezone: settings.business_hours.timezone,
          days: settings.business_hours.days,
          holidays: settings.business_hours.holidays ?? [],
        }
      : null,
    switch_mode_time: settings.switch_mode_time,
    chat_times: {
      missed_after_minutes: settings.missed_after_seconds / MINUTE_S,
      expire_after_hours: settings.expire_after_seconds / HOUR_S,
    },
    timezone: settings.timezone,
  };
}

const MINUTE_S = 60;
const HOUR_S = 60 * 60;

/** The form's times as the chat settings keep them (seconds; server/chat/sweeps.ts reads them). */
const storedTimes = ({ chat_times }: GeneralSettingsInput) => ({
  missed_after_seconds: chat_times.missed_after_minutes * MINUTE_S,
  expire_after_seconds: chat_times.expire_after_hours * HOUR_S,
});

const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const num = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;

/** The body as settings, with the current values for what it leaves out. */
function merge(current: GeneralSettingsInput, body: Record<string, unknown>): GeneralSettingsInput {
  const bot = fieldsOf(body.bot_info);
  const sw = fieldsOf(body.switch_mode_time);
  const times = fieldsOf(body.chat_times);
  const hours = body.business_hours === undefined ? current.business_hours : body.business_hours;
  const h = fieldsOf(hours);
  return {
    account_name: body.account_name === undefined ? current.account_name : str(body.account_name).trim(),
    bot_info: {
      name: bot.name === undefined ? current.bot_info.name : str(bot.name).trim(),
      image: bot.image === undefined ? current.bot_info.image : str(bot.image).trim() || null,
    },
    greeting_message:
      body.greeting_message === undefined ? current.greeting_message : str(body.greeting_message),
    business_hours:
      hours === null
        ? null
        : {
            timezone: str(h.timezone ?? current.timezone),
            days: (Array.isArray(h.days) ? h.days : []).map((d) => {
              const day = fieldsOf(d);
              return { day: num(day.day), open: str(day.open), close: str(day.close) };
            }),
            holidays: (Array.isArray(h.holidays) ? h.holidays : []).map((x) => {
              const hol = fieldsOf(x);
              return { date: str(hol.date), name: str(hol.name).trim() };
            }),
          },
    switch_mode_time: {
      start: sw.start === undefined ? current.switch_mode_time.start : num(sw.start),
      extend: sw.extend === undefined ? current.switch_mode_time.extend : num(sw.extend),
    },
    chat_times: {
      missed_after_minutes:
        times.missed_after_minutes === undefined
          ? current.chat_times.missed_after_minutes
          : num(times.missed_after_minutes),
      expire_after_hours:
        times.expire_after_hours === undefined
          ? current.chat_times.expire_after_hours
          : num(times.expire_after_hours),
    },
    timezone: body.timezone === undefined ? current.timezone : str(body.timezone),
  };
}

export function registerGeneralSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/settings/general', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'read');
    return { settings: await readGeneral(ctx, access.accountId) };
  });

  app.put('/api/settings/general', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'write');
    const next = merge(await readGeneral(ctx, access.accountId), fieldsOf(request.body));
    const errors = validateGeneralSettings(next);
    if (errors.length > 0) {
      const first = errors[0];
      throw Object.assign(new HttpError(400, first.message, 'invalid', first.field), {
        toJSON: () => ({ message: first.message, code: 'invalid', field: first.field, errors }),
      });
    }
    const { account_name, chat_times, ...rest } = next;
    const stored = { ...rest, ...storedTimes(next) };
    await ctx.db.transaction(async (tx) => {
      await tx.update(accounts).set({ name: account_name }).where(eq(accounts.id, access.accountId));
      await tx
        .insert(accountSettings)
        .values({ accountId: access.accountId, settings: stored })
        .onConflictDoUpdate({
          target: accountSettings.accountId,
          set: {
            settings: sql`${accountSettings.settings} || ${JSON.stringify(stored)}::jsonb`,
            updatedAt: new Date(),
          },
        });
    });
    forgetChatSettings(access.accountId);
    return { settings: await readGeneral(ctx, access.accountId) };
  });
}
