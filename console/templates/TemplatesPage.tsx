// /message-template: the saved templates, newest first, with search; create, edit, duplicate and
// delete (spec 5 confirm 'Are you sure you want to delete this items ?').
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '../../core/format/dates';
import { localizePath } from '../../core/routes';
import type { TemplateKind } from '../../core/template/channelPreview';
import { locale, t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { canDo } from '../session/access';
import { ConfirmListDelete } from '../ui/ConfirmDelete';
import { PagedTable } from '../ui/PagedTable';
import { RowButton, RowLink } from '../ui/RowActions';
import { SearchBox } from '../ui/SearchBox';
import { usePagedList } from '../ui/usePagedList';
import { deleteTemplate, duplicateTemplate, listTemplates, type TemplateSummary } from './api';
import { kindLabel } from './TemplatePicker';
import { notify, notifyFailed, Toasts } from './Toasts';
import './templates.css';

const PAGE_SIZE = 20;

export default function TemplatesPage({ titleKey }: PageProps) {
  useSignals();
  // Roles that only read templates (agents by default) use them; the server refuses changes.
  const mayWrite = canDo('templates', 'write');
  const [kindFilter, setKindFilter] = useState<TemplateKind | ''>('');
  const list = usePagedList(
    ({ search, skip, limit }) => listTemplates({ search, kind: kindFilter || undefined, skip, limit }),
    [kindFilter],
    PAGE_SIZE,
  );
  const { search, setPage } = list;
  const [deleting, setDeleting] = useState<TemplateSummary | null>(null);
  const path = (p: string) => localizePath(p, locale.value);

  const duplicate = async (row: TemplateSummary) => {
    try {
      await duplicateTemplate(row._id, t('templates.copyName', { name: row.name }).slice(0, 100));
      notify('success', t('templates.notify.success'), t('templates.notify.saveSuccess'));
      setPage(0);
      list.refresh();
    } catch {
      notifyFailed();
    }
  };

  return (
    <>
      <PageHeader title={t(titleKey)}>
        {mayWrite ? (
          <span className="tpl-head-actions">
            <Link href={path('/message-template/new?kind=imagemap')} className="tpl-button">
              {t('templates.createImagemap')}
            </Link>
            <Link
              href={path('/message-template/new')}
              className="tpl-button primary"
              data-testid="create-template"
            >
              + {t('templates.create')}
            </Link>
          </span>
        ) : null}
      </PageHeader>
      <section className="tpl-page tpl-list-page">
        <div className="tpl-toolbar">
          <SearchBox
            className="tpl-search"
            label={t('templates.searchPlaceholder')}
            value={search}
            onChange={list.setSearch}
          />
          <select
            aria-label={t('templates.kind')}
            value={kindFilter}
            onChange={(e) => {
              setKindFilter(e.target.value as TemplateKind | '');
              setPage(0);
            }}
          >
            <option value="">{t('templates.kinds.all')}</option>
            <option value="bubble">{t('templates.kinds.bubble')}</option>
            <option value="carousel">{t('templates.kinds.carousel')}</option>
            <option value="imagemap">{t('templates.kinds.imagemap')}</option>
          </select>
        </div>
        <PagedTable
          look="templates"
          list={list}
          empty={
            search.trim() || kindFilter ? (
              <p>{t('templates.noMatch', { search: search.trim() || t(`templates.kinds.${kindFilter}`) })}</p>
            ) : (
              <p>{t('templates.empty')}</p>
            )
          }
          head={
            <>
              <th>{t('templates.columns.name')}</th>
              <th>{t('templates.columns.kind')}</th>
              <th className="tpl-col-wide">{t('templates.columns.updatedBy')}</th>
              <th>{t('templates.columns.updatedAt')}</th>
            </>
          }
          row={(row) => (
            <tr key={row._id} data-testid="template-row">
              <td>
                <Link href={path(`/message-template/${row._id}`)} className="tpl-row-name">
                  {row.name}
                </Link>
              </td>
              <td>
                <span className={`tpl-kind-badge ${row.kind}`}>{kindLabel(row)}</span>
              </td>
              <td className="tpl-col-wide">{row.updated_by?.display_name ?? '-'}</td>
              <td className="tpl-nowrap">{formatDateTime(row.updated_at)}</td>
              <td className="tpl-row-actions">
                <RowLink
                  label={mayWrite ? t('templates.edit') : t('templates.view')}
                  row={row.name}
                  href={path(`/message-template/${row._id}`)}
                />
                {mayWrite ? (
                  <>
                    <RowButton
                      label={t('templates.duplicate')}
                      row={row.name}
                      onClick={() => duplicate(row)}
                    />
                    <RowButton
                      label={t('templates.delete')}
                      row={row.name}
                      danger
                      onClick={() => setDeleting(row)}
                    />
                  </>
                ) : null}
              </td>
            </tr>
          )}
        />
      </section>
      <ConfirmListDelete
        texts="templates"
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={(row) => deleteTemplate(row._id)}
        onDeleted={list.refreshAfterDelete}
      />
      <Toasts />
    </>
  );
}
