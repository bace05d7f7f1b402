// A modal dialog of the live chat screen: the shared frame in the live look.
import type { ReactNode } from 'react';
import { t } from '../app/i18n';
import { DialogFrame } from '../ui/Dialog';

export function Dialog({
  title,
  onClose,
  children,
  footer,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <DialogFrame
      skin="dialog"
      title={title}
      closeLabel={t('live.close')}
      closeClass="icon-button dialog-x"
      focus="input, select, textarea, button:not(.dialog-x)"
      onClose={onClose}
      footer={footer}
    >
      {children}
    </DialogFrame>
  );
}
