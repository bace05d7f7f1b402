// A report table (core/reports/tables.ts) with a sticky header in a box of at most 400 px (spec
// 2), a total row, sorting by name where the report allows it, and counts that open the chat log.

import type { ChatLogCategory } from '../../core/models/report';
import {
  type Cell,
  type CellKind,
  formatCell,
  isMeasured,
  NO_DATA,
  type ReportColumn,
  type ReportTable,
  type ReportTableRow,
} from '../../core/reports/tables';
import type { ChatLogFilter } from '../../core/reports/wire';
import { t } from '../app/i18n';

export interface LogRequest {
  category: ChatLogCategory;
  filter: ChatLogFilter;
  name: string;
}

const heading = (c: ReportColumn) => c.title ?? t(c.label);

/** A cell's text; a measured figure with nothing to measure is "—" with a hint (and its words for screen readers). */
export function CellText({ kind, value }: { kind: CellKind; value: Cell }) {
  if ((value === null || value === undefined) && isMeasured(kind)) {
    return (
      <span className="no-data" title={t('reports.noData')}>
        <span aria-hidden="true">{NO_DATA}</span>
        <span className="sr-only">{t('reports.noData')}</span>
      </span>
    );
  }
  return formatCell(kind, value);
}
const numeric = (c: ReportColumn) =>
  c.kind !== 'text' && c.kind !== 'date' && c.kind !== 'hour' && c.kind !== 'datetime';

export function ReportTableView({
  table,
  onOpenLog,
  sort,
  onSort,
  emptyText,
}: {
  table: ReportTable;
  onOpenLog?: (request: LogRequest) => void;
  /** Set where the table sorts by its name column. */
  sort?: 'name' | '-name';
  onSort?: (next: 'name' | '-name') => void;
  emptyText?: string;
}) {
  const cell = (row: ReportTableRow, c: ReportColumn) => {
    const value = row.cells[c.key] ?? null;
    const text = formatCell(c.kind, value);
    if (c.log && onOpenLog && typeof value === 'number' && value > 0) {
      const name = [row.name, c.title ?? (c.filter?.channel_type ? t(c.label) : undefined)]
        .filter(Boolean)
        .join(' · ');
      return (
        <button
          type="button"
          className="count-link"
          title={t('reports.openLog')}
          onClick={() =>
            onOpenLog({ category: c.log as ChatLogCategory, filter: { ...row.filter, ...c.filter }, name })
          }
        >
          {text}
        </button>
      );
    }
    return <CellText kind={c.kind} value={value} />;
  };
  return (
    <section className="report-table-section" aria-label={t(table.title)} data-table={table.id}>
      <h2>{t(table.title)}</h2>
      <div className="report-table-wrap">
        <table className="report-table">
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={numeric(c) ? 'num' : undefined}
                  aria-sort={
                    c.key === 'name' && sort ? (sort === 'name' ? 'ascending' : 'descending') : undefined
                  }
                >
                  {c.key === 'name' && sort && onSort ? (
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() => onSort(sort === 'name' ? '-name' : 'name')}
                      aria-label={`${t('reports.sortByName')}: ${sort === 'name' ? t('reports.sortDescending') : t('reports.sortAscending')}`}
                    >
                      {heading(c)} <span aria-hidden="true">{sort === 'name' ? '▲' : '▼'}</span>
                    </button>
                  ) : (
                    heading(c)
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.length === 0 ? (
              <tr>
                <td colSpan={table.columns.length} className="muted empty-row">
                  {emptyText ?? ''}
                </td>
              </tr>
            ) : (
              table.rows.map((row) => (
                <tr key={row.key}>
                  {table.columns.map((c) => (
                    <td key={c.key} className={numeric(c) ? 'num' : c.key === 'comment' ? 'wrap' : undefined}>
                      {cell(row, c)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
          {table.total && table.rows.length > 0 ? (
            <tfoot>
              <tr>
                {table.columns.map((c, i) => (
                  <td key={c.key} className={numeric(c) ? 'num' : undefined}>
                    {i === 0 ? (
                      t('reports.total')
                    ) : (
                      <CellText kind={c.kind} value={table.total?.[c.key] ?? null} />
                    )}
                  </td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
    </section>
  );
}
