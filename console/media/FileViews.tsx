// The files of the open folder as a grid of cards or a list (table), each selectable.
import { useSignals } from '@preact/signals-react/runtime';
import { formatDateTime } from '../../core/format/dates';
import { formatFileSize } from '../../core/format/numbers';
import { t } from '../app/i18n';
import type { LibraryFile } from './calls';
import { MediaIcon } from './MediaIcon';
import type { MediaState } from './state';

export function Thumbnail({ file, size }: { file: LibraryFile; size: 'card' | 'row' }) {
  if (file.isImage)
    return (
      <img
        className={`media-thumb ${size}`}
        src={file.thumbnailUrl || file.url}
        alt=""
        loading="lazy"
        decoding="async"
        draggable={false}
      />
    );
  if (file.isVideo)
    return (
      <span className={`media-thumb media-thumb-video ${size}`}>
        {file.thumbnailVideoImageUrl ? (
          <img src={file.thumbnailVideoImageUrl} alt="" loading="lazy" />
        ) : size === 'card' ? (
          <video src={`${file.url}#t=0.5`} preload="metadata" muted playsInline tabIndex={-1} />
        ) : null}
        <span className="media-thumb-play">
          <MediaIcon name="play" size={size === 'card' ? 20 : 12} />
        </span>
      </span>
    );
  return (
    <span className={`media-thumb media-thumb-doc ${size}`}>
      <MediaIcon name="file" size={size === 'card' ? 30 : 16} />
      <span className="media-ext">{file.extension.toUpperCase()}</span>
    </span>
  );
}

export function resolutionText(file: LibraryFile): string {
  return file.resolution ? `${file.resolution.width} × ${file.resolution.height}` : '—';
}

interface ViewProps {
  state: MediaState;
  /** Opens the file (preview on the page; in the picker, a click selects). */
  onOpen(file: LibraryFile): void;
  pickerMode: boolean;
  /** Checkboxes for picking or for bulk changes; a page a role may only read has neither. */
  selectable: boolean;
}

function SelectBox({ state, file }: { state: MediaState; file: LibraryFile }) {
  useSignals();
  const checked = state.selectedIds.value.includes(file.id);
  return (
    <input
      type="checkbox"
      className="media-check"
      checked={checked}
      onChange={() => state.toggle(file)}
      onClick={(e) => e.stopPropagation()}
      aria-label={t('media.select', { name: file.name })}
    />
  );
}

export function FileGrid({ state, onOpen, pickerMode, selectable }: ViewProps) {
  useSignals();
  const selected = state.selectedIds.value;
  return (
    <ul className="media-grid">
      {state.files.value.map((file) => {
        const isSelected = selected.includes(file.id);
        return (
          <li key={file.id} className={`media-card ${isSelected ? 'selected' : ''}`} data-file-id={file.id}>
            {selectable ? <SelectBox state={state} file={file} /> : null}
            <button
              type="button"
              className="media-card-open"
              onClick={() => (pickerMode ? state.toggle(file) : onOpen(file))}
              aria-pressed={pickerMode ? isSelected : undefined}
              title={file.name}
            >
              <Thumbnail file={file} size="card" />
              <span className="media-card-name">{file.name}</span>
              <span className="media-card-meta muted">
                {formatFileSize(file.size)}
                {file.resolution ? ` · ${resolutionText(file)}` : ''}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export function FileList({ state, onOpen, pickerMode, selectable }: ViewProps) {
  useSignals();
  const files = state.files.value;
  const selected = state.selectedIds.value;
  const unlimited = state.selectionLimit === null;
  const allSelected = files.length > 0 && files.every((f) => selected.includes(f.id));
  return (
    <div className="media-table-wrap">
      <table className="media-table">
        <thead>
          <tr>
            <th className="media-col-check">
              {unlimited && selectable ? (
                <input
                  type="checkbox"
                  className="media-check"
                  checked={allSelected}
                  aria-label={t('media.selectAll')}
                  onChange={() => {
                    for (const f of files) if (selected.includes(f.id) === allSelected) state.toggle(f);
                  }}
                />
              ) : null}
            </th>
            <th>{t('media.columns.name')}</th>
            <th>{t('media.columns.type')}</th>
            <th className="num">{t('media.columns.size')}</th>
            <th>{t('media.columns.resolution')}</th>
            <th>{t('media.columns.created')}</th>
            <th>{t('media.columns.createdBy')}</th>
          </tr>
        </thead>
        <tbody>
          {files.map((file) => (
            <tr key={file.id} className={selected.includes(file.id) ? 'selected' : ''} data-file-id={file.id}>
              <td className="media-col-check">
                {selectable ? <SelectBox state={state} file={file} /> : null}
              </td>
              <td>
                <button
                  type="button"
                  className="media-row-open"
                  onClick={() => (pickerMode ? state.toggle(file) : onOpen(file))}
                  title={file.name}
                >
                  <Thumbnail file={file} size="row" />
                  <span className="media-row-name">{file.name}</span>
                </button>
              </td>
              <td>{file.extension.toUpperCase()}</td>
              <td className="num">{formatFileSize(file.size)}</td>
              <td>{resolutionText(file)}</td>
              <td>{formatDateTime(file.created)}</td>
              <td>{file.createdBy ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
