// The media library's small dialogs: confirm (Yes / No), the spec 8 warning, a name prompt and
// the folder chooser for moving files.

import { useSignals } from '@preact/signals-react/runtime';
import { type FormEvent, useState } from 'react';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from '../../core/upload/limits';
import type { ResolutionRules } from '../../core/upload/resolution';
import { UPLOAD_WARNINGS, type UploadWarning } from '../../core/upload/warnings';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import type { FolderItem } from './calls';
import { Modal } from './Modal';
import { flattenFolders } from './state';

export function ConfirmDialog({
  title,
  message,
  onYes,
  onNo,
  busy,
}: {
  title: string;
  message: string;
  onYes: () => void;
  onNo: () => void;
  busy?: boolean;
}) {
  return (
    <Modal
      title={title}
      onClose={onNo}
      role="alertdialog"
      className="media-modal-small"
      footer={
        <>
          <button type="button" className="media-button" onClick={onNo}>
            {t('media.no')}
          </button>
          <button type="button" className="media-button danger" onClick={onYes} disabled={busy}>
            {t('media.yes')}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}

/** A spec 8 warning (possibly with more after it) or a server message in the page's language. */
export function warningText(message: string | undefined): string {
  if (!message) return t('media.uploadStates.fail');
  const known = Object.values(UPLOAD_WARNINGS).find((text) => message.startsWith(text));
  return localMessage(known ?? message);
}

/**
 * The limits line under a warning. Where a picker narrows the rules (a rich menu's one image of
 * 1 MB and exact sizes), only what applies is named: no "video 0 MB" or "at most 1 files".
 */
export function limitsText(limits: UploadLimits = DEFAULT_UPLOAD_LIMITS, resolution?: ResolutionRules) {
  const sizes = resolution?.exact ?? [];
  const narrowed =
    limits.image <= 0 ||
    limits.video <= 0 ||
    limits.document <= 0 ||
    limits.maxFiles <= 1 ||
    sizes.length > 0;
  if (!narrowed) return t('media.limits', { ...limits, max: limits.maxFiles });
  const parts = (['image', 'video', 'document'] as const)
    .filter((kind) => limits[kind] > 0)
    .map((kind) => t(`media.limitParts.${kind}`, { mb: limits[kind] }));
  if (sizes.length > 0)
    parts.push(
      t('media.limitParts.sizes', {
        sizes: sizes.map((s) => `${s.width}x${s.height}`).join(` ${t('media.limitParts.or')} `),
      }),
    );
  if (limits.maxFiles > 1) parts.push(t('media.limitParts.files', { max: limits.maxFiles }));
  return t('media.limitParts.line', { parts: parts.join(', ') });
}

/** Spec 8: "Something's wrong" with each refused file and why; the limits when files were too many or too large. */
export function WarningDialog({
  problems,
  limits,
  resolution,
  onClose,
}: {
  problems: { name: string; warning: UploadWarning }[];
  limits?: UploadLimits;
  /** Exact sizes a narrowed picker takes (a rich menu's), named in the limits line. */
  resolution?: ResolutionRules;
  onClose: () => void;
}) {
  const showLimits = problems.some(
    (p) => p.warning === UPLOAD_WARNINGS.checkAgain || p.warning === UPLOAD_WARNINGS.tooLarge,
  );
  return (
    <Modal
      title={t('media.warningTitle')}
      onClose={onClose}
      role="alertdialog"
      className="media-modal-small media-warning"
      footer={
        <button type="button" className="media-button primary" onClick={onClose}>
          {t('media.close')}
        </button>
      }
    >
      <ul className="media-problems">
        {problems.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two picked files may share a name.
          <li key={i}>
            <strong>{p.name}</strong>
            <span className="media-problem-reason">{warningText(p.warning)}</span>
          </li>
        ))}
      </ul>
      {showLimits ? <p className="muted">{limitsText(limits, resolution)}</p> : null}
    </Modal>
  );
}

export function NameDialog({
  title,
  label,
  initial,
  suffix,
  onSave,
  onClose,
}: {
  title: string;
  label: string;
  initial: string;
  suffix?: string;
  /** Resolves to an error message to show, or null when saved. */
  onSave: (name: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(t('media.required'));
      return;
    }
    setBusy(true);
    const problem = await onSave(name.trim());
    setBusy(false);
    if (problem) setError(problem);
    else onClose();
  };
  return (
    <Modal title={title} onClose={onClose} className="media-modal-small">
      <form onSubmit={submit} noValidate>
        <label className="field">
          <span>{label}</span>
          <span className="media-name-input">
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'media-name-error' : undefined}
              maxLength={200}
            />
            {suffix ? <span className="muted">{suffix}</span> : null}
          </span>
          {error ? (
            <span id="media-name-error" className="field-error" role="alert">
              {error}
            </span>
          ) : null}
        </label>
        <div className="media-modal-actions">
          <button type="button" className="media-button" onClick={onClose}>
            {t('media.cancel')}
          </button>
          <button type="submit" className="media-button primary" disabled={busy}>
            {t('media.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function MoveDialog({
  folders,
  count,
  currentId,
  onMove,
  onClose,
}: {
  folders: FolderItem[];
  count: number;
  currentId: string | null;
  onMove: (folderId: string) => Promise<void>;
  onClose: () => void;
}) {
  useSignals();
  const options = flattenFolders(folders).filter((f) => f.folder.folderId !== currentId);
  const [target, setTarget] = useState(options[0]?.folder.folderId ?? '');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      title={t('media.moveTo', { count })}
      onClose={onClose}
      className="media-modal-small"
      footer={
        <>
          <button type="button" className="media-button" onClick={onClose}>
            {t('media.cancel')}
          </button>
          <button
            type="button"
            className="media-button primary"
            disabled={!target || busy}
            onClick={async () => {
              setBusy(true);
              await onMove(target);
              setBusy(false);
            }}
          >
            {t('media.move')}
          </button>
        </>
      }
    >
      <label className="field">
        <span>{t('media.folder')}</span>
        <select className="media-select" value={target} onChange={(e) => setTarget(e.target.value)}>
          {options.map(({ folder, depth }) => (
            <option key={folder.folderId} value={folder.folderId}>
              {`${'\u00a0\u00a0'.repeat(depth)}${folderLabel(folder)}`}
            </option>
          ))}
        </select>
      </label>
    </Modal>
  );
}

export function folderLabel(folder: FolderItem): string {
  return folder.is_default ? t('media.defaultFolder') : folder.folderame;
}
