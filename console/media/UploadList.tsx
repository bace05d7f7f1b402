// Files being uploaded: each with its progress (capped at 95 until done), its state and a cancel
// button; failures keep the server's reason.
import { useSignals } from '@preact/signals-react/runtime';
import { formatFileSize } from '../../core/format/numbers';
import { t } from '../app/i18n';
import { warningText } from './Dialogs';
import { MediaIcon } from './MediaIcon';
import type { MediaState } from './state';
import { cancelUpload, type UploadEntry } from './uploads';

function stateText(entry: UploadEntry): string {
  if (entry.state === 'sending') return t('media.uploadStates.sending', { progress: entry.progress });
  if (entry.state === 'fail') return warningText(entry.message);
  if (entry.state === 'cancel') return t('media.uploadStates.cancel');
  return t(`media.uploadStates.${entry.state}`);
}

export function UploadList({ state }: { state: MediaState }) {
  useSignals();
  const entries = state.uploads.value;
  if (entries.length === 0) return null;
  const running = entries.some((e) => e.state === 'prepare' || e.state === 'sending');
  return (
    <section className="media-uploads" aria-label={t('media.uploads')}>
      <header>
        <h2>{t('media.uploads')}</h2>
        {running ? (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              for (const e of entries)
                if (e.state === 'prepare' || e.state === 'sending') cancelUpload(e.tempId);
            }}
          >
            {t('media.cancelAll')}
          </button>
        ) : (
          <button type="button" className="link-button" onClick={() => (state.uploads.value = [])}>
            {t('media.clearUploads')}
          </button>
        )}
      </header>
      <ul>
        {entries.map((entry) => (
          <li key={entry.tempId} className={`media-upload ${entry.state}`} data-upload-state={entry.state}>
            <span className="media-upload-name" title={entry.name}>
              {entry.name}
            </span>
            <span className="muted media-upload-size">{formatFileSize(entry.size)}</span>
            <span
              className="media-progress"
              role="progressbar"
              aria-label={entry.name}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={entry.progress}
            >
              <span style={{ width: `${entry.progress}%` }} />
            </span>
            <span className="media-upload-state" role={entry.state === 'fail' ? 'alert' : undefined}>
              {stateText(entry)}
            </span>
            {entry.state === 'prepare' || entry.state === 'sending' ? (
              <button
                type="button"
                className="media-icon-button"
                aria-label={t('media.cancelUpload', { name: entry.name })}
                onClick={() => cancelUpload(entry.tempId)}
              >
                <MediaIcon name="close" size={16} />
              </button>
            ) : (
              <span className="media-upload-done" aria-hidden="true">
                {entry.state === 'success' ? <MediaIcon name="check" size={16} /> : null}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
