// /message-template: the saved templates, newest first, with search; create, edit, duplicate and
// delete (spec 5 confirm 'Are you sure you want to delete this items ?').
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '../../core/format/dates';
import { localizePath } from '../../core/routes';
import type { TemplateKind } from '../../core/template/channelPreview';
import { locale, t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { canDo } from '../session/access';
import { ConfirmDelete } from '../ui/ConfirmDelete';
import { ListTable } from '../ui/ListTable';
import { Pager } from '../ui/Pager';
import { RowButton, RowLink } from '../ui/RowActions';
import { SearchBox } from '../ui/SearchBox';
import { deleteTemplate, duplicateTemplate, listTemplates, type TemplateSummary } from './api';
import { kindLabel } from './TemplatePicker';
import { notify, notifyFailed, Toasts } from './Toasts';
import './templates.css';

const PAGE_SIZE = 20;

export default function TemplatesPage({ titleKey }: PageProps) {
  useSignals();
  // Roles that only read templates (agents by default) use them; the server refuses changes.
  const mayWrite = canDo('templates', 'write');
  const [search, setSearch] = useState('');
  const [kindFilter, setKindFilter] = useState<TemplateKind | ''>('');
  const [page, setPage] = useState(0);
  const [data, setData] = useState<{ list: TemplateSummary[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [deleting, setDeleting] = useState<TemplateSummary | null>(null);
  const [reload, setReload] = useState(0);
  const path = (p: string) => localizePath(p, locale.value);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` asks for the same page again after a change
  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () => {
        listTemplates({
          search: search.trim() || undefined,
          kind: kindFilter || undefined,
          skip: page * PAGE_SIZE,
          limit: PAGE_SIZE,
        })
          .then((r) => {
            if (!live) return;
            setData({ list: r.list, total: r.total_count });
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
  }, [search, kindFilter, page, reload]);

  const refresh = useCallback(() => setReload((n) => n + 1), []);

  const duplicate = async (row: TemplateSummary) => {
    try {
      await duplicateTemplate(row._id, t('templates.copyName', { name: row.name }).slice(0, 100));
      notify('success', t('templates.notify.success'), t('templates.notify.saveSuccess'));
      setPage(0);
      refresh();
    } catch {
      notifyFailed();
    }
  };

  const remove = async (row: TemplateSummary) => {
    await deleteTemplate(row._id);
    notify('success', t('templates.notify.success'), t('templates.notify.deleteSuccess'));
    if (data && data.list.length === 1 && page > 0) setPage(page - 1);
    refresh();
  };

  const total = data?.total ?? 0;
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
            onChange={(next) => {
              setSearch(next);
              setPage(0);
            }}
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
        {failed ? <p className="tpl-field-error">{t('templates.loadFail')}</p> : null}
        {data === null && !failed ? <p className="tpl-hint">{t('templates.loading')}</p> : null}
        {data && data.list.length === 0 ? (
          <div className="tpl-empty" data-testid="templates-empty">
            {search.trim() || kindFilter ? (
              <p>{t('templates.noMatch', { search: search.trim() || t(`templates.kinds.${kindFilter}`) })}</p>
            ) : (
              <p>{t('templates.empty')}</p>
            )}
          </div>
        ) : null}
        {data && data.list.length > 0 ? (
          <ListTable
            look="templates"
            head={
              <>
                <th>{t('templates.columns.name')}</th>
                <th>{t('templates.columns.kind')}</th>
                <th className="tpl-col-wide">{t('templates.columns.updatedBy')}</th>
                <th>{t('templates.columns.updatedAt')}</th>
              </>
            }
          >
            {data.list.map((row) => (
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
            ))}
          </ListTable>
        ) : null}
        <Pager
          className="tpl-pager"
          texts="templates"
          page={page}
          pageSize={PAGE_SIZE}
          total={total}
          onPage={setPage}
        />
      </section>
      <ConfirmDelete
        item={deleting}
        title={t('templates.delete')}
        text={t('templates.confirm.delete')}
        onClose={() => setDeleting(null)}
        remove={remove}
        onError={() => notify('error', t('templates.notify.fail'), t('templates.notify.deleteFail'))}
      />
      <Toasts />
    </>
  );
}
