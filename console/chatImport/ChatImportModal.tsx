// The chat import modal (spec 2 settings modals): pick a LINE Official Account Manager chat
// history CSV, a chat export (.xlsx) or the template; the file is uploaded (and checked on the way
// in), its row errors listed with their lines, or imported with a progress bar that follows the
// server (socket CHAT_IMPORT_PROGRESS, with a poll as a fallback).
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import {
  CHAT_IMPORT_PROGRESS,
  IMPORT_TEXT_MAX,
  type ImportRowError,
  type WireImport,
} from '../../core/chatImport/wire';
import { formatNumber } from '../../core/format/numbers';
import { localizePath } from '../../core/routes';
import { locale, t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import { agentSocket } from '../realtime/socket';
import { saveFile, sessionFetch } from '../session/api';
import { Modal } from '../ui/Dialog';
import { getImport, type UploadAnswer, uploadImport } from './calls';

type Phase =
  | { kind: 'choose' }
  | { kind: 'uploading'; share: number }
  | { kind: 'importing'; import: WireImport }
  | { kind: 'done'; import: WireImport; duplicate: boolean }
  | { kind: 'errors'; errors: ImportRowError[]; errorCount: number; rows: number }
  | { kind: 'failed'; message: string };

/** Upload is the first 30 % of the bar, the import the rest. */
const UPLOAD_SHARE = 0.3;

function errorText(e: ImportRowError): string {
  const key = `chatImport.errors.${e.code}`;
  const text = t(key, { max: formatNumber(IMPORT_TEXT_MAX) });
  return !text || text === key ? localMessage(e.message) : text;
}

export async function downloadTemplate(format: 'csv' | 'xlsx') {
  const res = await sessionFetch(`/api/chat/import/template?format=${format}`);
  if (!res.ok) return;
  saveFile(await res.blob(), `chat-import-template.${format}`);
}

function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value * 100)));
  return (
    <div className="ci-progress">
      <div
        className="ci-progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="ci-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="ci-progress-text" data-testid="import-progress">
        {label} · {percent}%
      </span>
    </div>
  );
}

/** The files an import takes, with the template to download in either format. */
export function ImportFormats() {
  return (
    <ul className="ci-formats">
      <li>{t('chatImport.formats.oam')}</li>
      <li>{t('chatImport.formats.export')}</li>
      <li>
        {t('chatImport.formats.template')}{' '}
        <button type="button" className="link-button" onClick={() => void downloadTemplate('csv')}>
          {t('chatImport.modal.templateCsv')}
        </button>{' '}
        ·{' '}
        <button type="button" className="link-button" onClick={() => void downloadTemplate('xlsx')}>
          {t('chatImport.modal.templateXlsx')}
        </button>
      </li>
    </ul>
  );
}

export function ChatImportModal({ onClose, onImported }: { onClose: () => void; onImported?: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const cancel = useRef<() => void>(() => {});
  const importId = phase.kind === 'importing' ? phase.import._id : null;

  // The server's progress: socket events as it goes, a poll in case the socket is away.
  useEffect(() => {
    if (!importId) return;
    const finish = (row: WireImport) => {
      setPhase(
        row.status === 'failed'
          ? { kind: 'failed', message: row.error ?? '' }
          : { kind: 'done', import: row, duplicate: false },
      );
      onImported?.();
    };
    const onProgress = (p: {
      import_id: string;
      status: string;
      processed_rows?: number;
      import?: WireImport;
    }) => {
      if (p.import_id !== importId) return;
      if (p.status !== 'importing' && p.import) finish(p.import);
      else
        setPhase((now) =>
          now.kind === 'importing'
            ? { kind: 'importing', import: { ...now.import, processed_rows: p.processed_rows ?? 0 } }
            : now,
        );
    };
    const socket = agentSocket.value;
    socket?.on(CHAT_IMPORT_PROGRESS, onProgress);
    const poll = setInterval(() => {
      getImport(importId)
        .then(({ import: row }) => {
          if (row.status !== 'importing') finish(row);
          else
            setPhase((now) =>
              now.kind === 'importing' && row.processed_rows > now.import.processed_rows
                ? { kind: 'importing', import: row }
                : now,
            );
        })
        .catch(() => {});
    }, 1500);
    return () => {
      socket?.off(CHAT_IMPORT_PROGRESS, onProgress);
      clearInterval(poll);
    };
  }, [importId, onImported]);

  const start = async () => {
    if (!file) return;
    setPhase({ kind: 'uploading', share: 0 });
    const upload = uploadImport(file, (share) => setPhase({ kind: 'uploading', share }));
    cancel.current = upload.cancel;
    const answer: UploadAnswer = await upload.done;
    if (answer.kind === 'started') setPhase({ kind: 'importing', import: answer.import });
    else if (answer.kind === 'duplicate') setPhase({ kind: 'done', import: answer.import, duplicate: true });
    else if (answer.kind === 'errors') setPhase(answer);
    else if (answer.status === -1) setPhase({ kind: 'choose' });
    else setPhase({ kind: 'failed', message: answer.message });
  };

  const busy = phase.kind === 'uploading' || phase.kind === 'importing';
  const listPath = localizePath('/live/unknown', locale.value);
  // Closing while the file is still on its way stops the upload: nothing is imported. An import
  // the server has started goes on (the page lists it), so that button says Close, not Cancel.
  const close = () => {
    if (phase.kind === 'uploading') cancel.current();
    onClose();
  };
  return (
    <Modal
      title={t('chatImport.modal.title')}
      onClose={close}
      size="wide"
      footer={
        <>
          <button type="button" className="st-button" onClick={close}>
            {phase.kind === 'done' || phase.kind === 'importing'
              ? t('chatImport.modal.close')
              : t('settings.common.cancel')}
          </button>
          {phase.kind === 'done' ? (
            <Link className="st-button primary" href={listPath}>
              {t('chatImport.modal.openList')}
            </Link>
          ) : (
            <button
              type="button"
              className="st-button primary"
              disabled={!file || busy}
              onClick={() => void start()}
            >
              {t('chatImport.modal.import')}
            </button>
          )}
        </>
      }
    >
      <div className="st-form ci-modal">
        <p className="muted">{t('chatImport.modal.intro')}</p>
        <ImportFormats />
        <label className="st-field">
          <span>{t('chatImport.modal.file')}</span>
          <input
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={busy}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setPhase({ kind: 'choose' });
            }}
          />
          <small className="hint">{t('chatImport.modal.fileHint')}</small>
        </label>
        {phase.kind === 'uploading' ? (
          <ProgressBar value={phase.share * UPLOAD_SHARE} label={t('chatImport.modal.uploading')} />
        ) : null}
        {phase.kind === 'importing' ? (
          <ProgressBar
            value={
              UPLOAD_SHARE +
              (1 - UPLOAD_SHARE) *
                (phase.import.total_rows ? phase.import.processed_rows / phase.import.total_rows : 0)
            }
            label={t('chatImport.modal.importing', {
              done: formatNumber(phase.import.processed_rows),
              total: formatNumber(phase.import.total_rows),
            })}
          />
        ) : null}
        {phase.kind === 'done' ? (
          <div className="ci-result" role="status" data-testid="import-result">
            {phase.duplicate ? (
              <p>{t('chatImport.modal.duplicate')}</p>
            ) : (
              <p>
                {t('chatImport.modal.done', {
                  count: formatNumber(phase.import.conversations),
                  added: formatNumber(phase.import.messages_added),
                  merged: formatNumber(phase.import.messages_merged),
                })}
              </p>
            )}
          </div>
        ) : null}
        {phase.kind === 'failed' ? (
          <p className="form-error" role="alert">
            {phase.message ? localMessage(phase.message) : t('chatImport.modal.failed')}
          </p>
        ) : null}
        {phase.kind === 'errors' ? (
          <div className="ci-errors" role="alert" data-testid="import-errors">
            <p>
              <strong>{t('chatImport.modal.errorsTitle', { count: formatNumber(phase.errorCount) })}</strong>{' '}
              {t('chatImport.modal.nothingWritten')}
            </p>
            <div className="st-table-card ci-error-table">
              <table className="st-table">
                <thead>
                  <tr>
                    <th scope="col" className="num">
                      {t('chatImport.modal.line')}
                    </th>
                    <th scope="col">{t('chatImport.modal.column')}</th>
                    <th scope="col">{t('chatImport.modal.problem')}</th>
                  </tr>
                </thead>
                <tbody>
                  {phase.errors.map((e) => (
                    <tr key={`${e.line}:${e.field}:${e.code}`} data-testid="import-error-row">
                      <td className="num">{formatNumber(e.line)}</td>
                      <td>{e.field === 'file' ? t('chatImport.modal.file') : e.field}</td>
                      <td>{errorText(e)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {phase.errorCount > phase.errors.length ? (
              <p className="muted">
                {t('chatImport.modal.moreErrors', {
                  count: formatNumber(phase.errorCount - phase.errors.length),
                })}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
