// /broadcast/:id: one broadcast — its status and live sending progress, when and to whom, its
// bubbles, and what can be done with it now: edit (before it starts), duplicate, resend to the
// people it failed to reach (listed with the reason), open the report, export, delete.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { BroadcastProgress } from '../../core/broadcast/events';
import { formatDateTime } from '../../core/format/dates';
import { formatNumber } from '../../core/format/numbers';
import { localizePath } from '../../core/routes';
import { locale, t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { ConfirmDialog } from '../templates/Dialog';
import { notify, notifyFailed, Toasts } from '../templates/Toasts';
import {
  type Broadcast,
  deleteBroadcast,
  downloadFile,
  duplicateBroadcast,
  failedRecipients,
  getBroadcast,
  type Recipient,
  resendBroadcast,
  type TargetChoices,
  targetChoices,
  useBroadcastProgress,
} from './api';
import { BubblePreview } from './BubblePreview';
import { LoadFailure, type LoadFailureKind, loadFailureOf } from './LoadFailure';
import { StatusBadge } from './StatusBadge';
import '../templates/templates.css';
import '../ui/list.css';
import './broadcast.css';

export default function BroadcastViewPage({ params }: PageProps) {
  useSignals();
  const id = params.id ?? '';
  const [, navigate] = useLocation();
  const path = (p: string) => localizePath(p, locale.value);
  const [row, setRow] = useState<Broadcast | null>(null);
  const [failed, setFailed] = useState<LoadFailureKind | null>(null);
  const [choices, setChoices] = useState<TargetChoices | null>(null);
  const [people, setPeople] = useState<{ list: Recipient[]; total: number } | null>(null);
  const [confirm, setConfirm] = useState<'delete' | 'resend' | null>(null);
  const [reload, setReload] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` reads it again after a change
  useEffect(() => {
    let live = true;
    getBroadcast(id)
      .then((r) => {
        if (!live) return;
        setRow(r.broadcast);
        if (r.broadcast.progress.failed > 0)
          failedRecipients(id)
            .then((p) => live && setPeople({ list: p.list, total: p.total_count }))
            .catch(() => {});
        else setPeople(null);
      })
      .catch((err) => live && setFailed(loadFailureOf(err)));
    return () => {
      live = false;
    };
  }, [id, reload]);

  useEffect(() => {
    targetChoices()
      .then(setChoices)
      .catch(() => {});
  }, []);

  const onProgress = useCallback(
    (p: BroadcastProgress) => {
      if (p._id !== id) return;
      setRow((r) => {
        if (!r) return r;
        if (r.status !== p.status) setReload((n) => n + 1);
        if (p.total === 0) return r;
        const percent = Math.min(100, Math.floor(((p.sent + p.failed) / p.total) * 100));
        return {
          ...r,
          status: p.status,
          progress: { total: p.total, sent: p.sent, failed: p.failed, percent },
        };
      });
    },
    [id],
  );
  useBroadcastProgress(onProgress);

  const act = async (what: 'duplicate' | 'resend' | 'delete') => {
    setConfirm(null);
    if (!row) return;
    try {
      if (what === 'duplicate') {
        const copy = await duplicateBroadcast(
          row._id,
          t('broadcast.copyName', { name: row.name }).slice(0, 100),
        );
        notify('success', t('broadcast.notify.success'), t('broadcast.notify.saveSuccess'));
        navigate(path(`/broadcast/${copy.broadcast._id}/edit`));
      } else if (what === 'resend') {
        const r = await resendBroadcast(row._id);
        notify(
          'success',
          t('broadcast.notify.success'),
          t('broadcast.notify.resend', { n: formatNumber(r.resend_count) }),
        );
        setReload((n) => n + 1);
      } else {
        await deleteBroadcast(row._id);
        notify('success', t('broadcast.notify.success'), t('broadcast.notify.deleteSuccess'));
        navigate(path('/broadcast'));
      }
    } catch (err) {
      notifyFailed(err instanceof Error ? localMessage(err.message) : undefined);
    }
  };

  const exportReport = (format: 'xlsx' | 'csv') =>
    downloadFile(`/api/broadcast/${id}/export`, { format, lang: locale.value }).catch(() =>
      notify('error', t('broadcast.notify.fail'), t('broadcast.export.failed')),
    );

  const targetLabel = (type: string, value: string) => {
    if (type === 'tag') return choices?.tags.find((x) => x._id === value)?.name ?? value;
    if (type === 'channel') return choices?.channels.find((x) => x._id === value)?.name ?? value;
    return t(`broadcast.verify.${value}`);
  };

  if (failed)
    return (
      <>
        <PageHeader title={t('broadcast.titles.view')} />
        <LoadFailure kind={failed} />
      </>
    );
  if (!row)
    return (
      <>
        <PageHeader title={t('broadcast.titles.view')} />
        <p className="bc-hint">{t('broadcast.loading')}</p>
      </>
    );
  const started = row.started_at !== null;
  const { total, sent, percent } = row.progress;
  return (
    <>
      <PageHeader title={row.name}>
        <span className="bc-head-actions">
          <Link href={path('/broadcast')} className="tpl-button">
            {t('broadcast.back')}
          </Link>
          {row.can_edit ? (
            <Link
              href={path(`/broadcast/${row._id}/edit`)}
              className="tpl-button"
              data-testid="edit-broadcast"
            >
              {t('broadcast.edit')}
            </Link>
          ) : null}
          {started ? (
            <Link
              href={path(`/broadcast/${row._id}/report`)}
              className="tpl-button primary"
              data-testid="open-report"
            >
              {t('broadcast.openReport')}
            </Link>
          ) : null}
        </span>
      </PageHeader>
      <section className="bc-page bc-view" data-testid="broadcast-view">
        <div className="bc-view-main">
          <div className="bc-card">
            <dl className="bc-facts">
              <dt>{t('broadcast.columns.status')}</dt>
              <dd>
                <StatusBadge status={row.status} />
                {row.error ? <span className="bc-error"> {localMessage(row.error)}</span> : null}
              </dd>
              <dt>{t('broadcast.columns.time')}</dt>
              <dd>{row.broadcast_time ? formatDateTime(row.broadcast_time) : '-'}</dd>
              <dt>{t('broadcast.columns.recipients')}</dt>
              <dd>
                {t(`broadcast.recipients.${row.recipients}`)}
                {row.target_estimate !== null
                  ? ` · ${t('broadcast.estimate', { n: formatNumber(row.target_estimate, 0) })}`
                  : null}
                {row.recipients === 'targeting'
                  ? row.messages_target.map((f, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: shown in order
                      <span key={i} className="bc-chip">
                        {t(`broadcast.target.types.${f.type}`)}:{' '}
                        {f.option.map((o) => targetLabel(f.type, o)).join(', ')}
                      </span>
                    ))
                  : null}
                {row.excluded_target.map((f, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: shown in order
                  <span key={`x${i}`} className="bc-chip excluded">
                    {t('broadcast.target.excludedShort')} {t(`broadcast.target.types.${f.type}`)}:{' '}
                    {f.option.map((o) => targetLabel(f.type, o)).join(', ')}
                  </span>
                ))}
              </dd>
              <dt>{t('broadcast.createdBy')}</dt>
              <dd>
                {row.created_by?.display_name ?? '-'} · {formatDateTime(row.created_at)}
              </dd>
            </dl>
            {started ? (
              <div className="bc-progress" data-testid="broadcast-progress" data-percent={percent}>
                <progress max={100} value={percent} aria-label={t('broadcast.sendingPercent', { percent })} />
                <span>
                  {t('broadcast.sentOf', { sent: formatNumber(sent, 0), total: formatNumber(total, 0) })}
                  {row.progress.failed > 0 ? (
                    <span className="bc-failed">
                      {' '}
                      · {t('broadcast.failedCount', { n: formatNumber(row.progress.failed, 0) })}
                    </span>
                  ) : null}
                </span>
              </div>
            ) : null}
            <div className="bc-actions">
              <button type="button" className="tpl-button" onClick={() => act('duplicate')}>
                {t('broadcast.duplicate')}
              </button>
              {row.can_resend ? (
                <button
                  type="button"
                  className="tpl-button primary"
                  data-testid="resend"
                  onClick={() => setConfirm('resend')}
                >
                  {t('broadcast.resend')}
                </button>
              ) : null}
              {started ? (
                <>
                  <button type="button" className="tpl-button" onClick={() => exportReport('xlsx')}>
                    {t('broadcast.export.excel')}
                  </button>
                  <button type="button" className="tpl-button" onClick={() => exportReport('csv')}>
                    {t('broadcast.export.csv')}
                  </button>
                </>
              ) : null}
              {row.status !== 'Sending' ? (
                <button type="button" className="tpl-button danger" onClick={() => setConfirm('delete')}>
                  {t('broadcast.delete')}
                </button>
              ) : null}
            </div>
          </div>
          {people && people.total > 0 ? (
            <div className="bc-card" data-testid="failed-recipients">
              <h2>{t('broadcast.failedTitle', { n: formatNumber(people.total, 0) })}</h2>
              <div className="ui-table-wrap bc-table-wrap">
                <table className="ui-table bc-table">
                  <thead>
                    <tr>
                      <th>{t('broadcast.export.columns.contact')}</th>
                      <th>{t('broadcast.export.columns.channel')}</th>
                      <th>{t('broadcast.export.columns.error')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {people.list.map((p) => (
                      <tr key={p.follower_id}>
                        <td>{p.line_name || '-'}</td>
                        <td>{t(`broadcast.channels.${p.channel_type}`)}</td>
                        <td className="bc-reason">{p.error ? localMessage(p.error) : '-'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {people.total > people.list.length ? (
                <p className="bc-hint">
                  {t('broadcast.moreFailed', { n: formatNumber(people.total - people.list.length, 0) })}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
        <aside className="bc-composer-side">
          <h2>{t('broadcast.preview.title')}</h2>
          <BubblePreview items={row.messages} />
        </aside>
      </section>
      {confirm ? (
        <ConfirmDialog
          title={t(confirm === 'delete' ? 'broadcast.delete' : 'broadcast.resend')}
          text={
            confirm === 'delete'
              ? t('broadcast.confirm.delete')
              : t('broadcast.confirm.resend', { n: formatNumber(row.progress.failed, 0) })
          }
          danger={confirm === 'delete'}
          onNo={() => setConfirm(null)}
          onYes={() => act(confirm)}
        />
      ) : null}
      <Toasts />
    </>
  );
}
