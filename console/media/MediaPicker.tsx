// The media picker: a modal over any screen (chat composer, template editor, rich menu,
// broadcast) to choose files from the library or upload new ones, then hand them back.
//
//   <MediaPicker accept="image" limit={1} onPick={(files) => …} onClose={() => …} />
//
// accept: which kind of file may be chosen and uploaded; limit: 1 picks one (a new pick replaces
// it), N at most N, none unlimited (spec 5); rules: extra upload rules (a rich menu's 1 MB and
// 2500x1686 / 2500x843, say). `onPick` gets the spec 3 file objects, with `url` absolute.
import { useSignals } from '@preact/signals-react/runtime';
import { useMemo } from 'react';
import type { UploadRules } from '../../core/upload/checkFiles';
import { t } from '../app/i18n';
import type { LibraryFile } from './calls';
import { MediaLibrary } from './MediaLibrary';
import { Modal } from './Modal';
import { type Accept, createMediaState } from './state';
import './media.css';

export type { LibraryFile } from './calls';

export interface MediaPickerProps {
  accept?: Accept;
  /** 1: a single file; a number: at most that many; undefined: unlimited. */
  limit?: number;
  rules?: UploadRules;
  title?: string;
  onPick(files: LibraryFile[]): void;
  onClose(): void;
}

export function MediaPicker({ accept = 'any', limit, rules, title, onPick, onClose }: MediaPickerProps) {
  useSignals();
  // Picks from several folders are kept; the footer says how many are not in the list on screen.
  const state = useMemo(() => createMediaState({ accept, limit, keepAcrossFolders: true }), [accept, limit]);
  const count = state.selected.value.length;
  const elsewhere = state.selectedElsewhere.value.length;
  const hint =
    limit === 1 ? t('media.pickOne') : limit ? t('media.pickUpTo', { max: limit }) : t('media.pickAny');
  return (
    <Modal
      title={title ?? t('media.picker')}
      onClose={onClose}
      className="media-picker"
      footer={
        <>
          <span className="muted media-pick-hint">
            {hint} · {t('media.selected', { count })}
            {elsewhere > 0 ? (
              <span className="media-pick-elsewhere" data-testid="media-pick-elsewhere">
                {' '}
                ({t('media.selectedElsewhere', { count: elsewhere })})
              </span>
            ) : null}
          </span>
          <span className="media-spacer" />
          <button type="button" className="media-button" onClick={onClose}>
            {t('media.cancel')}
          </button>
          <button
            type="button"
            className="media-button primary"
            disabled={count === 0}
            onClick={() => onPick(state.selected.value)}
          >
            {t('media.use')}
          </button>
        </>
      }
    >
      <MediaLibrary state={state} mode="picker" rules={rules} />
    </Modal>
  );
}

export default MediaPicker;
