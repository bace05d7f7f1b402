// Contacts out to CSV or Excel and back in. The export is what the caller may see (hidden field
// values '-', hidden tags left out) and streams page by page; an import matches rows by `_id`,
// then by channel and social id, else creates the contact. Empty cells change nothing; a tags
// cell sets the contact's changeable tags to exactly those named (missing tags are made).

import { PassThrough, type Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { fieldValueText } from '../../core/validation/contactField';
import { newId } from '../accounts/ids';
import { channels } from '../accounts/schema';
import { followers } from '../chat/schema';
import type { Db } from '../db/client';
import { HttpError, Invalid } from '../http/errors';
import { cleanInput } from '../http/inputText';
import { lazyModule, loadExcelJS } from '../lazyModule';
import { formulaSafe, fromFormulaSafe } from '../reports/spreadsheetText';
import { type ContactFilter, queryContacts } from './query';
import { ensureTag, TAG_NAME_MAX } from './tagStore';
import { accountFields, type ContactViewer, contactsToWire, MANUAL_PREFIX } from './view';
import { applyFieldValues, isVerified, replaceTags, setVerification } from './write';

const loadCsvParse = lazyModule(() => import('csv-parse'));
const loadCsvStringify = lazyModule(() => import('csv-stringify'));

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const MAX_IMPORT_ROWS = 50_000;
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
const EXPORT_PAGE = 1000;
const IMPORT_BATCH = 200;
const MAX_REPORTED_ERRORS = 100;

const BASE_COLUMNS = [
  '_id',
  'name',
  'nickname',
  'channel',
  'channel_id',
  'social_id',
  'verified',
  'verify_type',
  'tags',
  'created_at',
  'last_active',
] as const;

/** Streams the contacts matching `filter` as CSV (UTF-8 with BOM, so Excel reads Thai) or .xlsx. */
export async function exportContacts(
  db: Db,
  viewer: ContactViewer,
  filter: ContactFilter,
  format: ExportFormat,
): Promise<Readable> {
  const fields = await accountFields(db, viewer.accountId);
  const header = [...BASE_COLUMNS, ...fields.map((f) => f.key)];
  const out = new PassThrough();
  const rowsOf = async function* () {
    let cursor: string | undefined;
    do {
      const page = await queryContacts(db, viewer.accountId, {
        ...filter,
        sort: 'created',
        order: 'asc',
        limit: EXPORT_PAGE,
        cursor,
      });
      const wire = await contactsToWire(db, viewer, page.rows, { fields });
      for (const c of wire) {
        const values = new Map(c.contact_detail.map((d) => [d.key, d.value]));
        yield [
          c._id,
          c.line_name,
          c.line_nickname ?? '',
          c.channel_type,
          c.channel?._id ?? '',
          c.social_id === '-' ? '' : c.social_id,
          c.verify.is_verify ? 'yes' : 'no',
          c.verify.verify_type ?? '',
          [...c.tags, ...c.api_tags].map((t) => t.name).join(', '),
          c.created_at,
          c.last_message_at ?? '',
          ...fields.map((f) => fieldValueText(values.get(f.key))),
        ];
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  };
  const fail = (err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err)));
  if (format === 'csv') {
    out.write('\uFEFF');
    const { stringify } = await loadCsvStringify();
    const csv = stringify({ header: true, columns: header });
    csv.pipe(out);
    void (async () => {
      for await (const row of rowsOf())
        if (!csv.write(row.map(formulaSafe))) await new Promise((r) => csv.once('drain', r));
      csv.end();
    })().catch(fail);
  } else {
    const book = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = book.addWorksheet('Contacts');
    void (async () => {
      sheet.addRow(header).commit();
      for await (const row of rowsOf()) sheet.addRow(row).commit();
      sheet.commit();
      await book.commit();
    })().catch(fail);
  }
  return out;
}

type Row = Record<string, string>;

const normalizeHeader = (h: unknown) =>
  String(h ?? '')
    .trim()
    .replace(/^\uFEFF/, '');

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as {
      text?: unknown;
      richText?: { text: string }[];
      result?: unknown;
      hyperlink?: string;
    };
    if (Array.isArray(v.richText)) return v.richText.map((p) => p.text).join('');
    if (v.text !== undefined) return String(v.text);
    if (v.result !== undefined) return String(v.result);
    return '';
  }
  return String(value);
}

/** Reads rows (header names as keys) from a CSV or .xlsx upload. */
export async function readRows(buffer: Buffer, fileName: string): Promise<Row[]> {
  const isXlsx = /\.xlsx$/i.test(fileName) || buffer.subarray(0, 2).toString('latin1') === 'PK';
  const rows: Row[] = [];
  const tooMany = () =>
    new Invalid('file', SERVER_MESSAGES.tooManyRows(MAX_IMPORT_ROWS.toLocaleString('en-US')));
  if (isXlsx) {
    const book = new (await loadExcelJS()).Workbook();
    try {
      await book.xlsx.load(buffer as unknown as ArrayBuffer);
    } catch {
      throw new Invalid('file', SERVER_MESSAGES.notSpreadsheet);
    }
    const sheet = book.worksheets[0];
    if (!sheet) return [];
    let header: string[] = [];
    sheet.eachRow({ includeEmpty: false }, (row, n) => {
      const cells = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
      if (n === 1) {
        header = cells.map(normalizeHeader);
        return;
      }
      if (cells.every((c) => c.trim() === '')) return;
      if (rows.length >= MAX_IMPORT_ROWS) throw tooMany();
      const out: Row = {};
      header.forEach((h, i) => {
        if (h) out[h] = (cells[i] ?? '').trim();
      });
      rows.push(out);
    });
    return rows;
  }
  const { parse } = await loadCsvParse();
  const parser = parse(buffer, {
    columns: (h: string[]) => h.map(normalizeHeader),
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
  });
  try {
    for await (const record of parser) {
      if (Object.values(record as Row).every((v) => String(v ?? '').trim() === '')) continue;
      if (rows.length >= MAX_IMPORT_ROWS) throw tooMany();
      rows.push(Object.fromEntries(Object.entries(record as Row).map(([k, v]) => [k, fromFormulaSafe(v)])));
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new Invalid('file', SERVER_MESSAGES.notSpreadsheet);
  }
  return rows;
}

export interface ImportReport {
  total: number;
  created: number;
  updated: number;
  failed: number;
  errors: { row: number; field?: string; message: string }[];
  skipped_fields: string[];
}

const pick = (row: Row, ...names: string[]) => {
  for (const name of names) {
    const key = Object.keys(row).find((k) => k.toLowerCase() === name);
    if (key !== undefined && row[key] !== '') return row[key];
  }
  return undefined;
};
// ใช่ and ไม่, escaped: one non-ASCII character makes V8 hold the whole server bundle's source as two-byte text (3 MB, not 1.5).
const YES = /^(yes|true|1|y|verified|\u0E43\u0E0A\u0E48)$/i;
const NO = /^(no|false|0|n|\u0E44\u0E21\u0E48)$/i;

/** Imports rows for the viewer (contacts write); a row that fails is reported, the rest still land. */
export async function importContacts(
  db: Db,
  viewer: ContactViewer,
  rows: Row[],
  options: { defaultChannelId?: string | null } = {},
): Promise<ImportReport> {
  const fields = await accountFields(db, viewer.accountId);
  const accountChannels = await db
    .select({ id: channels.id, type: channels.type })
    .from(channels)
    .where(eq(channels.accountId, viewer.accountId))
    .orderBy(asc(channels.createdAt));
  if (accountChannels.length === 0) throw new Invalid('channel_id', SERVER_MESSAGES.noChannelYet);
  const fallback =
    accountChannels.find((c) => c.id === options.defaultChannelId) ??
    (options.defaultChannelId ? null : accountChannels[0]);
  if (!fallback) throw new Invalid('channel_id', SERVER_MESSAGES.channelMissing);
  const fieldKeys = new Set(fields.map((f) => f.key.toLowerCase()));
  const known = new Set<string>([...BASE_COLUMNS, 'line_name', 'line_nickname', 'channel_type']);
  const report: ImportReport = {
    total: rows.length,
    created: 0,
    updated: 0,
    failed: 0,
    errors: [],
    skipped_fields: [],
  };
  const unknownColumns = new Set<string>();
  for (const key of Object.keys(rows[0] ?? {}))
    if (!known.has(key.toLowerCase()) && !fieldKeys.has(key.toLowerCase()) && key) unknownColumns.add(key);
  report.skipped_fields.push(...unknownColumns);
  const skipped = new Set<string>();

  for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
    const batch = rows.slice(start, start + IMPORT_BATCH);
    await db.transaction(async (tx) => {
      for (const [i, row] of batch.entries()) {
        const rowNo = start + i + 2; // the header is row 1
        try {
          // A cell PostgreSQL cannot store (a NUL) refuses its row, naming the column.
          const clean = cleanInput(row) as Row;
          const outcome = await tx.transaction(async (sp) => importRow(sp as unknown as Db, viewer, clean));
          report[outcome]++;
        } catch (err) {
          report.failed++;
          if (report.errors.length < MAX_REPORTED_ERRORS)
            report.errors.push({
              row: rowNo,
              field: err instanceof HttpError ? (err as HttpError & { field?: string }).field : undefined,
              message: err instanceof Error ? err.message : String(err),
            });
        }
      }
    });
  }
  report.skipped_fields.push(...[...skipped].filter((k) => !unknownColumns.has(k)));
  return report;

  async function importRow(rowDb: Db, v: ContactViewer, row: Row): Promise<'created' | 'updated'> {
    const id = pick(row, '_id');
    let follower: typeof followers.$inferSelect | undefined;
    if (id)
      [follower] = await rowDb
        .select()
        .from(followers)
        .where(and(eq(followers.id, id), eq(followers.accountId, v.accountId)))
        .limit(1);
    const channelId = pick(row, 'channel_id');
    const channelType = pick(row, 'channel', 'channel_type')?.toLowerCase();
    const channel =
      accountChannels.find((c) => c.id === channelId) ??
      (channelType ? accountChannels.find((c) => c.type === channelType) : undefined) ??
      fallback;
    if (!channel) throw new Invalid('channel', SERVER_MESSAGES.channelMissing);
    const socialId = pick(row, 'social_id');
    if (!follower && socialId)
      [follower] = await rowDb
        .select()
        .from(followers)
        .where(and(eq(followers.channelId, channel.id), eq(followers.externalId, socialId)))
        .limit(1);
    const name = pick(row, 'name', 'line_name');
    const nickname = pick(row, 'nickname', 'line_nickname');
    if (name && name.length > 200) throw new Invalid('name', 'Please enter no more than 200 characters.');
    if (nickname && nickname.length > 100)
      throw new Invalid('nickname', 'Please enter no more than 100 characters.');
    let outcome: 'created' | 'updated' = 'updated';
    if (!follower) {
      if (!name) throw new Invalid('name', 'This field is required.');
      [follower] = await rowDb
        .insert(followers)
        .values({
          id: newId(),
          accountId: v.accountId,
          channelId: channel.id,
          channelType: channel.type,
          externalId: socialId ?? `${MANUAL_PREFIX}${newId()}`,
          lineName: name,
          lineNickname: nickname ?? null,
          profile: { source: 'import' },
        })
        .returning();
      outcome = 'created';
    } else if (name !== undefined || nickname !== undefined) {
      [follower] = await rowDb
        .update(followers)
        .set({
          ...(name !== undefined ? { lineName: name } : {}),
          ...(nickname !== undefined ? { lineNickname: nickname } : {}),
          updatedAt: new Date(),
        })
        .where(eq(followers.id, follower.id))
        .returning();
    }
    let verified = await isVerified(rowDb, follower.id);
    const verifiedCell = pick(row, 'verified');
    const verifyType = pick(row, 'verify_type');
    if (verifiedCell !== undefined && (YES.test(verifiedCell) || NO.test(verifiedCell))) {
      const want = YES.test(verifiedCell);
      if (want !== verified || (want && verifyType))
        verified = await setVerification(rowDb, v, follower, { is_verify: want, verify_type: verifyType });
    } else if (verifiedCell !== undefined) throw new Invalid('verified', SERVER_MESSAGES.yesOrNo);
    const inputs = Object.entries(row)
      .filter(([k, value]) => fieldKeys.has(k.toLowerCase()) && value !== '')
      .map(([key, value]) => ({ key, value }));
    const applied = await applyFieldValues(rowDb, v, follower, verified, inputs, {
      fields,
      mode: 'skip',
    });
    for (const key of applied.skipped) skipped.add(key);
    const tagCell = pick(row, 'tags');
    if (tagCell !== undefined) {
      const names = [
        ...new Set(
          tagCell
            .split(',')
            .map((n) => n.trim())
            .filter(Boolean),
        ),
      ];
      const ids: string[] = [];
      for (const tagName of names) {
        if (tagName.length > TAG_NAME_MAX)
          throw new Invalid('tags', `Please enter no more than ${TAG_NAME_MAX} characters.`);
        ids.push((await ensureTag(rowDb, v.accountId, tagName)).id);
      }
      await replaceTags(rowDb, v, follower, verified, ids);
    }
    return outcome;
  }
}
