// /setting/api (spec 2 "API modal", spec 3 "API variable settings"): the external APIs that
// actions, templates and customer verification call — list, create, edit, switch on or off,
// test and delete. Secret values are never shown again once saved.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import { t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { canDo } from '../session/access';
import { EmptyState, failed, saved, Toasts } from '../settings/ui';
import { ConfirmDeleteSetting } from '../ui/ConfirmDelete';
import { SettingsTable } from '../ui/ListTable';
import { SettingsRowActions } from '../ui/RowActions';
import { StatusCell } from '../ui/StatusCell';
import { useEditing } from '../ui/useEditing';
import { ApiDialog } from './ApiDialog';
import { type ApiConnection, deleteApi, listApis, saveApi } from './calls';
import './apis.css';

export default function ApisPage({ titleKey }: PageProps) {
  useSignals();
  const [list, setList] = useState<ApiConnection[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const { editing, setEditing, edited, closeEditor, afterSave } = useEditing<ApiConnection>();
  const [deleting, setDeleting] = useState<ApiConnection | null>(null);
  const mayWrite = canDo('settings', 'write');

  const load = useCallback(() => {
    listApis()
      .then((r) => {
        setList(r.list);
        setLoadFailed(false);
      })
      .catch(() => setLoadFailed(true));
  }, []);
  useEffect(load, [load]);

  const toggle = async (c: ApiConnection, status: boolean) => {
    try {
      await saveApi(c._id, { status });
      saved();
      load();
    } catch (err) {
      failed(err);
    }
  };
  const createButton = mayWrite ? (
    <button type="button" className="st-button primary" onClick={() => setEditing('new')}>
      + {t('apis.create')}
    </button>
  ) : null;

  return (
    <div className="st-page api-page">
      <PageHeader title={t(titleKey)}>{createButton}</PageHeader>
      <p className="muted api-lead">{t('apis.lead')}</p>
      {loadFailed ? <p className="st-error">{t('settings.common.loadFailed')}</p> : null}
      {list && list.length === 0 ? (
        <EmptyState
          title={t('apis.empty')}
          text={mayWrite ? t('apis.emptyText') : t('apis.emptyReadOnly')}
          action={createButton}
        />
      ) : null}
      {list && list.length > 0 ? (
        <SettingsTable
          withActions={mayWrite}
          head={
            <>
              <th scope="col">{t('apis.fields.name')}</th>
              <th scope="col">{t('apis.fields.slug')}</th>
              <th scope="col" className="st-hide-narrow">
                {t('apis.fields.url')}
              </th>
              <th scope="col">{t('apis.status')}</th>
            </>
          }
        >
          {list.map((c) => (
            <tr key={c._id} data-testid="api-row">
              <td>
                <strong>{c.name}</strong>
              </td>
              <td>
                <code>{c.slug}</code>
              </td>
              <td className="st-hide-narrow api-url">
                <span className="api-method">{c.method}</span> {c.url}
              </td>
              <StatusCell
                on={c.status}
                text={c.status ? t('apis.active') : t('apis.inactive')}
                switchLabel={t('apis.statusOf', { name: c.name })}
                onChange={mayWrite ? (next) => void toggle(c, next) : undefined}
              />
              {mayWrite ? (
                <SettingsRowActions onEdit={() => setEditing(c)} onDelete={() => setDeleting(c)} />
              ) : null}
            </tr>
          ))}
        </SettingsTable>
      ) : null}
      {editing ? <ApiDialog connection={edited} onClose={closeEditor} onSaved={afterSave(load)} /> : null}
      <ConfirmDeleteSetting
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={(c) => deleteApi(c._id)}
        onDeleted={load}
        detail={(c) => t('apis.deleteDetail', { name: c.name })}
      />
      <Toasts />
    </div>
  );
}
