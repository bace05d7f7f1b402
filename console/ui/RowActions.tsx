// The action cells of table rows: Edit / Delete links, and buttons or links whose accessible
// name also names the row ("Delete — Summer sale") so that screen readers tell rows apart.
import { Link } from 'wouter';
import { t } from '../app/i18n';

export function EditDeleteCell({
  onEdit,
  onDelete,
  linkClass = 'tpl-link',
  editLabel = t('automation.edit'),
  deleteLabel = t('automation.delete'),
  deleteBlocked,
}: {
  onEdit: () => void;
  /** Without it the row has no Delete. */
  onDelete?: () => void;
  linkClass?: string;
  editLabel?: string;
  deleteLabel?: string;
  /** Why Delete is disabled for this row, shown as its title. */
  deleteBlocked?: string;
}) {
  return (
    <td className="actions">
      <button type="button" className={linkClass} onClick={onEdit}>
        {editLabel}
      </button>
      {onDelete ? (
        <button
          type="button"
          className={`${linkClass} danger`}
          disabled={deleteBlocked !== undefined}
          title={deleteBlocked}
          onClick={onDelete}
        >
          {deleteLabel}
        </button>
      ) : null}
    </td>
  );
}

/** Edit / Delete in the settings look. */
export function SettingsRowActions(props: {
  onEdit: () => void;
  onDelete?: () => void;
  deleteBlocked?: string;
}) {
  return (
    <EditDeleteCell
      linkClass="st-link"
      editLabel={t('settings.common.edit')}
      deleteLabel={t('settings.common.delete')}
      {...props}
    />
  );
}

/** A row's name as a link that opens the row's editor, in the template look. */
export function EditNameCell({ name, onEdit }: { name: string; onEdit: () => void }) {
  return (
    <td>
      <button type="button" className="tpl-link" onClick={onEdit}>
        {name}
      </button>
    </td>
  );
}

export function RowButton({
  label,
  row,
  onClick,
  danger = false,
}: {
  label: string;
  /** The row's name, added to the accessible name. */
  row: string;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      className={danger ? 'tpl-link danger' : 'tpl-link'}
      aria-label={`${label} — ${row}`}
      onClick={onClick}
    >
      {label}
    </button>
  );
}

export function RowLink({ label, row, href }: { label: string; row: string; href: string }) {
  return (
    <Link href={href} className="tpl-link" aria-label={`${label} — ${row}`}>
      {label}
    </Link>
  );
}
