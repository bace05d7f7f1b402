// Files on their way (spec 4): progress (at most 95 until the server answers), cancel, outcome.
import { useSignals } from '@preact/signals-react/runtime';
import { formatFileSize } from '../../core/format/numbers';
import { t } from '../app/i18n';
import { uploads } from './state';
import { cancelUpload } from './uploads';

export function UploadList({ followerId }: { followerId: string }) {
  useSignals();
  const mine = uploads.value.filter((u) => u.followerId === followerId);
  if (mine.length === 0) return null;
  return (
    <ul className="upload-list" aria-label={t('live.upload.title')}>
      {mine.map((u) => (
        <li key={u.tempId} className={`upload upload-${u.state}`} data-state={u.state}>
          <span className="upload-name">{u.name}</span>
          <span className="muted">{formatFileSize(u.size)}</span>
          <progress max={100} value={u.progress} aria-label={t('live.upload.progress', { name: u.name })} />
          <span className="upload-state">
            {/* Spec 8: a cancelled file says 'Operation canceled by the user.', in the page's language. */}
            {u.state === 'cancel' ? t('live.upload.canceledByUser') : t(`live.upload.${u.state}`)}
          </span>
          {u.state === 'prepare' || u.state === 'sending' ? (
            <button type="button" className="link-button" onClick={() => cancelUpload(u.tempId)}>
              {t('live.upload.cancelButton')}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
