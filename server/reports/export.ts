// Report tables as files: Excel (.xlsx, through exceljs) or CSV (UTF-8 with a byte-order mark so
// Excel reads Thai). The tables are core/reports/tables.ts's, the very ones the console shows;
// headings are in the language asked for.

import { createI18n, isLocale, type Locale } from '../../core/i18n/index';
import { type Cell, formatCell, type ReportColumn, type ReportTable } from '../../core/reports/tables';
import type { ExportFormat } from '../../core/reports/wire';
import en from '../../locales/en.json';
import th from '../../locales/th.json';
import { loadExcelJS } from '../lazyModule';
import { formulaSafe } from './spreadsheetText';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

const i18n = createI18n({ en, th });

export function translator(lang: unknown) {
  const locale: Locale = isLocale(lang) ? lang : 'en';
  return (key: string) => {
    i18n.setLocale(locale);
    return i18n.t(key);
  };
}

const heading = (c: ReportColumn, t: (k: string) => string) => c.title ?? t(c.label);

/**
 * A cell for a file: numbers stay numbers; days, times and durations as the table shows them. A
 * figure with nothing to measure (null: a rate without ratings) is an empty cell, which a
 * spreadsheet's SUM and AVERAGE skip (the console shows "—").
 */
function fileValue(c: ReportColumn, value: Cell): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && (c.kind === 'count' || c.kind === 'percent' || c.kind === 'score'))
    return value;
  return formatCell(c.kind, value);
}

function tableRows(table: ReportTable, t: (k: string) => string): (string | number)[][] {
  const rows = table.rows.map((r) =>
    table.columns.map((c) => formulaSafe(fileValue(c, r.cells[c.key] ?? null))),
  );
  if (table.total) {
    rows.push(
      table.columns.map((c, i) =>
        i === 0 ? t('reports.total') : formulaSafe(fileValue(c, table.total?.[c.key] ?? null)),
      ),
    );
  }
  return rows;
}

const csvField = (v: string | number) => {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export async function exportTables(
  tables: ReportTable[],
  format: ExportFormat,
  lang: unknown,
): Promise<Buffer> {
  const t = translator(lang);
  if (format === 'csv') {
    const blocks = tables.map((table) => {
      const lines = [table.columns.map((c) => csvField(heading(c, t))).join(',')];
      for (const row of tableRows(table, t)) lines.push(row.map(csvField).join(','));
      return tables.length > 1 ? [csvField(t(table.title)), ...lines].join('\r\n') : lines.join('\r\n');
    });
    return Buffer.from(`\uFEFF${blocks.join('\r\n\r\n')}\r\n`, 'utf8');
  }
  const book = new (await loadExcelJS()).Workbook();
  book.creator = 'ChatDesk';
  for (const table of tables) {
    // Sheet names: at most 31 characters, none of : \ / ? * [ ].
    const sheet = book.addWorksheet(
      t(table.title)
        .replace(/[:\\/?*[\]]/g, ' ')
        .slice(0, 31) || table.id,
      {
        views: [{ state: 'frozen', ySplit: 1 }],
      },
    );
    sheet.columns = table.columns.map((c) => ({
      header: heading(c, t),
      key: c.key,
      width: Math.max(12, heading(c, t).length + 4),
      style: {
        numFmt:
          c.kind === 'count'
            ? '#,##0'
            : c.kind === 'percent'
              ? '0.00"%"'
              : c.kind === 'score'
                ? '0.00'
                : undefined,
      },
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of tableRows(table, t)) sheet.addRow(row);
    if (table.total) sheet.getRow(sheet.rowCount).font = { bold: true };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
