// A modal on the native <dialog> element: the browser keeps focus inside, closes on Escape and
// stacks it above everything (a confirm opened over the picker works too).
import { type ReactNode, useEffect, useId, useRef } from 'react';

export function Modal({
  title,
  onClose,
  children,
  footer,
  className,
  role = 'dialog',
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
  role?: 'dialog' | 'alertdialog';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const onCancel = (e: Event) => {
      e.preventDefault();
      closeRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog ref={ref} className={`media-modal ${className ?? ''}`} aria-labelledby={titleId} role={role}>
      <header className="media-modal-header">
        <h2 id={titleId}>{title}</h2>
      </header>
      <div className="media-modal-body">{children}</div>
      {footer ? <footer className="media-modal-footer">{footer}</footer> : null}
    </dialog>
  );
}
