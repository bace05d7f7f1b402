// The chat-log modal (spec 9): 'Incoming chats log' and the others, followed by a name, listing
// the live chats behind a number, 20 at a time.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../core/format/dates';
import { formatNumber } from '../../core/format/numbers';
import type { ChatLogPage } from '../../core/reports/wire';
import { t } from '../app/i18n';
import { DialogFrame } from '../ui/Dialog';
import { loadChatLog } from './calls';
import type { LogRequest } from './ReportTableView';

const PAGE = 20;

export function ChatLogModal({
  request,
  period,
  onClose,
}: {
  request: LogRequest;
  period: Record<string, string>;
  onClose: () => void;
}) {
  useSignals();
  const [skip, setSkip] = useState(0);
  const [page, setPage] = useState<ChatLogPage | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    loadChatLog(request.category, request.filter, period, skip, PAGE).then(
      (p) => live && setPage(p),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [request, period, skip]);

  const title = `${t(`reports.chatLogTitles.${request.category}`)} ${request.name}`.trim();
  const total = page?.total_count ?? 0;
  return (
    <DialogFrame
      skin="report-dialog"
      title={title}
      closeLabel={t('reports.chatLog.close')}
      closeClass="dialog-x"
      focus=".dialog-x"
      onClose={onClose}
      footer={
        total > PAGE ? (
          <>
            <span className="muted">
              {t('reports.chatLog.range', {
                from: formatNumber(skip + 1),
                to: formatNumber(Math.min(skip + PAGE, total)),
                total: formatNumber(total),
              })}
            </span>
            <button
              type="button"
              className="small-button"
              disabled={skip === 0}
              onClick={() => setSkip(Math.max(0, skip - PAGE))}
            >
              {t('reports.chatLog.previous')}
            </button>
            <button
              type="button"
              className="small-button"
              disabled={skip + PAGE >= total}
              onClick={() => setSkip(skip + PAGE)}
            >
              {t('reports.chatLog.next')}
            </button>
          </>
        ) : null
      }
    >
      {failed ? (
        <p className="form-error" role="alert">
          {t('reports.loadFailed')}
        </p>
      ) : !page ? (
        <p className="muted" role="status">
          {t('reports.loading')}
        </p>
      ) : page.list.length === 0 ? (
        <p className="muted">{t('reports.chatLog.empty')}</p>
      ) : (
        <div className="report-table-wrap">
          <table className="report-table chat-log-table">
            <thead>
              <tr>
                <th scope="col">{t('reports.chatLog.contact')}</th>
                <th scope="col">{t('reports.chatLog.channel')}</th>
                <th scope="col">{t('reports.chatLog.agent')}</th>
                <th scope="col">{t('reports.chatLog.queue')}</th>
                <th scope="col">{t('reports.chatLog.startedAt')}</th>
                <th scope="col">{t('reports.chatLog.firstResponse')}</th>
                <th scope="col">{t('reports.chatLog.closedAt')}</th>
                <th scope="col">{t('reports.chatLog.status')}</th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((e) => (
                <tr key={e.livechat_id}>
                  <td>{e.follower.name || '-'}</td>
                  <td>{t(`reports.channels.${e.follower.channel_type}`)}</td>
                  <td>{e.agent?.name ?? '-'}</td>
                  <td>{e.queue?.name ?? '-'}</td>
                  <td>{formatDateTime(e.started_at)}</td>
                  <td>{formatDateTime(e.first_response_at) || '-'}</td>
                  <td>{formatDateTime(e.closed_at) || '-'}</td>
                  <td>
                    <span className={`log-status log-${e.status}`}>
                      {t(`reports.chatLog.statuses.${e.status}`)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </DialogFrame>
  );
}
