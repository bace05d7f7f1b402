// /broadcast: the broadcasts by tab (spec 2: Scheduled, Drafts, Sent, All Time, Failed) with a
// count each, search, live sending progress, and per row view, edit, duplicate, report and
// delete; the tab exports to Excel or CSV. An empty tab names the button that creates one.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { BroadcastProgress } from '../../core/broadcast/events';
import { formatDateTime } from '../../core/format/dates';
import { formatNumber } from '../../core/format/numbers';
import { BROADCAST_TABS } from '../../core/models/broadcast';
import { localizePath } from '../../core/routes';
import { locale, t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { notify, notifyFailed, Toasts } from '../templates/Toasts';
import { ConfirmListDelete } from '../ui/ConfirmDelete';
import { PagedTable } from '../ui/PagedTable';
import { RowButton, RowLink } from '../ui/RowActions';
import { SearchBox } from '../ui/SearchBox';
import { usePagedList } from '../ui/usePagedList';
import {
  type Broadcast,
  deleteBroadcast,
  downloadFile,
  duplicateBroadcast,
  listBroadcasts,
  type Tab,
  useBroadcastProgress,
} from './api';
import { StatusBadge } from './StatusBadge';
import '../templates/templates.css';
import './broadcast.css';

const PAGE_SIZE = 20;
const TAB_KEYS: Record<Tab, string> = {
  Scheduled: 'scheduled',
  Drafts: 'drafts',
  Sent: 'sent',
  'All Time': 'allTime',
  Failed: 'failed',
};

export default function BroadcastListPage({ titleKey }: PageProps) {
  useSignals();
  const [tab, setTab] = useState<Tab>('Scheduled');
  const list = usePagedList((query) => listBroadcasts({ tab, ...query }), [tab], PAGE_SIZE);
  const { search, setPage, data, setData, refresh } = list;
  const [deleting, setDeleting] = useState<Broadcast | null>(null);
  const [exporting, setExporting] = useState(false);
  const path = (p: string) => localizePath(p, locale.value);
  const refreshSoon = useRef<ReturnType<typeof setTimeout> | null>(null);

  const onProgress = useCallback(
    (p: BroadcastProgress) => {
      setData((d) => {
        if (!d) return d;
        const row = d.list.find((b) => b._id === p._id);
        if (row && row.status === p.status && p.total > 0) {
          const percent = Math.min(100, Math.floor(((p.sent + p.failed) / p.total) * 100));
          return {
            ...d,
            list: d.list.map((b) =>
              b._id === p._id
                ? { ...b, progress: { total: p.total, sent: p.sent, failed: p.failed, percent } }
                : b,
            ),
          };
        }
        return d;
      });
      // A new status moves the broadcast between tabs: ask again, once the burst is over.
      if (refreshSoon.current) clearTimeout(refreshSoon.current);
      refreshSoon.current = setTimeout(refresh, 400);
    },
    [refresh, setData],
  );
  useBroadcastProgress(onProgress);

  const duplicate = async (row: Broadcast) => {
    try {
      await duplicateBroadcast(row._id, t('broadcast.copyName', { name: row.name }).slice(0, 100));
      notify('success', t('broadcast.notify.success'), t('broadcast.notify.saveSuccess'));
      setTab('Drafts');
      setPage(0);
      refresh();
    } catch {
      notifyFailed();
    }
  };

  const exportTab = async (format: 'xlsx' | 'csv') => {
    setExporting(true);
    try {
      await downloadFile('/api/broadcast/export', { format, tab, search: search.trim(), lang: locale.value });
    } catch {
      notify('error', t('broadcast.notify.fail'), t('broadcast.export.failed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader title={t(titleKey)}>
        <Link href={path('/broadcast/create')} className="tpl-button primary" data-testid="create-broadcast">
          + {t('broadcast.create')}
        </Link>
      </PageHeader>
      <section className="bc-page">
        <div className="bc-tabs" role="tablist" aria-label={t('broadcast.tabsLabel')}>
          {BROADCAST_TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              className={`bc-tab ${tab === name ? 'active' : ''}`}
              data-testid={`tab-${TAB_KEYS[name]}`}
              onClick={() => {
                setTab(name);
                setPage(0);
              }}
            >
              {t(`broadcast.tabs.${TAB_KEYS[name]}`)}
              <span className="bc-count">{formatNumber(data?.counts[name] ?? 0, 0)}</span>
            </button>
          ))}
        </div>
        <div className="bc-toolbar">
          <SearchBox
            className="tpl-search"
            label={t('broadcast.searchPlaceholder')}
            value={search}
            onChange={list.setSearch}
          />
          <span className="bc-toolbar-end">
            <button
              type="button"
              className="tpl-button"
              disabled={exporting}
              onClick={() => exportTab('xlsx')}
            >
              {t('broadcast.export.excel')}
            </button>
            <button
              type="button"
              className="tpl-button"
              disabled={exporting}
              onClick={() => exportTab('csv')}
            >
              {t('broadcast.export.csv')}
            </button>
          </span>
        </div>
        <PagedTable
          look="broadcast"
          list={list}
          empty={
            <p>
              {search.trim()
                ? t('broadcast.noMatch', { search: search.trim() })
                : t(`broadcast.empty.${TAB_KEYS[tab]}`, { button: t('broadcast.create') })}
            </p>
          }
          head={
            <>
              <th>{t('broadcast.columns.name')}</th>
              <th>{t('broadcast.columns.status')}</th>
              <th>{t('broadcast.columns.time')}</th>
              <th className="bc-col-wide">{t('broadcast.columns.recipients')}</th>
              <th>{t('broadcast.columns.progress')}</th>
            </>
          }
          row={(row) => (
            <tr key={row._id} data-testid="broadcast-row" data-status={row.status}>
              <td>
                <Link href={path(`/broadcast/${row._id}`)} className="bc-row-name">
                  {row.name}
                </Link>
              </td>
              <td>
                <StatusBadge status={row.status} />
              </td>
              <td className="bc-nowrap">{row.broadcast_time ? formatDateTime(row.broadcast_time) : '-'}</td>
              <td className="bc-col-wide">
                {t(`broadcast.recipients.${row.recipients}`)}
                {row.target_estimate !== null ? (
                  <span className="bc-muted"> · {formatNumber(row.target_estimate, 0)}</span>
                ) : null}
              </td>
              <td>
                <Progress row={row} />
              </td>
              <td className="bc-row-actions">
                {row.can_edit ? (
                  <RowLink
                    label={t('broadcast.edit')}
                    row={row.name}
                    href={path(`/broadcast/${row._id}/edit`)}
                  />
                ) : (
                  <RowLink
                    label={t('broadcast.openReport')}
                    row={row.name}
                    href={path(`/broadcast/${row._id}/report`)}
                  />
                )}
                <RowButton label={t('broadcast.duplicate')} row={row.name} onClick={() => duplicate(row)} />
                {row.status !== 'Sending' ? (
                  <RowButton
                    label={t('broadcast.delete')}
                    row={row.name}
                    danger
                    onClick={() => setDeleting(row)}
                  />
                ) : null}
              </td>
            </tr>
          )}
        />
      </section>
      <ConfirmListDelete
        texts="broadcast"
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={(row) => deleteBroadcast(row._id)}
        onDeleted={list.refreshAfterDelete}
      />
      <Toasts />
    </>
  );
}

function Progress({ row }: { row: Broadcast }) {
  const { total, sent, failed, percent } = row.progress;
  if (row.status === 'Drafts' || row.status === 'Scheduled' || row.status === 'Expired') return <>-</>;
  return (
    <span className="bc-progress-cell">
      {row.status === 'Sending' ? (
        <progress max={100} value={percent} aria-label={t('broadcast.sendingPercent', { percent })} />
      ) : null}
      <span>
        {t('broadcast.sentOf', { sent: formatNumber(sent, 0), total: formatNumber(total, 0) })}
        {failed > 0 ? (
          <span className="bc-failed"> · {t('broadcast.failedCount', { n: formatNumber(failed, 0) })}</span>
        ) : null}
      </span>
    </span>
  );
}
