// Broadcasts (issue 10; docs/api.md "Broadcasts"): the list by tab, the composer's choices and
// live reach, save as draft / schedule / send now, edit, duplicate, delete, resend to those it
// failed, the report with its export, and the scheduler that sends them (scheduler.ts, send.ts).
// Reading needs broadcast read; changing needs broadcast write.
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { array, defaulted, enums, type } from 'superstruct';
import {
  type BotChannel,
  CONVERT_MESSAGES,
  type ReplyLookups,
  toChannelItems,
} from '../../core/automation/replyConvert';
import {
  BROADCAST_CHANNEL_TYPES,
  type BroadcastAction,
  type BroadcastBody,
  TARGET_TYPES,
} from '../../core/broadcast/compose';
import { BROADCAST_RECIPIENTS, BROADCAST_TABS, MessagesTarget } from '../../core/models/broadcast';
import { EXPORT_FORMATS, type ExportFormat } from '../../core/reports/wire';
import { LINE_LIMITS } from '../../core/template/limits';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { type FieldError, MESSAGES } from '../../core/validation/rules';
import { newId } from '../accounts/ids';
import { requireArea } from '../accounts/permissions';
import { channels } from '../accounts/schema';
import { lookupsFor } from '../automation/store';
import { followers } from '../chat/schema';
import type { AppContext } from '../context';
import { requireAuth } from '../http/context';
import { Conflict, Invalid } from '../http/errors';
import '../links/redirect';
import { CSV_TYPE, exportTables, XLSX_TYPE } from '../reports/export';
import { listTable, reportFileTables } from './export';
import { InvalidBroadcast, type ReadBroadcast, readBroadcast, readStruct } from './input';
import { loadReport } from './report';
import { schedulerOf, startBroadcastScheduler } from './scheduler';
import { broadcastBatches, broadcastRecipients, broadcasts } from './schema';
import { emitProgress, SEND_MESSAGES } from './send';
import { broadcastToWire, findBroadcast, listBroadcasts, userNames } from './store';
import { estimateReach, targetChoices } from './targets';

export const BASE = '/api/broadcast';
const LIST_LIMIT_MAX = 100;
export const BROADCAST_STARTED = SERVER_MESSAGES.broadcastStarted;
export const NOTHING_TO_RESEND = SERVER_MESSAGES.nothingToResend;

const EstimateBody = type({
  recipients: defaulted(enums(BROADCAST_RECIPIENTS), 'all'),
  messages_target: defaulted(array(MessagesTarget), () => []),
  excluded_target: defaulted(array(MessagesTarget), () => []),
});

function requestOrigin(request: FastifyRequest) {
  return `${request.protocol}://${request.host}`;
}

function intQuery(value: unknown, fallback: number, max: number, field: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max) throw new Invalid(field, MESSAGES.number);
  return n;
}

function formatQuery(value: unknown): ExportFormat {
  const format = (value ?? 'xlsx') as ExportFormat;
  if (!EXPORT_FORMATS.includes(format)) throw new Invalid('format', MESSAGES.required);
  return format;
}

function sendFile(reply: FastifyReply, file: Buffer, format: ExportFormat, name: string) {
  return reply
    .header('content-type', format === 'csv' ? CSV_TYPE : XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .header('content-length', String(file.length))
    .header('cache-control', 'no-store')
    .send(file);
}

/**
 * What keeps the bubbles from going to the kinds of channel in `reached`, by field: each bubble
 * converted as the sender converts it (core/automation/replyConvert), and for LINE the messages
 * of all bubbles together, as one multicast takes at most LINE_LIMITS.messagesPerRequest.
 */
export function convertProblems(
  body: Pick<BroadcastBody, 'name' | 'messages'>,
  reached: ReadonlySet<BotChannel>,
  lookups: ReplyLookups,
): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  let lineMessages = 0;
  for (const channel of BROADCAST_CHANNEL_TYPES) {
    if (!reached.has(channel)) continue;
    body.messages.forEach((item, i) => {
      const result = toChannelItems({ name: body.name, items: [item], quick_replies: [] }, channel, lookups);
      if (result.ok) {
        if (channel === 'line') lineMessages += result.message.filter((o) => o.type !== 'quickreply').length;
        return;
      }
      for (const e of result.errors) {
        const field = e.field.replace(/^items\[0\]/, `messages[${i}]`);
        if (seen.has(field)) continue;
        seen.add(field);
        errors.push({ field, message: e.message });
      }
    });
  }
  if (lineMessages > LINE_LIMITS.messagesPerRequest)
    errors.push({ field: 'messages', message: CONVERT_MESSAGES.tooManyLineMessages });
  return errors;
}

/**
 * The bubbles must convert for every kind of channel the broadcast reaches now (a sticker for
 * WeChat, an image map for Messenger are refused before sending, naming the bubble), and for LINE
 * whenever the account sends to LINE (spec 8).
 */
async function checkConvertsForChannels(ctx: AppContext, accountId: string, read: ReadBroadcast) {
  if (read.action === 'draft') return;
  const connected = await ctx.db
    .select({ id: channels.id, type: channels.type })
    .from(channels)
    .where(and(eq(channels.accountId, accountId), inArray(channels.type, [...BROADCAST_CHANNEL_TYPES])));
  const reached = new Set(
    connected.filter((c) => c.type === 'line' || (read.byChannel[c.id] ?? 0) > 0).map((c) => c.type),
  );
  if (reached.size === 0) return;
  const lookups = await lookupsFor(ctx.db, accountId, read.body.messages);
  const errors = convertProblems(read.body, reached, lookups);
  if (errors.length > 0) throw new InvalidBroadcast(errors);
}

async function readChecked(ctx: AppContext, accountId: string, raw: unknown): Promise<ReadBroadcast> {
  const read = await readBroadcast(ctx.db, accountId, raw, new Date());
  if (read.action !== 'draft' && read.reach === 0)
    throw new InvalidBroadcast([{ field: 'recipients', message: SEND_MESSAGES.nobody }]);
  await checkConvertsForChannels(ctx, accountId, read);
  return read;
}

/** The columns a save writes, and the status and time its action gives. */
function valuesOf(read: ReadBroadcast, userId: string) {
  const { body, action } = read;
  const status = action === 'draft' ? 'Drafts' : 'Scheduled';
  const time =
    action === 'send_now'
      ? sql`now()`
      : body.broadcast_time && Number.isFinite(Date.parse(body.broadcast_time))
        ? new Date(body.broadcast_time)
        : null;
  return {
    name: body.name,
    messages: body.messages,
    recipients: body.recipients,
    messagesTarget: body.messages_target,
    excludedTarget: body.excluded_target,
    targetEstimate: read.reach,
    status: status as 'Drafts' | 'Scheduled',
    broadcastTime: time as Date | null,
    updatedBy: userId,
    updatedAt: sql`now()` as unknown as Date,
  };
}

async function answer(ctx: AppContext, id: string, accountId: string, action?: BroadcastAction) {
  const row = await findBroadcast(ctx.db, accountId, id);
  if (action === 'send_now') schedulerOf(ctx)?.kick();
  if (action && action !== 'draft')
    emitProgress(ctx, accountId, { _id: row.id, status: row.status, total: 0, sent: 0, failed: 0 });
  return { broadcast: broadcastToWire(row, await userNames(ctx.db, [row])) };
}

export function registerBroadcastRoutes(app: FastifyInstance, ctx: AppContext) {
  const scheduler = startBroadcastScheduler(ctx);
  app.addHook('onClose', () => scheduler.stop());

  app.get(`${BASE}/list`, async (request) => {
    const access = await requireArea(ctx, request, 'broadcast', 'read');
    const q = request.query as Record<string, unknown>;
    const tab = (q.tab ?? 'All Time') as (typeof BROADCAST_TABS)[number];
    if (!BROADCAST_TABS.includes(tab)) throw new Invalid('tab', MESSAGES.required);
    const { rows, total, counts } = await listBroadcasts(ctx.db, access.accountId, {
      tab,
      search: typeof q.search === 'string' ? q.search.trim().slice(0, 100) : '',
      skip: intQuery(q.skip, 0, 1_000_000, 'skip'),
      limit: Math.max(1, intQuery(q.limit, 20, LIST_LIMIT_MAX, 'limit')),
    });
    const names = await userNames(ctx.db, rows);
    return { list: rows.map((r) => broadcastToWire(r, names)), total_count: total, counts };
  });

  app.get(`${BASE}/targets`, async (request) => {
    const access = await requireArea(ctx, request, 'broadcast', 'read');
    return { ...(await targetChoices(ctx.db, access.accountId)), types: TARGET_TYPES };
  });

  app.post(`${BASE}/estimate`, async (request) => {
    const access = await requireArea(ctx, request, 'broadcast', 'read');
    const body = readStruct(EstimateBody, request.body);
    const reach = await estimateReach(ctx.db, access.accountId, {
      recipients: body.recipients,
      messagesTarget: body.recipients === 'targeting' ? body.messages_target : [],
      excludedTarget: body.excluded_target,
    });
    return { target_estimate: reach.total, by_channel: reach.byChannel };
  });

  app.get(`${BASE}/export`, async (request, reply) => {
    const access = await requireArea(ctx, request, 'broadcast', 'read');
    const q = request.query as Record<string, unknown>;
    const format = formatQuery(q.format);
    const tab = (q.tab ?? 'All Time') as (typeof BROADCAST_TABS)[number];
    if (!BROADCAST_TABS.includes(tab)) throw new Invalid('tab', MESSAGES.required);
    const { rows } = await listBroadcasts(ctx.db, access.accountId, {
      tab,
      search: typeof q.search === 'string' ? q.search.trim().slice(0, 100) : '',
      skip: 0,
      limit: 10_000,
    });
    const file = await exportTables([listTable(rows, await userNames(ctx.db, rows), q.lang)], format, q.lang);
    return sendFile(reply, file, format, `broadcasts_${tab.replace(/\s+/g, '_').toLowerCase()}`);
  });

  app.post(BASE, async (request) => {
    const access = await requireArea(ctx, request, 'broadcast', 'write');
    const { userId } = requireAuth(request.auth);
    const read = await readChecked(ctx, access.accountId, request.body);
    const id = newId();
    await ctx.db.insert(broadcasts).values({
      id,
      accountId: access.accountId,
      ...valuesOf(read, userId),
      origin: requestOrigin(request),
      createdBy: userId,
    });
    return answer(ctx, id, access.accountId, read.action);
  });

  app.get(`${BASE}/:id`, async (request) => {
    const access = await requireArea(ctx, request, 'broadcast', 'read');
    const row = await findBroadcast(ctx.db, access.accountId, (request.params as { id: string }).id);
    return { broadcast: broadcastToWire(row, await userNames(ctx.db, [row])) };
  });

  app.put(`${BASE}/:id`, async (request) => {
    const access = await requireArea(ctx, request, 'broadcast', 'write');
    const { userId } = requireAuth(request.auth);
    const row = await findBroadcast(ctx.db, access.accountId, (request.params as { id: string }).id);
    const read = await readChecked(ctx, access.accountId, request.body);
    // Only while nobody has started sending it (the claim and this update take the row in turn).
    const updated = await ctx.db
      .update(broadcasts)
      .set({ ...valuesOf(read, userId), origin: requestOrigin(request), error: null })
      .where(
        and(
          eq(broadcasts.id, row.id),
          inArray(broadcasts.status, ['Drafts', 'Scheduled']),
          sql`${broadcasts.preparedAt} is null`,
          sql`(${broadcasts.leaseUntil} is null or ${broadcasts.leaseUntil} < now())`,
        ),
      )
      .returning({ id: broadcasts.id });
    if (updated.length === 0) throw new Conflict(BROADCAST_STARTED);
    return answer(ctx, row.id, access.accountId, read.action);
  });

  app.delete(`${BASE}/:id`, async (request) => {
    const access = await requireArea(ctx, request, 'broadcast', 'write');
    const row = await findBroadcast(ctx.db, access.accountId, (request.params as { id: string }).id);
    const deleted = await ctx.db
      .delete(broadcasts)
      .where(
        and(
          eq(broadcasts.id, row.id),
          sql`not (${broadcasts.status} = 'Sending' and ${broadcasts.leaseUntil} is not null and ${broadcasts.leaseUntil} > now())`,
        ),
      )
      .returning({ id: broadcasts.id });
    if (deleted.length === 0) throw new Conflict(BROADCAST_STARTED);
    return { deleted: 1 };
  });

  app.post(`${BASE}/:id/duplicate`, async (request) => {
    const access = await requireArea(ctx, request, 'broadcast', 'write');
    const { userId } = requireAuth(request.auth);
    const row = await findBroadcast(ctx.db, access.accountId, (request.params as { id: string }).id);
    const given = (request.body as { name?: unknown } | null)?.name;
    const name = (typeof given === 'string' && given.trim() ? given.trim() : `${row.name} (copy)`).slice(
      0,
      100,
    );
    const id = newId();
    await ctx.db.insert(broadcasts).values({
      id,
      accountId: access.accountId,
      name,
      messages: row.messages,
      recipients: row.recipients,
      messagesTarget: row.messagesTarget,
      excludedTarget: row.excludedTarget,
      targetEstimate: row.targetEstimate,
      status: 'Drafts',
      broadcastTime: null,
      origin: requestOrigin(request),
      createdBy: userId,
      updatedBy: userId,
    });
    return answer(ctx, id, access.accountId);
  });

  app.post(`${BASE}/:id/resend`, async (request) => {
    const access = await requireArea(ctx, request, 'broadcast', 'write');
    const { userId } = requireAuth(request.auth);
    const row = await findBroadcast(ctx.db, access.accountId, (request.params as { id: string }).id);
    const again = await ctx.db.transaction(async (tx) => {
      const [taken] = await tx
        .update(broadcasts)
        .set({
          status: 'Scheduled',
          failedCount: 0,
          error: null,
          finishedAt: null,
          updatedBy: userId,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(broadcasts.id, row.id),
            eq(broadcasts.status, 'Failed'),
            sql`${broadcasts.preparedAt} is not null`,
            ne(broadcasts.failedCount, 0),
          ),
        )
        .returning({ id: broadcasts.id });
      if (!taken) return 0;
      const people = await tx
        .update(broadcastRecipients)
        .set({ status: 'pending', error: null })
        .where(and(eq(broadcastRecipients.broadcastId, row.id), eq(broadcastRecipients.status, 'failed')))
        .returning({ id: broadcastRecipients.followerId });
      await tx.execute(sql`
        update ${broadcastBatches} b set status = 'pending', attempts = 0, not_before = null, error = null, claimed_until = null
        where b.broadcast_id = ${row.id} and exists (
          select 1 from broadcast_recipients r
          where r.broadcast_id = b.broadcast_id and r.channel_id = b.channel_id and r.batch_no = b.batch_no
            and r.status = 'pending')`);
      return people.length;
    });
    if (again === 0) throw new Conflict(NOTHING_TO_RESEND);
    schedulerOf(ctx)?.kick();
    const result = await answer(ctx, row.id, access.accountId);
    return { ...result, resend_count: again };
  });

  app.get(`${BASE}/:id/report`, async (request) => {
    const access = await requireArea(ctx, request, 'broadcast', 'read');
    const row = await findBroadcast(ctx.db, access.accountId, (request.params as { id: string }).id);
    return loadReport(ctx, row);
  });

  app.get(`${BASE}/:id/recipients`, async (request) => {
    const access = await requireArea(ctx, request, 'broadcast', 'read');
    const row = await findBroadcast(ctx.db, access.accountId, (request.params as { id: string }).id);
    const q = request.query as Record<string, unknown>;
    const status = q.status === undefined || q.status === '' ? null : q.status;
    if (status !== null && status !== 'pending' && status !== 'sent' && status !== 'failed')
      throw new Invalid('status', MESSAGES.required);
    const where = and(
      eq(broadcastRecipients.broadcastId, row.id),
      status ? eq(broadcastRecipients.status, status) : undefined,
    );
    const list = await ctx.db
      .select({
        follower_id: broadcastRecipients.followerId,
        line_name: followers.lineName,
        channel_id: broadcastRecipients.channelId,
        channel_type: broadcastRecipients.channelType,
        status: broadcastRecipients.status,
        error: broadcastRecipients.error,
        sent_at: broadcastRecipients.sentAt,
      })
      .from(broadcastRecipients)
      .leftJoin(followers, eq(followers.id, broadcastRecipients.followerId))
      .where(where)
      .orderBy(broadcastRecipients.channelId, broadcastRecipients.followerId)
      .offset(intQuery(q.skip, 0, 10_000_000, 'skip'))
      .limit(Math.max(1, intQuery(q.limit, 50, LIST_LIMIT_MAX, 'limit')));
    const [{ n }] = await ctx.db.select({ n: count() }).from(broadcastRecipients).where(where);
    return { list, total_count: Number(n) };
  });

  app.get(`${BASE}/:id/export`, async (request, reply) => {
    const access = await requireArea(ctx, request, 'broadcast', 'read');
    const row = await findBroadcast(ctx.db, access.accountId, (request.params as { id: string }).id);
    const q = request.query as Record<string, unknown>;
    const format = formatQuery(q.format);
    const report = await loadReport(ctx, row);
    const file = await exportTables(await reportFileTables(ctx.db, row, report, q.lang), format, q.lang);
    return sendFile(reply, file, format, `broadcast_${row.id}`);
  });
}
