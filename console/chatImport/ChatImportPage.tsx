// /setting/chat-import: the chat import modal's home in the settings menu, with the files imported
// so far and the way to the unknown-chat list.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { WireImport } from '../../core/chatImport/wire';
import { formatDateTime } from '../../core/format/dates';
import { formatNumber } from '../../core/format/numbers';
import { localizePath } from '../../core/routes';
import { locale, t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { canDo } from '../session/access';
import { EmptyState, failed, Toasts } from '../settings/ui';
import { ChatImportModal, ImportFormats } from './ChatImportModal';
import { listImports } from './calls';
import './chatImport.css';

export default function ChatImportPage({ titleKey }: PageProps) {
  useSignals();
  const [list, setList] = useState<WireImport[] | null>(null);
  const [open, setOpen] = useState(false);
  const mayImport = canDo('settings', 'write');
  const load = useCallback(() => {
    listImports()
      .then((r) => setList(r.list))
      .catch((err) => failed(err));
  }, []);
  useEffect(() => load(), [load]);
  const importButton = mayImport ? (
    <button type="button" className="st-button primary" onClick={() => setOpen(true)}>
      {t('chatImport.page.import')}
    </button>
  ) : null;
  return (
    <div className="st-page ci-page">
      <PageHeader title={t(titleKey)}>
        <Link className="st-button" href={localizePath('/live/unknown', locale.value)}>
          {t('chatImport.page.openList')}
        </Link>
        {importButton}
      </PageHeader>
      <section className="ci-help">
        <p>{t('chatImport.page.intro')}</p>
        <ImportFormats />
        <p className="muted">{t('chatImport.page.columns')}</p>
      </section>
      {list && list.length === 0 ? (
        <EmptyState
          title={t('chatImport.page.empty')}
          text={t('chatImport.page.emptyText')}
          action={importButton}
        />
      ) : null}
      {list && list.length > 0 ? (
        <div className="st-table-card">
          <table className="st-table">
            <caption className="ci-caption">{t('chatImport.page.history')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('chatImport.page.file')}</th>
                <th scope="col">{t('chatImport.page.format')}</th>
                <th scope="col">{t('chatImport.page.status')}</th>
                <th scope="col" className="num st-hide-narrow">
                  {t('chatImport.page.rows')}
                </th>
                <th scope="col" className="num">
                  {t('chatImport.page.added')}
                </th>
                <th scope="col" className="num st-hide-narrow">
                  {t('chatImport.page.merged')}
                </th>
                <th scope="col" className="st-hide-narrow">
                  {t('chatImport.page.date')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((row) => (
                <tr key={row._id} data-testid="import-row">
                  <td>{row.file_name}</td>
                  <td>{t(`chatImport.format.${row.format}`)}</td>
                  <td>
                    <span className={`ci-status ${row.status}`}>{t(`chatImport.status.${row.status}`)}</span>
                  </td>
                  <td className="num st-hide-narrow">{formatNumber(row.total_rows)}</td>
                  <td className="num">{formatNumber(row.messages_added)}</td>
                  <td className="num st-hide-narrow">{formatNumber(row.messages_merged)}</td>
                  <td className="st-hide-narrow">{formatDateTime(row.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {open ? <ChatImportModal onClose={() => setOpen(false)} onImported={load} /> : null}
      <Toasts />
    </div>
  );
}
