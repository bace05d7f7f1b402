// Spec 5 "Unable to save data" after a refused save, in the template look.
import { t } from '../app/i18n';
import { AlertDialog } from '../templates/Dialog';

export function UnableToSaveAlert({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return (
    <AlertDialog title={t('automation.unableTitle')} text={t('automation.unableText')} onClose={onClose} />
  );
}
