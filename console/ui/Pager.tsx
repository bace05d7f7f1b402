// Previous / "1–20 of 45" / Next under a paged list; hidden while everything fits on one page.
import { t } from '../app/i18n';
import './list.css';

/** The 1-based first and last row numbers shown on `page` (0-based). */
export function pageRange(page: number, pageSize: number, total: number) {
  return { from: total === 0 ? 0 : page * pageSize + 1, to: Math.min(total, (page + 1) * pageSize) };
}

export function Pager({
  className,
  texts,
  page,
  pageSize,
  total,
  onPage,
}: {
  className: string;
  /** The locale namespace holding `pages`, `previous`, `next` and `range`. */
  texts: 'broadcast' | 'templates';
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  if (total <= pageSize) return null;
  const { from, to } = pageRange(page, pageSize, total);
  return (
    <nav className={`ui-pager ${className}`} aria-label={t(`${texts}.pages`)}>
      <button type="button" className="tpl-button" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t(`${texts}.previous`)}
      </button>
      <span>{t(`${texts}.range`, { from, to, total })}</span>
      <button type="button" className="tpl-button" disabled={to >= total} onClick={() => onPage(page + 1)}>
        {t(`${texts}.next`)}
      </button>
    </nav>
  );
}
