// A list edited in place by position (keywords of a rule, quick replies, a button message's
// buttons): each row ends in a × that removes it, then the list's problem and "+ Add …".
import type { ReactNode } from 'react';
import { t } from '../app/i18n';

export function EditableList<T>({
  list,
  onChange,
  blank,
  min = 0,
  max,
  rowClass,
  rowTestId,
  problem,
  addLabel,
  addTestId,
  children,
}: {
  list: T[];
  onChange: (next: T[]) => void;
  /** The row "+ Add …" appends. */
  blank: () => T;
  /** The × is disabled at this many rows. */
  min?: number;
  /** "+ Add …" is disabled at this many rows. */
  max?: number;
  rowClass: string;
  rowTestId?: string;
  problem?: ReactNode;
  addLabel: string;
  addTestId?: string;
  /** One row's fields; `set` replaces the row. */
  children: (row: T, i: number, set: (next: T) => void) => ReactNode;
}) {
  return (
    <>
      {list.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
        <div className={rowClass} key={i} data-testid={rowTestId}>
          {children(row, i, (next) => onChange(list.map((x, j) => (j === i ? next : x))))}
          <button
            type="button"
            className="tpl-icon-button danger"
            aria-label={t('automation.remove')}
            disabled={list.length <= min}
            onClick={() => onChange(list.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </div>
      ))}
      {problem ? <p className="auto-error">{problem}</p> : null}
      <button
        type="button"
        className="tpl-link"
        data-testid={addTestId}
        disabled={max !== undefined && list.length >= max}
        onClick={() => onChange([...list, blank()])}
      >
        + {addLabel}
      </button>
    </>
  );
}
