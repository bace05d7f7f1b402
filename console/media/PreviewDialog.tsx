// One file in full: the image or the playing video, its details, and what can be done with it.
import { useState } from 'react';
import { formatDateTime } from '../../core/format/dates';
import { formatFileSize } from '../../core/format/numbers';
import { t } from '../app/i18n';
import type { LibraryFile } from './calls';
import { resolutionText } from './FileViews';
import { MediaIcon } from './MediaIcon';
import { Modal } from './Modal';

/** What a role that may write media can do with the file; null shows the file only. */
export interface FileActions {
  rename(): void;
  move(): void;
  remove(): void;
}

export function PreviewDialog({
  file,
  onClose,
  actions,
}: {
  file: LibraryFile;
  onClose: () => void;
  actions: FileActions | null;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(file.url);
      setCopied(true);
    } catch {
      window.prompt(t('media.copyLink'), file.url);
    }
  };
  return (
    <Modal
      title={file.name}
      onClose={onClose}
      className="media-preview"
      footer={
        <>
          {actions ? (
            <>
              <button type="button" className="media-button" onClick={actions.rename}>
                <MediaIcon name="edit" size={16} />
                {t('media.rename')}
              </button>
              <button type="button" className="media-button" onClick={actions.move}>
                <MediaIcon name="move" size={16} />
                {t('media.move')}
              </button>
              <button type="button" className="media-button danger" onClick={actions.remove}>
                <MediaIcon name="trash" size={16} />
                {t('media.delete')}
              </button>
            </>
          ) : null}
          <span className="media-spacer" />
          <button type="button" className="media-button primary" onClick={onClose}>
            {t('media.close')}
          </button>
        </>
      }
    >
      <div className="media-preview-body">
        <div className="media-preview-view">
          {file.isImage ? <img src={file.url} alt={file.name} /> : null}
          {file.isVideo ? (
            // biome-ignore lint/a11y/useMediaCaption: uploaded videos come without captions.
            <video
              src={file.url}
              controls
              preload="metadata"
              poster={file.thumbnailVideoImageUrl ?? undefined}
            />
          ) : null}
          {file.isDoc ? (
            <span className="media-thumb media-thumb-doc card">
              <MediaIcon name="file" size={48} />
              <span className="media-ext">{file.extension.toUpperCase()}</span>
            </span>
          ) : null}
        </div>
        <dl className="media-details">
          <dt>{t('media.columns.type')}</dt>
          <dd>
            {file.extension.toUpperCase()} <span className="muted">({file.type})</span>
          </dd>
          <dt>{t('media.columns.size')}</dt>
          <dd>{formatFileSize(file.size)}</dd>
          <dt>{t('media.columns.resolution')}</dt>
          <dd>{resolutionText(file)}</dd>
          <dt>{t('media.columns.created')}</dt>
          <dd>{formatDateTime(file.created)}</dd>
          <dt>{t('media.columns.createdBy')}</dt>
          <dd>{file.createdBy ?? '—'}</dd>
        </dl>
        <div className="media-preview-links">
          <a className="media-button" href={file.url} download={file.name} target="_blank" rel="noreferrer">
            <MediaIcon name="download" size={16} />
            {t('media.download')}
          </a>
          <button type="button" className="media-button" onClick={copy}>
            <MediaIcon name="link" size={16} />
            {copied ? t('media.linkCopied') : t('media.copyLink')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
