// The one modal frame of the console (spec 5 "Dialogs"): focus moves in and comes back on
// close; Escape, the backdrop and × close. Each feature keeps its own look through `skin`, the
// prefix of its class names (`st-modal`, `tpl-dialog`, `dialog`, `report-dialog`); the
// `ui-dialog` classes carry what all of them share (./dialog.css). Below it, the settings-look
// dialogs most screens use: Modal, the Yes/No Confirm and "Unable to save data".
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { t } from '../app/i18n';
import './dialog.css';

export type DialogSkin = 'st-modal' | 'tpl-dialog' | 'dialog' | 'report-dialog';

export function DialogFrame({
  skin,
  modifier,
  title,
  closeLabel,
  closeClass,
  focus,
  onClose,
  children,
  footer,
}: {
  skin: DialogSkin;
  /** Extra class of the box, e.g. its size. */
  modifier?: string;
  title: string;
  closeLabel: string;
  /** The class of the × button. */
  closeClass: string;
  /** What takes focus on opening; by default `[data-autofocus]`, else the first field or footer button. */
  focus?: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const focusFirst = useRef(focus);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const box = ref.current;
    const first = focusFirst.current
      ? box?.querySelector<HTMLElement>(focusFirst.current)
      : (box?.querySelector<HTMLElement>('[data-autofocus]') ??
        box?.querySelector<HTMLElement>(`input, select, textarea, .${skin}-foot button`));
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [skin]);
  return (
    <div className={`ui-dialog-layer ${skin}-layer`}>
      <button
        type="button"
        className={`ui-dialog-backdrop ${skin}-backdrop`}
        aria-label={closeLabel}
        tabIndex={-1}
        onClick={onClose}
      />
      <div
        className={modifier ? `ui-dialog ${skin} ${modifier}` : `ui-dialog ${skin}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        ref={ref}
      >
        <header className={`ui-dialog-head ${skin}-head`}>
          <h2 id={id}>{title}</h2>
          <button type="button" className={closeClass} aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        </header>
        <div className={`ui-dialog-body ${skin}-body`}>{children}</div>
        {footer ? <footer className={`ui-dialog-foot ${skin}-foot`}>{footer}</footer> : null}
      </div>
    </div>
  );
}

export function Modal({
  title,
  onClose,
  children,
  footer,
  size = 'normal',
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'small' | 'normal' | 'wide';
}) {
  return (
    <DialogFrame
      skin="st-modal"
      modifier={size}
      title={title}
      closeLabel={t('settings.common.close')}
      closeClass="st-icon-button"
      onClose={onClose}
      footer={footer}
    >
      {children}
    </DialogFrame>
  );
}

/** Spec 5: delete and edit ask Yes / No. Escape is No. */
export function Confirm({
  title,
  text,
  onYes,
  onNo,
  danger = false,
  safe = danger,
  children,
}: {
  title: string;
  text: string;
  onYes: () => void;
  onNo: () => void;
  danger?: boolean;
  /** No is the safe answer and takes focus, so a stray Enter loses nothing (a delete, leaving). */
  safe?: boolean;
  children?: ReactNode;
}) {
  return (
    <Modal
      title={title}
      onClose={onNo}
      size="small"
      footer={
        <>
          <button type="button" className="st-button" onClick={onNo} data-autofocus={safe || undefined}>
            {t('settings.common.no')}
          </button>
          <button
            type="button"
            className={`st-button ${danger ? 'danger' : 'primary'}`}
            onClick={onYes}
            data-autofocus={!safe || undefined}
          >
            {t('settings.common.yes')}
          </button>
        </>
      }
    >
      <p className="st-confirm-text">{text}</p>
      {children}
    </Modal>
  );
}

/** The Yes / No before an edit is saved: "Save?" in the settings look. */
export function ConfirmSave({ onYes, onNo }: { onYes: () => void; onNo: () => void }) {
  return (
    <Confirm
      title={t('settings.common.saveTitle')}
      text={t('settings.common.saveConfirm')}
      onYes={onYes}
      onNo={onNo}
    />
  );
}

/** Spec 5: 'Unable to save data' / 'Please make sure all required fields are filled out correctly.' */
export function UnableToSave({ onClose, detail }: { onClose: () => void; detail?: string }) {
  return (
    <Modal
      title={t('settings.common.unableTitle')}
      onClose={onClose}
      size="small"
      footer={
        <button type="button" className="st-button primary" onClick={onClose} data-autofocus>
          {t('settings.common.close')}
        </button>
      }
    >
      <p className="st-confirm-text">{detail ?? t('settings.common.unableText')}</p>
    </Modal>
  );
}
