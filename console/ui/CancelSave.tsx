// Cancel / Save under a dialog: a plain button and a primary one, by default in the template look
// with the automation texts (automation, rich menu, location editors).
import { t } from '../app/i18n';

export function CancelSave({
  onCancel,
  onSave,
  saveTestId,
  busy,
  cancelLabel = t('automation.cancel'),
  saveLabel = t('automation.save'),
  buttonClass = 'tpl-button',
}: {
  onCancel: () => void;
  onSave: () => unknown;
  saveTestId?: string;
  /** Disables Save (a save under way, or nothing to save yet). */
  busy?: boolean;
  cancelLabel?: string;
  saveLabel?: string;
  /** `tpl-button` (templates look) or `action-button` (live look). */
  buttonClass?: 'tpl-button' | 'action-button';
}) {
  return (
    <>
      <button type="button" className={buttonClass} onClick={onCancel}>
        {cancelLabel}
      </button>
      <button
        type="button"
        className={`${buttonClass} primary`}
        disabled={busy}
        onClick={() => void onSave()}
        data-testid={saveTestId}
      >
        {saveLabel}
      </button>
    </>
  );
}
