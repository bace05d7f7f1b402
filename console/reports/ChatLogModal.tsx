// The chat-log modal (spec 9): 'Incoming chats log' and the others, followed by a name, listing
// the live chats behind a number, 20 at a time.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import type { ChatLogPage } from '../../core/reports/wire';
import { t } from '../app/i18n';
import { DialogFrame } from '../ui/Dialog';
import { ChatLogRange, ChatLogTable, HiddenChatsNote } from './ChatLogTable';
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
        total > PAGE ? <ChatLogRange skip={skip} pageSize={PAGE} total={total} onSkip={setSkip} /> : null
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
        <ChatLogTable list={page.list} />
      )}
      {page ? <HiddenChatsNote count={page.hidden_count} /> : null}
    </DialogFrame>
  );
}
