// The state of a searchable, paged list page: the search, the page, the loaded page of rows and
// whether loading failed. A change of search, page or `filters` loads again, typing after a pause.
import { useCallback, useEffect, useState } from 'react';

export interface PageQuery {
  search: string | undefined;
  skip: number;
  limit: number;
}

/** What a list page shows of its list (PagedTable). */
export interface PagedList<T> {
  data: { list: T[] } | null;
  failed: boolean;
  page: number;
  pageSize: number;
  total: number;
  setPage: (page: number) => void;
}

export function usePagedList<R extends { list: unknown[]; total_count: number }>(
  load: (query: PageQuery) => Promise<R>,
  /** What else the list depends on (a tab, a kind filter). */
  filters: readonly unknown[],
  pageSize: number,
) {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(0);
  const [data, setData] = useState<R | null>(null);
  const [failed, setFailed] = useState(false);
  const [reload, setReload] = useState(0);
  const refresh = useCallback(() => setReload((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` reads `filters`; `reload` asks for the same page again after a change
  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () => {
        load({ search: search.trim() || undefined, skip: page * pageSize, limit: pageSize })
          .then((r) => {
            if (!live) return;
            setData(r);
            setFailed(false);
          })
          .catch(() => live && setFailed(true));
      },
      search ? 250 : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search, page, pageSize, reload, ...filters]);

  return {
    search,
    /** A new search starts again at the first page. */
    setSearch: (next: string) => {
      setSearchText(next);
      setPage(0);
    },
    page,
    setPage,
    pageSize,
    data,
    setData,
    failed,
    total: data?.total_count ?? 0,
    refresh,
    /** After a row is deleted: back a page when it was the last row on its page. */
    refreshAfterDelete: () => {
      if (data && data.list.length === 1 && page > 0) setPage(page - 1);
      refresh();
    },
  };
}
