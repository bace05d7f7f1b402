// Chat export (spec 7 /api/chat/export and /export-zip, spec 9 range YYYY-MM-DD): one chat's
// messages over whole days in the account's time zone, as an Excel sheet, or as a zip holding
// that sheet and the chat's files from the media library.
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { ZipArchive } from 'archiver';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CHAT_EXPORT_TYPES } from '../../core/models/chat';
import { mediaFileAddress } from '../../core/models/media';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { CONTENT_TYPE_BY_EXTENSION } from '../../core/upload/contentTypes';
import { MESSAGES } from '../../core/validation/rules';
import { users } from '../accounts/schema';
import type { AppContext } from '../context';
import { Invalid } from '../http/errors';
import { lazyModule, loadExcelJS } from '../lazyModule';
import { accountFilesByIds, type FileRow } from '../media/fileRows';
import { cleanFileName } from '../media/names';
import { mediaStorage } from '../media/storageOf';
import { findFollower, viewerOf } from './access';
import { fieldsOf, isoDay, optionalString, requiredString } from './input';
import { messages } from './schema';
import { itemsText } from './serialize';
import { loadChatSettings } from './settings';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Longest range one export covers, and most messages it holds. */
export const EXPORT_MAX_DAYS = 366;
export const EXPORT_MAX_MESSAGES = 50_000;

type MessageRow = typeof messages.$inferSelect;
type FollowerRow = Awaited<ReturnType<typeof findFollower>>;

interface ExportData {
  follower: FollowerRow;
  rows: MessageRow[];
  agents: Map<string, string>;
  timezone: string;
  start: string;
  end: string;
}

async function loadExport(ctx: AppContext, request: Parameters<typeof viewerOf>[1]): Promise<ExportData> {
  const viewer = await viewerOf(ctx, request);
  const body = fieldsOf(request.body);
  const follower = await findFollower(
    ctx,
    viewer,
    requiredString(body, ['follower_id', 'followerId'], { max: 64 }),
  );
  const type = optionalString(body, 'type', { max: 10 });
  if (type && !(CHAT_EXPORT_TYPES as readonly string[]).includes(type))
    throw new Invalid('type', MESSAGES.oneOf('type', CHAT_EXPORT_TYPES));
  const start = isoDay(body, 'start_date');
  const end = isoDay(body, 'end_date');
  if (end < start) throw new Invalid('end_date', SERVER_MESSAGES.endBeforeStart);
  const { timezone: zone } = await loadChatSettings(ctx.db, viewer.accountId);
  const from = dayjs.tz(start, zone);
  const until = dayjs.tz(end, zone).add(1, 'day');
  if (until.diff(from, 'day') > EXPORT_MAX_DAYS)
    throw new Invalid('end_date', SERVER_MESSAGES.exportTooLong(EXPORT_MAX_DAYS));
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.followerId, follower.id),
        gte(messages.createdAt, from.toDate()),
        lt(messages.createdAt, until.toDate()),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.seq))
    .limit(EXPORT_MAX_MESSAGES);
  const agentIds = [
    ...new Set(rows.filter((r) => r.fromType === 'agent' && r.fromId).map((r) => r.fromId as string)),
  ];
  const agentRows = agentIds.length
    ? await ctx.db
        .select({ id: users.id, name: users.displayName })
        .from(users)
        .where(inArray(users.id, agentIds))
    : [];
  return {
    follower,
    rows,
    agents: new Map(agentRows.map((a) => [a.id, a.name])),
    timezone: zone,
    start,
    end,
  };
}

function attachments(row: MessageRow): string[] {
  return row.items.flatMap((item) =>
    item.type === 'image' || item.type === 'video' || item.type === 'file'
      ? [item.originalContentUrl ?? item.file_path ?? ''].filter(Boolean)
      : [],
  );
}

export async function buildChatWorkbook(data: ExportData): Promise<Buffer> {
  const workbook = new (await loadExcelJS()).Workbook();
  workbook.created = new Date();
  const name = data.follower.lineNickname || data.follower.lineName || data.follower.externalId;
  const sheet = workbook.addWorksheet('Chat');
  sheet.columns = [
    { header: 'Date', key: 'date', width: 18 },
    { header: 'From', key: 'from', width: 24 },
    { header: 'Type', key: 'type', width: 10 },
    { header: 'Message', key: 'message', width: 60 },
    { header: 'Attachment', key: 'attachment', width: 50 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of data.rows) {
    const from =
      row.fromType === 'customer'
        ? name
        : row.fromType === 'agent'
          ? (data.agents.get(row.fromId ?? '') ?? row.importedSender ?? 'Agent')
          : row.fromType === 'bot'
            ? 'Bot'
            : 'System';
    sheet.addRow({
      date: dayjs(row.createdAt).tz(data.timezone).format('DD/MM/YYYY HH:mm'),
      from,
      type: row.items[0]?.type ?? '',
      message: itemsText(row.items),
      attachment: attachments(row).join('\n'),
    });
  }
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  // Whose chat this is, so that a chat import can bring the file back (server/chatImport).
  const about = workbook.addWorksheet('Conversation');
  about.columns = [{ width: 16 }, { width: 40 }];
  about.addRows([
    ['Follower id', data.follower.id],
    ['Name', name],
    ['Channel type', data.follower.channelType],
    ['Channel id', data.follower.channelId],
    ['Social id', data.follower.externalId],
    ['Time zone', data.timezone],
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function baseName(data: ExportData): string {
  const who = cleanFileName(data.follower.lineName || 'chat').replace(/\s+/g, '_');
  return `chat_${who}_${data.start}_${data.end}`;
}

/** The media library files the chat's messages show (sent by agents, customers or visitors). */
function chatFileIds(rows: readonly MessageRow[]): string[] {
  const ids = new Set<string>();
  for (const row of rows)
    for (const item of row.items)
      if (item.type === 'image' || item.type === 'video' || item.type === 'file') {
        const own = mediaFileAddress(item.file_path) ?? mediaFileAddress(item.originalContentUrl);
        if (own) ids.add(own.id);
      }
  return [...ids];
}

/** The sheet, then each file, one open at a time (an entry is written before the next is opened). */
async function zipEntries(
  ctx: AppContext,
  zip: ZipArchive,
  workbook: Buffer,
  workbookName: string,
  files: readonly FileRow[],
) {
  // The download may stop halfway: then the file open at that moment is closed and the rest skipped.
  const gone = new AbortController();
  zip.once('close', () => gone.abort());
  const add = async (source: Buffer | Readable, name: string) => {
    const written = once(zip, 'entry', { signal: gone.signal });
    zip.append(source, { name });
    await written.catch((err: unknown) => {
      if (!Buffer.isBuffer(source)) source.destroy();
      throw err;
    });
  };
  await add(workbook, workbookName);
  for (const file of files) {
    const object = await mediaStorage(ctx).get(file.storageKey);
    if (object) await add(object.stream, `files/${file.id}_${file.name}`);
  }
  await zip.finalize();
}

const loadArchiver = lazyModule(() => import('archiver'));

const disposition = (file: string) => `attachment; filename*=UTF-8''${encodeURIComponent(file)}`;

export function registerChatExportRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/chat/export', async (request, reply) => {
    const data = await loadExport(ctx, request);
    const workbook = await buildChatWorkbook(data);
    return reply
      .header('content-type', CONTENT_TYPE_BY_EXTENSION.xlsx)
      .header('content-disposition', disposition(`${baseName(data)}.xlsx`))
      .send(workbook);
  });

  app.post('/api/chat/export-zip', async (request, reply) => {
    const data = await loadExport(ctx, request);
    const workbook = await buildChatWorkbook(data);
    const files = await accountFilesByIds(ctx.db, data.follower.accountId, chatFileIds(data.rows));
    const zip = new (await loadArchiver()).ZipArchive({ zlib: { level: 6 } });
    zip.on('warning', (err) => request.log.warn({ err }, 'chat export zip'));
    zip.on('error', (err) => request.log.error({ err }, 'chat export zip failed'));
    zipEntries(ctx, zip, workbook, `${baseName(data)}.xlsx`, files).catch((err: unknown) => {
      if (zip.destroyed) return;
      request.log.error({ err }, 'chat export zip failed');
      zip.abort();
    });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', disposition(`${baseName(data)}.zip`))
      .send(zip);
  });
}
