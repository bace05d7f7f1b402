// Small building blocks of the settings and contact screens: toasts (spec 8 Success / save
// success), a switch and an empty state that names the button creating the first item (spec 8).
// Their dialogs (Modal, Confirm, UnableToSave) are in ../ui/Dialog.
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import { ApiError } from '../session/api';
import './settings.css';

interface Toast {
  id: number;
  kind: 'success' | 'error';
  title: string;
  text: string;
}
const toasts = signal<Toast[]>([]);
let nextToast = 1;

export function notify(kind: Toast['kind'], title: string, text: string) {
  const id = nextToast++;
  toasts.value = [...toasts.value, { id, kind, title, text }];
  setTimeout(() => {
    toasts.value = toasts.value.filter((x) => x.id !== id);
  }, 4000);
}

/** Spec 8: 'Success' / 'save success' and 'Fail' / 'save fail'. */
export const saved = () => notify('success', t('settings.common.success'), t('settings.common.saveSuccess'));
export function failed(err?: unknown) {
  const detail = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.body.message : null;
  notify('error', t('settings.common.fail'), detail ? localMessage(detail) : t('settings.common.saveFail'));
}

export function Toasts() {
  useSignals();
  return (
    <div className="st-toasts" aria-live="polite">
      {toasts.value.map((x) => (
        <div key={x.id} className={`st-toast ${x.kind}`} role={x.kind === 'error' ? 'alert' : 'status'}>
          <strong>{x.title}</strong>
          <span>{x.text}</span>
        </div>
      ))}
    </div>
  );
}

export function Switch({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      className={`st-switch${checked ? ' on' : ''}`}
      disabled={disabled}
      onClick={() => onChange(!checked)}
    >
      <span className="st-switch-knob" />
    </button>
  );
}

export function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <div className="st-empty" data-testid="empty-state">
      <h2>{title}</h2>
      <p>{text}</p>
      {action}
    </div>
  );
}

/** The field's message from a 400 naming it, for showing under that field. */
export function fieldError(err: unknown): { field: string; message: string } | null {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.body.field
    ? { field: err.body.field, message: err.body.message }
    : null;
}
