// The settings' chat import (docs/api.md "Chat import"): upload a file (streamed to disk), check
// every row, and — when nothing is wrong — import it in the background while the uploader's
// console hears CHAT_IMPORT_PROGRESS. A file whose bytes were imported before adds nothing.
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CHAT_IMPORT_PROGRESS,
  IMPORT_MAX_BYTES,
  type ImportRowError,
  TEMPLATE_COLUMNS,
} from '../../core/chatImport/wire';
import { AGENT_NAMESPACE } from '../../core/realtime/events';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { MESSAGES } from '../../core/validation/rules';
import { newId } from '../accounts/ids';
import { requireArea } from '../accounts/permissions';
import { fieldsOf, optionalBoolean } from '../chat/input';
import { accountRoom } from '../chat/rooms';
import type { AppContext } from '../context';
import { requireAuth } from '../http/context';
import { HttpError, Invalid, NotFound } from '../http/errors';
import { loadExcelJS } from '../lazyModule';
import type { AgentSocketData } from '../realtime/agents';
import { accountTimezone } from '../reports/scope';
import { type CheckResult, checkFile, finishImport, writeFile } from './importer';
import { chatImports } from './schema';
import { discardUpload, receiveUpload, sweepUploads, type Upload } from './upload';
import { importToWire } from './wire';

/** 400 listing the rows that are wrong; nothing was written. */
class FileHasErrors extends HttpError {
  constructor(
    readonly errors: ImportRowError[],
    readonly errorCount: number,
    readonly rows: number,
  ) {
    super(400, SERVER_MESSAGES.importHasErrors, 'invalid', 'file');
  }

  override toJSON() {
    return { ...super.toJSON(), errors: this.errors, error_count: this.errorCount, rows: this.rows };
  }
}

/** Progress of imports running in this process (the database row is updated less often). */
const running = new Map<string, number>();

async function tellUploader(ctx: AppContext, accountId: string, userId: string, payload: unknown) {
  const sockets = await ctx.io.of(AGENT_NAMESPACE).in(accountRoom(accountId)).fetchSockets();
  for (const socket of sockets)
    if ((socket.data as Partial<AgentSocketData>).userId === userId)
      socket.emit(CHAT_IMPORT_PROGRESS, payload);
}

async function receiveFile(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ upload: Upload; fileName: string; dryRun: boolean }> {
  if (!request.isMultipart()) throw new Invalid('file', MESSAGES.required);
  const fields: Record<string, unknown> = { ...fieldsOf(request.query) };
  let upload: Upload | null = null;
  let fileName = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (upload) {
          part.file.resume();
          continue;
        }
        fileName = (part.filename || 'import.csv').slice(0, 200);
        upload = await receiveUpload(ctx, part.file, IMPORT_MAX_BYTES);
      } else fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if (upload) await discardUpload(upload.tmpPath);
    throw err;
  }
  if (!upload || upload.size === 0) {
    if (upload) await discardUpload(upload.tmpPath);
    throw new Invalid('file', MESSAGES.required);
  }
  if (upload.truncated) {
    await discardUpload(upload.tmpPath);
    throw new Invalid('file', 'Too large file size');
  }
  return { upload, fileName, dryRun: optionalBoolean(fields, 'dry_run') ?? false };
}

function summary(check: CheckResult) {
  return {
    format: check.format,
    rows: check.rows,
    conversations: check.conversations.size,
    messages: check.messages,
  };
}

async function runImport(
  ctx: AppContext,
  importId: string,
  upload: Upload,
  check: CheckResult,
  who: { accountId: string; userId: string; fileName: string },
) {
  let lastSaved = 0;
  let lastTold = 0;
  const tell = (payload: unknown) =>
    tellUploader(ctx, who.accountId, who.userId, payload).catch((err) =>
      ctx.log.debug({ err }, 'import progress not sent'),
    );
  try {
    const timezone = await accountTimezone(ctx, who.accountId);
    const result = await writeFile(ctx, upload.tmpPath, check, {
      accountId: who.accountId,
      userId: who.userId,
      importId,
      fileName: who.fileName,
      fileHash: upload.hash,
      timezone,
      onProgress(processed) {
        running.set(importId, processed);
        const now = Date.now();
        if (now - lastTold >= 200) {
          lastTold = now;
          void tell({
            import_id: importId,
            status: 'importing',
            processed_rows: processed,
            total_rows: check.rows,
          });
        }
        if (now - lastSaved >= 1000) {
          lastSaved = now;
          void ctx.db
            .update(chatImports)
            .set({ processedRows: processed })
            .where(eq(chatImports.id, importId))
            .catch((err) => ctx.log.debug({ err }, 'import progress not saved'));
        }
      },
    });
    const row = await finishImport(ctx, importId, {
      status: 'done',
      processedRows: result.processed,
      conversations: result.conversations,
      messagesAdded: result.added,
      messagesMerged: result.merged,
    });
    await tell({ import_id: importId, status: 'done', import: importToWire(row) });
  } catch (err) {
    ctx.log.error({ err, importId }, 'chat import failed');
    const row = await finishImport(ctx, importId, {
      status: 'failed',
      error: SERVER_MESSAGES.systemError,
    }).catch(() => null);
    await tell({ import_id: importId, status: 'failed', import: row ? importToWire(row) : null });
  } finally {
    running.delete(importId);
    await discardUpload(upload.tmpPath);
  }
}

function templateRows(): string[][] {
  return [
    [...TEMPLATE_COLUMNS],
    [
      'order-1001',
      'Somchai Jaidee',
      'U4af4980629',
      'line',
      'customer',
      'Somchai Jaidee',
      '2024-03-01',
      '09:15',
      'Hello, is my order shipped?',
    ],
    ['order-1001', '', '', '', 'agent', 'Nok', '2024-03-01', '09:17', 'Yes, it ships today.'],
    ['walk-in-7', 'สมหญิง ใจดี', '', '', 'customer', '', '02/03/2024', '14:05:30', 'สวัสดีค่ะ'],
  ];
}

export function registerImportFileRoutes(app: FastifyInstance, ctx: AppContext) {
  void sweepUploads(ctx).catch((err) => ctx.log.warn({ err }, 'old chat import files not swept'));

  app.post('/api/chat/import', async (request, reply) => {
    const access = await requireArea(ctx, request, 'settings', 'write');
    const { userId } = requireAuth(request.auth);
    const { upload, fileName, dryRun } = await receiveFile(ctx, request);
    let started = false;
    try {
      const check = await checkFile(upload.tmpPath);
      if (check.errorCount > 0) throw new FileHasErrors(check.errors, check.errorCount, check.rows);
      if (check.messages === 0) throw new Invalid('file', SERVER_MESSAGES.importEmpty);
      const [before] = await ctx.db
        .select()
        .from(chatImports)
        .where(
          and(
            eq(chatImports.accountId, access.accountId),
            eq(chatImports.fileHash, upload.hash),
            eq(chatImports.status, 'done'),
          ),
        )
        .limit(1);
      if (before) return { duplicate: true, import: importToWire(before), check: summary(check) };
      if (dryRun) return { duplicate: false, check: summary(check) };
      const [row] = await ctx.db
        .insert(chatImports)
        .values({
          id: newId(),
          accountId: access.accountId,
          fileName,
          fileHash: upload.hash,
          format: check.format ?? 'oam',
          totalRows: check.rows,
          conversations: check.conversations.size,
          createdBy: userId,
        })
        .returning();
      started = true;
      void runImport(ctx, row.id, upload, check, { accountId: access.accountId, userId, fileName });
      return reply.code(202).send({ duplicate: false, import: importToWire(row), check: summary(check) });
    } finally {
      if (!started) await discardUpload(upload.tmpPath);
    }
  });

  app.get('/api/chat/import/list', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'read');
    const rows = await ctx.db
      .select()
      .from(chatImports)
      .where(eq(chatImports.accountId, access.accountId))
      .orderBy(desc(chatImports.createdAt))
      .limit(20);
    return { list: rows.map((r) => importToWire(r, running.get(r.id))) };
  });

  app.get('/api/chat/import/template', async (request, reply) => {
    await requireArea(ctx, request, 'settings', 'read');
    const format = fieldsOf(request.query).format ?? 'csv';
    if (format !== 'csv' && format !== 'xlsx') throw new Invalid('format', MESSAGES.required);
    const rows = templateRows();
    if (format === 'csv') {
      const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
      const text = `\uFEFF${rows.map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="chat-import-template.csv"')
        .send(text);
    }
    const book = new (await loadExcelJS()).Workbook();
    const sheet = book.addWorksheet('Chats');
    for (const r of rows) sheet.addRow(r);
    sheet.getRow(1).font = { bold: true };
    sheet.columns.forEach((c) => {
      c.width = 18;
    });
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="chat-import-template.xlsx"')
      .send(Buffer.from(await book.xlsx.writeBuffer()));
  });

  app.get('/api/chat/import/:id', async (request) => {
    const access = await requireArea(ctx, request, 'settings', 'read');
    const { id } = request.params as { id: string };
    const [row] = await ctx.db
      .select()
      .from(chatImports)
      .where(and(eq(chatImports.id, id), eq(chatImports.accountId, access.accountId)))
      .limit(1);
    if (!row) throw new NotFound(SERVER_MESSAGES.importMissing);
    return { import: importToWire(row, running.get(row.id)) };
  });
}
