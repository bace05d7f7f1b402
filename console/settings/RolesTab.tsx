// Roles with levels and per-area permissions (core/access/areas.ts). The owner role is full access
// and fixed; a member edits only roles below their own rank, never beyond what they have.
import { useState } from 'react';
import { type Access, type Area, type AreaPermissions, defaultPermissions } from '../../core/access/areas';
import { roleLabel } from '../../core/access/roleNames';
import { formatNumber } from '../../core/format/numbers';
import { MESSAGES } from '../../core/validation/rules';
import { t } from '../app/i18n';
import { ConfirmDeleteSetting } from '../ui/ConfirmDelete';
import { ConfirmSave, Modal } from '../ui/Dialog';
import { FormField, TextField } from '../ui/FormField';
import { SaveCancel } from '../ui/FormModal';
import { SettingsTable } from '../ui/ListTable';
import { SettingsRowActions } from '../ui/RowActions';
import { useEditing } from '../ui/useEditing';
import { useFieldSave } from '../ui/useFieldSave';
import { createRole, deleteRole, type RoleFull, updateRole } from './calls';
import { EmptyState, saved } from './ui';

export function PermissionSummary({ permissions }: { permissions: AreaPermissions }) {
  const shown = (Object.entries(permissions) as [Area, Access][]).filter(([, a]) => a !== 'none');
  return (
    <div className="st-chips">
      {shown.map(([area, access]) => (
        <span
          key={area}
          className="st-chip"
          title={`${t(`settings.areas.${area}`)}: ${t(`settings.access.${access}`)}`}
        >
          {t(`settings.areas.${area}`)}
          {access === 'read' ? ` (${t('settings.access.read')})` : ''}
        </span>
      ))}
    </div>
  );
}

function RoleDialog({
  role,
  areas,
  onClose,
  onSaved,
}: {
  role: RoleFull | null;
  areas: { area: Area; choices: Access[] }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState(role?.name ?? '');
  const [level, setLevel] = useState(role?.level ?? 4);
  const [permissions, setPermissions] = useState<AreaPermissions>(role?.permissions ?? defaultPermissions(4));
  const { errors, setErrors, busy, run } = useFieldSave(['name']);
  const [confirming, setConfirming] = useState(false);
  // Spec 5: an edit asks Yes / No before it is saved.
  const submit = () => {
    if (!name.trim()) return setErrors({ name: MESSAGES.required });
    if (role) setConfirming(true);
    else void save();
  };
  const save = async () => {
    setConfirming(false);
    await run(async () => {
      if (role) await updateRole(role._id, { name: name.trim(), permissions });
      else await createRole({ name: name.trim(), level, permissions });
      saved();
      onSaved();
    });
  };
  return (
    <Modal
      title={role ? t('settings.roles.edit') : t('settings.roles.create')}
      onClose={onClose}
      size="wide"
      footer={<SaveCancel onCancel={onClose} onSave={submit} busy={busy} />}
    >
      <div className="st-form">
        <div className="st-row">
          <TextField
            label={t('settings.roles.name')}
            value={name}
            maxLength={50}
            error={errors.name}
            onChange={(next) => {
              setName(next);
              setErrors({});
            }}
            autoFocus
          />
          <FormField label={t('settings.roles.level')} hint={t('settings.roles.levelHint')}>
            <select
              className="st-select"
              value={level}
              disabled={Boolean(role)}
              onChange={(e) => {
                const next = Number(e.target.value);
                setLevel(next);
                setPermissions(defaultPermissions(next));
              }}
            >
              {[2, 3, 4].map((l) => (
                <option key={l} value={l}>
                  {t(`settings.roles.levelName.${l}`)}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <table className="st-grid-table">
          <caption className="st-label" style={{ textAlign: 'left', paddingBottom: 6 }}>
            {t('settings.roles.permissions')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('settings.roles.area')}</th>
              <th scope="col">{t('settings.roles.access')}</th>
            </tr>
          </thead>
          <tbody>
            {areas.map(({ area, choices }) => (
              <tr key={area}>
                <th scope="row">
                  {t(`settings.areas.${area}`)}
                  <br />
                  <small className="muted">{t(`settings.areaHints.${area}`)}</small>
                </th>
                <td>
                  <select
                    className="st-select"
                    aria-label={t(`settings.areas.${area}`)}
                    value={permissions[area]}
                    onChange={(e) => setPermissions({ ...permissions, [area]: e.target.value as Access })}
                  >
                    {choices.map((c) => (
                      <option key={c} value={c}>
                        {t(
                          area === 'all_queues' && c === 'read'
                            ? 'settings.access.see'
                            : `settings.access.${c}`,
                        )}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {confirming ? <ConfirmSave onYes={() => void save()} onNo={() => setConfirming(false)} /> : null}
    </Modal>
  );
}

export function RolesTab({
  roles,
  areas,
  mayWrite,
  onChanged,
}: {
  roles: RoleFull[];
  areas: { area: Area; choices: Access[] }[];
  mayWrite: boolean;
  onChanged: () => void;
}) {
  const { editing, setEditing, edited, closeEditor, afterSave } = useEditing<RoleFull>();
  const [deleting, setDeleting] = useState<RoleFull | null>(null);
  return (
    <>
      {mayWrite ? (
        <div className="st-actions">
          <button type="button" className="st-button primary" onClick={() => setEditing('new')}>
            + {t('settings.roles.create')}
          </button>
        </div>
      ) : null}
      {roles.length === 0 ? (
        <EmptyState title={t('settings.roles.empty')} text={t('settings.roles.emptyText')} />
      ) : null}
      <SettingsTable
        withActions={mayWrite}
        head={
          <>
            <th scope="col">{t('settings.roles.name')}</th>
            <th scope="col">{t('settings.roles.level')}</th>
            <th scope="col" className="st-hide-narrow">
              {t('settings.roles.permissions')}
            </th>
            <th scope="col" className="num">
              {t('settings.roles.members')}
            </th>
          </>
        }
      >
        {roles.map((role) => (
          <tr key={role._id} data-testid="role-row">
            <td>
              <strong>{roleLabel(role, t)}</strong>
            </td>
            <td>{t(`settings.roles.levelName.${Math.min(role.level, 4)}`)}</td>
            <td className="st-hide-narrow">
              {role.level === 1 ? (
                <span className="muted">{t('settings.roles.full')}</span>
              ) : (
                <PermissionSummary permissions={role.permissions} />
              )}
            </td>
            <td className="num" data-testid="role-members">
              {formatNumber(role.member_count)}
              {role.member_count > role.member_count_here ? (
                <small>
                  {t('settings.roles.membersElsewhere', {
                    n: formatNumber(role.member_count - role.member_count_here),
                  })}
                </small>
              ) : null}
            </td>
            {mayWrite && role.can_edit ? (
              <SettingsRowActions
                onEdit={() => setEditing(role)}
                onDelete={() => setDeleting(role)}
                deleteBlocked={
                  role.member_count === 0
                    ? undefined
                    : role.member_count > role.member_count_here
                      ? t('settings.roles.inUseElsewhere')
                      : t('settings.roles.inUse')
                }
              />
            ) : mayWrite ? (
              <td className="actions" />
            ) : null}
          </tr>
        ))}
      </SettingsTable>
      {editing ? (
        <RoleDialog role={edited} areas={areas} onClose={closeEditor} onSaved={afterSave(onChanged)} />
      ) : null}
      <ConfirmDeleteSetting
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={(role) => deleteRole(role._id)}
        onDeleted={onChanged}
      />
    </>
  );
}
