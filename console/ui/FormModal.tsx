// A settings-look form in a Modal: Cancel / Save in the footer, and Enter in a field saves too.
import type { ReactNode } from 'react';
import { t } from '../app/i18n';
import { Modal } from './Dialog';

/** The one button of a dialog with nothing (more) to save. */
export function DoneButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="st-button primary" onClick={onClick}>
      {t('settings.common.done')}
    </button>
  );
}

export function SaveCancel({
  onCancel,
  onSave,
  busy = false,
  saveLabel = t('settings.common.save'),
  done = false,
}: {
  onCancel: () => void;
  onSave: () => unknown;
  busy?: boolean;
  saveLabel?: string;
  /** The save has run and left something to read (a report, a link): only Done, which cancels. */
  done?: boolean;
}) {
  if (done) return <DoneButton onClick={onCancel} />;
  return (
    <>
      <button type="button" className="st-button" onClick={onCancel}>
        {t('settings.common.cancel')}
      </button>
      <button type="button" className="st-button primary" disabled={busy} onClick={() => void onSave()}>
        {saveLabel}
      </button>
    </>
  );
}

export function FormModal({
  title,
  onClose,
  onSave,
  busy,
  saveLabel,
  formClass = 'st-form',
  size,
  children,
}: {
  title: string;
  onClose: () => void;
  onSave: () => unknown;
  busy?: boolean;
  saveLabel?: string;
  formClass?: string;
  size?: 'small' | 'normal' | 'wide';
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      size={size}
      footer={<SaveCancel onCancel={onClose} onSave={onSave} busy={busy} saveLabel={saveLabel} />}
    >
      <form
        className={formClass}
        onSubmit={(e) => {
          e.preventDefault();
          void onSave();
        }}
      >
        {children}
      </form>
    </Modal>
  );
}
