// Reads an import file from disk one record at a time (CSV through csv-parse, .xlsx through
// ExcelJS's streaming reader), finds its header row and hands every data row, parsed, to the
// caller. Nothing but the current record is held, so a 100 MB file costs what one row costs.
import fs from 'node:fs';
import type ExcelJS from 'exceljs';
import type { ImportRowError } from '../../core/chatImport/wire';
import { loadExcelJS } from '../lazyModule';
import { csvRecords } from './csvRecords';
import { cellText, type Layout, layoutOf, parseRow, type RowResult, rowError } from './formats';

export type ScanEvent =
  | { kind: 'header'; layout: Layout; line: number; block: number }
  | { kind: 'preamble'; cells: string[]; line: number }
  | { kind: 'row'; line: number; result: RowResult }
  | { kind: 'detail'; cells: string[] }
  | { kind: 'error'; error: ImportRowError };

/** Rows before a header: the manager's file starts with a few lines about the account. */
const PREAMBLE_MAX = 30;

interface SourceRecord {
  line: number;
  cells: string[];
  sheet?: string;
}

async function isZip(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  } finally {
    await handle.close();
  }
}

async function startsUtf16(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(2);
    await handle.read(head, 0, 2, 0);
    return (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  } finally {
    await handle.close();
  }
}

function csvFileRecords(file: string): AsyncGenerator<SourceRecord> {
  // Decoded as UTF-8 across chunk edges; bytes that are not UTF-8 become U+FFFD (an encoding error).
  return csvRecords(fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 }));
}

async function* xlsxRecords(file: string, seen: { sheets: number }): AsyncGenerator<SourceRecord> {
  const reader = new (await loadExcelJS()).stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  for await (const sheet of reader) {
    seen.sheets += 1;
    const name = (sheet as unknown as { name?: string }).name ?? '';
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = (row.values as unknown[]).slice(1).map(cellText);
      if (values.every((v) => v.trim() === '')) continue;
      yield { line: row.number, cells: values, sheet: name };
    }
  }
}

/** Every record of the file, as events; stops at the first broken CSV line (nothing after it can be trusted). */
export async function* scanFile(file: string): AsyncGenerator<ScanEvent> {
  if (await startsUtf16(file)) {
    yield { kind: 'error', error: rowError(1, 'file', 'encoding') };
    return;
  }
  const excel = await isZip(file);
  const seen = { sheets: 0 };
  const records = excel ? xlsxRecords(file, seen) : csvFileRecords(file);
  let layout: Layout | null = null;
  let block = -1;
  let sinceHeader = 0;
  let dataSheet: string | undefined;
  try {
    for await (const record of records) {
      // The export's second sheet tells whose chat it was.
      if (excel && layout?.format === 'export' && record.sheet !== dataSheet) {
        yield { kind: 'detail', cells: record.cells };
        continue;
      }
      // Data rows carry a date (digits); header rows never do, so most rows skip the header test.
      const header: Layout | null =
        !layout || !/\d/.test(record.cells.slice(0, 5).join('')) ? layoutOf(record.cells) : null;
      if (header && (!layout || header.format === layout.format)) {
        layout = header;
        block += 1;
        dataSheet = record.sheet;
        yield { kind: 'header', layout, line: record.line, block };
        continue;
      }
      if (!layout) {
        sinceHeader += 1;
        if (sinceHeader > PREAMBLE_MAX) break;
        yield { kind: 'preamble', cells: record.cells, line: record.line };
        continue;
      }
      if (record.cells.some((c) => c.includes('\uFFFD'))) {
        yield { kind: 'error', error: rowError(record.line, 'file', 'encoding') };
        continue;
      }
      // A NUL cannot be stored; the message is kept without it, as platforms' messages are.
      const cells = record.cells.map((c) => (c.includes('\u0000') ? c.replaceAll('\u0000', '') : c));
      yield { kind: 'row', line: record.line, result: parseRow(layout, cells, record.line, block) };
    }
  } catch (err) {
    const e = err as { code?: string; lines?: number; message?: string };
    if (typeof e.code === 'string' && e.code.startsWith('CSV_')) {
      yield { kind: 'error', error: rowError(e.lines ?? 1, 'file', 'csv') };
      return;
    }
    // A zip that is no workbook, or a damaged one: not the columns' fault.
    if (excel) {
      yield { kind: 'error', error: rowError(1, 'file', 'format') };
      return;
    }
    throw err;
  }
  // A zip without a single worksheet is no workbook (a Word file named .xlsx), whatever its columns.
  if (!layout)
    yield { kind: 'error', error: rowError(1, 'file', excel && seen.sheets === 0 ? 'format' : 'columns') };
}
