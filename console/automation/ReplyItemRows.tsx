// The parts of an editable list of reply items, shared by the reply-message editor (its items)
// and the broadcast composer (its bubbles): rows with a stable key for React, one item's own
// problem above its fields, and the "type + Add" bar under the list.
import type { ReactNode } from 'react';
import type { ReplyItem } from '../../core/automation/replyMessage';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import { ReplyItemFields } from './ReplyItemFields';
import type { Problems } from './ui';

export interface ItemRow {
  key: string;
  item: ReplyItem;
}

/** Gives items keys `<prefix>-1`, `<prefix>-2`, …, unique for the page visit. */
export function rowKeyer(prefix: string) {
  let next = 1;
  return (item: ReplyItem): ItemRow => ({ key: `${prefix}-${next++}`, item });
}

/** The types whose problem with the whole item shows under their file field instead. */
const MEDIA_TYPES: readonly string[] = ['image', 'video', 'file'];

export function ItemBody({
  item,
  at,
  problems,
  onChange,
  errorClass,
}: {
  item: ReplyItem;
  /** The item's field path, e.g. `items[2]`. */
  at: string;
  problems: Problems;
  onChange: (item: ReplyItem) => void;
  errorClass: string;
}) {
  return (
    <>
      {problems[at] && !MEDIA_TYPES.includes(item.type) ? (
        <p className={errorClass}>{localMessage(problems[at])}</p>
      ) : null}
      <ReplyItemFields item={item} at={at} problems={problems} patch={(p) => onChange({ ...item, ...p })} />
    </>
  );
}

export function AddItemBar<T extends string>({
  className,
  types,
  typeLabel,
  value,
  onChange,
  addLabel,
  addTestId,
  disabled,
  onAdd,
  children,
}: {
  className: string;
  types: readonly T[];
  /** The accessible name of the type list. */
  typeLabel: string;
  value: T;
  onChange: (type: T) => void;
  addLabel: string;
  addTestId: string;
  disabled?: boolean;
  onAdd: () => void;
  /** After the button, e.g. why no more can be added. */
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <select aria-label={typeLabel} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {types.map((type) => (
          <option key={type} value={type}>
            {t(`automation.types.${type}`)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="tpl-button"
        data-testid={addTestId}
        disabled={disabled}
        onClick={onAdd}
      >
        + {addLabel}
      </button>
      {children}
    </div>
  );
}
