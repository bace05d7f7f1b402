// The body of a paged list page: "could not load" or "loading", the empty state, the table of
// rows (ListTable) and the pager under it, in the broadcast or the template look.
import type { ReactNode } from 'react';
import { t } from '../app/i18n';
import { ListTable } from './ListTable';
import { Pager } from './Pager';
import type { PagedList } from './usePagedList';

const LOOKS = {
  broadcast: { error: 'bc-error', hint: 'bc-hint', empty: 'bc-empty', pager: 'bc-pager' },
  templates: { error: 'tpl-field-error', hint: 'tpl-hint', empty: 'tpl-empty', pager: 'tpl-pager' },
} as const;

export function PagedTable<T>({
  look,
  list,
  empty,
  head,
  row,
}: {
  /** Whose classes and texts (`loadFail`, `loading`, the pager's) the page takes. */
  look: keyof typeof LOOKS;
  list: PagedList<T>;
  /** What an empty page says. */
  empty: ReactNode;
  /** The `<th>` cells before the actions column. */
  head: ReactNode;
  row: (item: T) => ReactNode;
}) {
  const classes = LOOKS[look];
  const { failed, page, pageSize, total, setPage } = list;
  const rows = list.data?.list ?? null;
  return (
    <>
      {failed ? <p className={classes.error}>{t(`${look}.loadFail`)}</p> : null}
      {rows === null && !failed ? <p className={classes.hint}>{t(`${look}.loading`)}</p> : null}
      {rows && rows.length === 0 ? (
        <div className={classes.empty} data-testid={`${look}-empty`}>
          {empty}
        </div>
      ) : null}
      {rows && rows.length > 0 ? (
        <ListTable look={look} head={head}>
          {rows.map(row)}
        </ListTable>
      ) : null}
      <Pager
        className={classes.pager}
        texts={look}
        page={page}
        pageSize={pageSize}
        total={total}
        onPage={setPage}
      />
    </>
  );
}
