// Short notifications at the top right (spec 8: 'Success' / 'save success', 'Fail' / 'save fail';
// spec 2: at most 350 px wide). They close by themselves after a few seconds.
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../app/i18n';

export interface Toast {
  id: number;
  kind: 'success' | 'error';
  title: string;
  text: string;
}

const toasts = signal<Toast[]>([]);
let nextId = 1;

export function notify(kind: Toast['kind'], title: string, text: string, ms = 4000) {
  const toast = { id: nextId++, kind, title, text };
  toasts.value = [...toasts.value, toast].slice(-3);
  setTimeout(() => dismiss(toast.id), ms);
}

function dismiss(id: number) {
  toasts.value = toasts.value.filter((x) => x.id !== id);
}

export const notifySaved = () =>
  notify('success', t('templates.notify.success'), t('templates.notify.saveSuccess'));
export const notifyFailed = (detail?: string) =>
  notify('error', t('templates.notify.fail'), detail || t('templates.notify.saveFail'), 6000);

export function Toasts() {
  useSignals();
  if (toasts.value.length === 0) return null;
  return (
    <div className="tpl-toasts">
      {toasts.value.map((toast) => (
        <div
          key={toast.id}
          className={`tpl-toast ${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <div>
            <strong>{toast.title}</strong>
            <p>{toast.text}</p>
          </div>
          <button
            type="button"
            className="tpl-icon-button"
            aria-label={t('templates.close')}
            onClick={() => dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
