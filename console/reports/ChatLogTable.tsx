// The chat-log rows (spec 9) and their "1–20 of 45" pager, shared by the report modals and the
// Log page: contact, channel, agent, queue, started, first response, closed and a state badge.
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { formatDateTime } from '../../core/format/dates';
import { formatNumber } from '../../core/format/numbers';
import type { ChatLogEntry } from '../../core/reports/wire';
import { localizePath } from '../../core/routes';
import { locale, t } from '../app/i18n';

/** The inbox with one follower's chat open (console/live/LivePage.tsx reads `follower`). */
export function liveChatPath(followerId: string): string {
  return `${localizePath('/live', locale.value)}?follower=${encodeURIComponent(followerId)}`;
}

export function ChatLogTable({ list, linkToChat = false }: { list: ChatLogEntry[]; linkToChat?: boolean }) {
  useSignals();
  return (
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
          {list.map((e) => (
            <tr key={e.livechat_id} data-livechat={e.livechat_id}>
              <td>
                {linkToChat ? (
                  <Link href={liveChatPath(e.follower._id)} className="log-contact">
                    {e.follower.name || '-'}
                  </Link>
                ) : (
                  e.follower.name || '-'
                )}
              </td>
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
  );
}

/** Previous, "from–to of total" (thousands commas) and Next; nothing while one page holds all. */
export function ChatLogRange({
  skip,
  pageSize,
  total,
  onSkip,
}: {
  skip: number;
  pageSize: number;
  total: number;
  onSkip: (skip: number) => void;
}) {
  useSignals();
  if (total <= pageSize) return null;
  return (
    <>
      <span className="muted log-range">
        {t('reports.chatLog.range', {
          from: formatNumber(skip + 1),
          to: formatNumber(Math.min(skip + pageSize, total)),
          total: formatNumber(total),
        })}
      </span>
      <button
        type="button"
        className="small-button"
        disabled={skip === 0}
        onClick={() => onSkip(Math.max(0, skip - pageSize))}
      >
        {t('reports.chatLog.previous')}
      </button>
      <button
        type="button"
        className="small-button"
        disabled={skip + pageSize >= total}
        onClick={() => onSkip(skip + pageSize)}
      >
        {t('reports.chatLog.next')}
      </button>
    </>
  );
}

/** Chats that match but sit in queues the reader may not see (spec 6): said, not listed. */
export function HiddenChatsNote({ count }: { count: number }) {
  useSignals();
  if (count <= 0) return null;
  return (
    <p className="muted log-hidden" data-testid="log-hidden">
      {t('reports.chatLog.hidden', { count: formatNumber(count) })}
    </p>
  );
}
