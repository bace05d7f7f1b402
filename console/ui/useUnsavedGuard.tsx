// Spec 5 for an editor dialog: closing it (Cancel, ×, Escape, the backdrop) with unsaved changes
// asks 'Leave without saving' — No, staying, has focus, so a stray Enter keeps the edits —
// and closes at once when nothing changed; saving an edit of an existing item asks 'Are you sure
// you want to save changes ?' Yes / No first. The editor renders `dialog` inside its own.
import { useRef, useState } from 'react';
import { t } from '../app/i18n';
import { ConfirmDialog } from '../templates/Dialog';
import { Confirm } from './Dialog';

export function useUnsavedGuard(
  /** What the form holds; compared with what it held on opening. */
  value: unknown,
  onClose: () => void,
  {
    look = 'template',
    covered = false,
  }: {
    /** The template look (automation, locations) or the settings look (Modal). */
    look?: 'template' | 'settings';
    /** Another dialog is open over the editor (an alert, a picker): Escape is that one's. */
    covered?: boolean;
  } = {},
) {
  const [initial] = useState(() => JSON.stringify(value));
  const [asking, setAsking] = useState<'leave' | 'save' | null>(null);
  const stored = useRef<() => unknown>(() => {});
  const dirty = JSON.stringify(value) !== initial;
  const Ask = look === 'settings' ? Confirm : ConfirmDialog;
  const dialog =
    asking === 'leave' ? (
      <Ask
        title={t('templates.leave.title')}
        text={t('templates.leave.text')}
        safe
        onNo={() => setAsking(null)}
        onYes={onClose}
      />
    ) : asking === 'save' ? (
      <Ask
        title={t('settings.common.saveTitle')}
        text={t('settings.common.saveConfirm')}
        onNo={() => setAsking(null)}
        onYes={() => {
          setAsking(null);
          void stored.current();
        }}
      />
    ) : null;
  return {
    dirty,
    /** A question of this guard is open. */
    asking: asking !== null,
    /** The editor's Cancel, ×, Escape and backdrop. */
    close: () => {
      if (asking || covered) return;
      if (dirty) setAsking('leave');
      else onClose();
    },
    /** Runs `store` after Yes when `ask` (an existing item is edited), at once otherwise. */
    confirmSave: (ask: boolean, store: () => unknown) => {
      if (!ask) return void store();
      stored.current = store;
      setAsking('save');
    },
    dialog,
  };
}
