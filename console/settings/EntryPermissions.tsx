// Who sees a tag or a contact field (spec 6): per role, for verified and for other contacts,
// change (1), view (2) or hidden (3). Level 1 always sees everything, so it is shown fixed.
import {
  type ActionType,
  actionTypeOf,
  EDIT_ACTION_TYPE,
  HIDDEN_ACTION_TYPE,
  VIEW_ACTION_TYPE,
} from '../../core/access/entryAccess';
import { roleLabel } from '../../core/access/roleNames';
import { PERMISSION_KEYS, type Permissions } from '../../core/models/account';
import { t } from '../app/i18n';
import type { RoleRef } from './calls';

const CHOICES: ActionType[] = [EDIT_ACTION_TYPE, VIEW_ACTION_TYPE, HIDDEN_ACTION_TYPE];

export function setEntry(
  permission: Permissions,
  roleId: string,
  key: (typeof PERMISSION_KEYS)[number],
  actionType: ActionType,
): Permissions {
  const others = permission[key].filter((e) => e.role_id !== roleId);
  return { ...permission, [key]: [...others, { role_id: roleId, action_type: actionType }] };
}

export function EntryPermissions({
  roles,
  value,
  onChange,
}: {
  roles: RoleRef[];
  value: Permissions;
  onChange: (next: Permissions) => void;
}) {
  return (
    <table className="st-grid-table">
      <caption className="st-label" style={{ textAlign: 'left', paddingBottom: 6 }}>
        {t('settings.entry.title')}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('settings.entry.role')}</th>
          <th scope="col">{t('settings.entry.verify')}</th>
          <th scope="col">{t('settings.entry.default')}</th>
        </tr>
      </thead>
      <tbody>
        {roles.map((role) => (
          <tr key={role._id}>
            <th scope="row">{roleLabel(role, t)}</th>
            {PERMISSION_KEYS.map((key) =>
              role.level === 1 ? (
                <td key={key} className="muted">
                  {t('settings.entry.always')}
                </td>
              ) : (
                <td key={key}>
                  <select
                    className="st-select"
                    aria-label={`${roleLabel(role, t)} · ${t(`settings.entry.${key}`)}`}
                    value={actionTypeOf(value, role._id, key === 'verify')}
                    onChange={(e) =>
                      onChange(setEntry(value, role._id, key, Number(e.target.value) as ActionType))
                    }
                  >
                    {CHOICES.map((c) => (
                      <option key={c} value={c}>
                        {t(`settings.entry.action${c}`)}
                      </option>
                    ))}
                  </select>
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
