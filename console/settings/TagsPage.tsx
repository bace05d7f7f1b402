// /setting/tag (spec 2): create new tag; columns tag name, number of usage, status; rename,
// enable or disable, delete with the spec 5 confirm, and who sees each tag (spec 4, 6).
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import { formatNumber } from '../../core/format/numbers';
import type { Permissions } from '../../core/models/account';
import { MESSAGES } from '../../core/validation/rules';
import { t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { canDo } from '../session/access';
import { ConfirmDeleteSetting } from '../ui/ConfirmDelete';
import { ConfirmSave } from '../ui/Dialog';
import { TextField } from '../ui/FormField';
import { FormModal } from '../ui/FormModal';
import { SettingsTable } from '../ui/ListTable';
import { SettingsRowActions } from '../ui/RowActions';
import { SearchBox } from '../ui/SearchBox';
import { StatusCell } from '../ui/StatusCell';
import { useEditing } from '../ui/useEditing';
import { useFieldSave } from '../ui/useFieldSave';
import {
  createTag,
  deleteTag,
  getRoleRefs,
  getTags,
  type RoleRef,
  type SettingsTag,
  updateTag,
} from './calls';
import { EntryPermissions } from './EntryPermissions';
import { EmptyState, failed, Switch, saved, Toasts } from './ui';

const TAG_NAME_MAX = 100;

function TagDialog({
  tag,
  roles,
  onClose,
  onSaved,
}: {
  tag: SettingsTag | null;
  roles: RoleRef[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState(tag?.name ?? '');
  const [active, setActive] = useState(tag ? tag.status === 'active' : true);
  const allEdit: Permissions = {
    verify: roles.map((r) => ({ role_id: r._id, action_type: 1 })),
    default: roles.map((r) => ({ role_id: r._id, action_type: 1 })),
  };
  const [permission, setPermission] = useState<Permissions>(tag?.permission ?? allEdit);
  const { errors, setErrors, busy, run } = useFieldSave(['name']);
  const [confirming, setConfirming] = useState(false);
  const save = async () => {
    setConfirming(false);
    const body = { name: name.trim(), status: active ? 'active' : 'inactive', permission } as const;
    await run(async () => {
      if (tag) await updateTag(tag._id, body);
      else await createTag(body);
      saved();
      onSaved();
    });
  };
  // Spec 5: an edit asks Yes / No before it is saved.
  const submit = () => {
    if (!name.trim()) return setErrors({ name: MESSAGES.required });
    if (tag) setConfirming(true);
    else void save();
  };
  return (
    <FormModal
      title={tag ? t('settings.tags.edit') : t('settings.tags.create')}
      onClose={onClose}
      onSave={submit}
      busy={busy}
    >
      <TextField
        label={t('settings.tags.name')}
        value={name}
        maxLength={TAG_NAME_MAX}
        error={errors.name}
        onChange={(next) => {
          setName(next);
          setErrors({});
        }}
        autoFocus
      />
      <div className="st-field">
        <span>{t('settings.tags.status')}</span>
        <span className="st-toolbar">
          <Switch checked={active} onChange={setActive} label={t('settings.tags.status')} />
          <span>{active ? t('settings.tags.active') : t('settings.tags.inactive')}</span>
        </span>
      </div>
      <EntryPermissions roles={roles} value={permission} onChange={setPermission} />
      {confirming ? <ConfirmSave onYes={() => void save()} onNo={() => setConfirming(false)} /> : null}
    </FormModal>
  );
}

export default function TagsPage({ titleKey }: PageProps) {
  useSignals();
  const [search, setSearch] = useState('');
  const [list, setList] = useState<SettingsTag[] | null>(null);
  const [roles, setRoles] = useState<RoleRef[]>([]);
  const { editing, setEditing, edited, closeEditor, afterSave } = useEditing<SettingsTag>();
  const [deleting, setDeleting] = useState<SettingsTag | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const mayWrite = canDo('settings', 'write');

  const load = useCallback(() => {
    getTags(search.trim() || undefined)
      .then((r) => {
        setList(r.list);
        setLoadFailed(false);
      })
      .catch(() => setLoadFailed(true));
  }, [search]);

  useEffect(() => {
    const timer = setTimeout(load, search ? 250 : 0);
    return () => clearTimeout(timer);
  }, [load, search]);
  useEffect(() => {
    getRoleRefs()
      .then((r) => setRoles(r.list))
      .catch(() => setRoles([]));
  }, []);

  const toggle = async (tag: SettingsTag, active: boolean) => {
    try {
      await updateTag(tag._id, { status: active ? 'active' : 'inactive' });
      saved();
      load();
    } catch (err) {
      failed(err);
    }
  };

  return (
    <div className="st-page">
      <PageHeader title={t(titleKey)}>
        {mayWrite ? (
          <button type="button" className="st-button primary" onClick={() => setEditing('new')}>
            + {t('settings.tags.create')}
          </button>
        ) : null}
      </PageHeader>
      <div className="st-toolbar">
        <SearchBox
          className="st-input st-grow"
          label={t('settings.tags.search')}
          value={search}
          onChange={setSearch}
        />
      </div>
      {loadFailed ? <p className="st-error">{t('settings.common.loadFailed')}</p> : null}
      {list && list.length === 0 ? (
        search ? (
          <EmptyState title={t('settings.tags.noMatch')} text={t('settings.tags.noMatchText')} />
        ) : (
          <EmptyState
            title={t('settings.tags.empty')}
            text={mayWrite ? t('settings.tags.emptyText') : t('settings.tags.emptyReadOnly')}
            action={
              mayWrite ? (
                <button type="button" className="st-button primary" onClick={() => setEditing('new')}>
                  + {t('settings.tags.create')}
                </button>
              ) : null
            }
          />
        )
      ) : null}
      {list && list.length > 0 ? (
        <SettingsTable
          withActions={mayWrite}
          head={
            <>
              <th scope="col">{t('settings.tags.name')}</th>
              <th scope="col" className="num">
                {t('settings.tags.usage')}
              </th>
              <th scope="col">{t('settings.tags.status')}</th>
            </>
          }
        >
          {list.map((tag) => (
            <tr key={tag._id} data-testid="tag-row">
              <td>
                <strong>{tag.name}</strong>
              </td>
              <td className="num">{formatNumber(tag.number_of_usage)}</td>
              <StatusCell
                on={tag.status === 'active'}
                text={tag.status === 'active' ? t('settings.tags.active') : t('settings.tags.inactive')}
                switchLabel={t('settings.tags.statusOf', { name: tag.name })}
                onChange={mayWrite ? (next) => void toggle(tag, next) : undefined}
              />
              {mayWrite ? (
                <SettingsRowActions onEdit={() => setEditing(tag)} onDelete={() => setDeleting(tag)} />
              ) : null}
            </tr>
          ))}
        </SettingsTable>
      ) : null}
      {editing ? (
        <TagDialog tag={edited} roles={roles} onClose={closeEditor} onSaved={afterSave(load)} />
      ) : null}
      <ConfirmDeleteSetting
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={(tag) => deleteTag(tag._id)}
        onDeleted={load}
        detail={(tag) =>
          t('settings.tags.deleteDetail', { name: tag.name, count: formatNumber(tag.number_of_usage) })
        }
      />
      <Toasts />
    </div>
  );
}
