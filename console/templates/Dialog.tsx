// Modal dialogs of the template screens: a frame, a Yes/No confirm and a one-button alert (spec 5
// "Dialogs"). Focus moves in and comes back; Escape and the backdrop close.
import type { ReactNode } from 'react';
import { t } from '../app/i18n';
import { DialogFrame } from '../ui/Dialog';

export function Dialog({
  title,
  onClose,
  children,
  footer,
  wide = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <DialogFrame
      skin="tpl-dialog"
      modifier={wide ? 'wide' : undefined}
      title={title}
      closeLabel={t('templates.close')}
      closeClass="tpl-icon-button"
      onClose={onClose}
      footer={footer}
    >
      {children}
    </DialogFrame>
  );
}

/** Spec 5: delete and edit ask Yes / No. Escape is No. */
export function ConfirmDialog({
  title,
  text,
  onYes,
  onNo,
  danger = false,
  safe = danger,
  detail,
}: {
  title: string;
  text: string;
  onYes: () => void;
  onNo: () => void;
  danger?: boolean;
  /** No is the safe answer and takes focus, so a stray Enter loses nothing (a delete, leaving). */
  safe?: boolean;
  /** A line under the question, e.g. what else uses the thing being deleted. */
  detail?: ReactNode;
}) {
  return (
    <Dialog
      title={title}
      onClose={onNo}
      footer={
        <>
          <button type="button" className="tpl-button" data-autofocus={safe || undefined} onClick={onNo}>
            {t('templates.no')}
          </button>
          <button
            type="button"
            className={`tpl-button ${danger ? 'danger' : 'primary'}`}
            data-autofocus={!safe || undefined}
            onClick={onYes}
          >
            {t('templates.yes')}
          </button>
        </>
      }
    >
      <p>{text}</p>
      {detail ? (
        <p className="tpl-confirm-detail" data-testid="confirm-detail">
          {detail}
        </p>
      ) : null}
    </Dialog>
  );
}

export function AlertDialog({ title, text, onClose }: { title: string; text: string; onClose: () => void }) {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <button type="button" className="tpl-button primary" data-autofocus onClick={onClose}>
          {t('templates.close')}
        </button>
      }
    >
      <p>{text}</p>
    </Dialog>
  );
}
