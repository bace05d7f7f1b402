// The chat widget settings modal's state: the saved settings, the edited copy and the save call.
import { computed, signal } from '@preact/signals-react';
import type { FieldError } from '../../core/validation/rules';
import { validateWidgetSettings, type WidgetSettings } from '../../core/widget/settings';
import { ApiError, api } from '../session/api';

export interface WidgetSettingsAnswer {
  widget: { _id: string; name: string; account_name: string };
  settings: WidgetSettings;
  snippet: { script_url: string; page_url: string; html: string };
  can_edit: boolean;
}

export const loaded = signal<WidgetSettingsAnswer | null>(null);
export const draft = signal<WidgetSettings | null>(null);
export const loadError = signal<string | null>(null);
export const saving = signal(false);
export const saveResult = signal<'ok' | 'fail' | null>(null);
/** The server's answer to a refused save, on the field it names. */
export const serverError = signal<FieldError | null>(null);

export const errors = computed<FieldError[]>(() => (draft.value ? validateWidgetSettings(draft.value) : []));
/** The local errors and the server's: what marks a tab as having errors. */
export const shownErrors = computed<FieldError[]>(() =>
  serverError.value ? [...errors.value, serverError.value] : errors.value,
);
export const dirty = computed(
  () =>
    Boolean(draft.value && loaded.value) &&
    JSON.stringify(draft.value) !== JSON.stringify(loaded.value?.settings),
);

export function errorFor(field: string): string | null {
  if (serverError.value?.field === field) return serverError.value.message;
  return errors.value.find((e) => e.field === field)?.message ?? null;
}

export async function openSettings(widgetId: string) {
  loaded.value = null;
  draft.value = null;
  loadError.value = null;
  saveResult.value = null;
  serverError.value = null;
  try {
    const answer = await api<WidgetSettingsAnswer>('/api/widget/settings', {
      query: { widget_id: widgetId },
    });
    loaded.value = answer;
    draft.value = structuredClone(answer.settings);
  } catch (err) {
    loadError.value = err instanceof ApiError ? err.message : String(err);
  }
}

export function edit(patch: Partial<WidgetSettings>) {
  if (!draft.value) return;
  draft.value = { ...draft.value, ...patch };
  saveResult.value = null;
  serverError.value = null;
}

export async function save(): Promise<boolean> {
  const current = loaded.value;
  if (!current || !draft.value || errors.value.length > 0) return false;
  saving.value = true;
  try {
    const { settings } = await api<{ settings: WidgetSettings }>('/api/widget/settings', {
      method: 'PUT',
      body: { widget_id: current.widget._id, settings: draft.value },
    });
    loaded.value = { ...current, settings };
    draft.value = structuredClone(settings);
    saveResult.value = 'ok';
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.body.field)
      serverError.value = { field: err.body.field, message: err.body.message };
    saveResult.value = 'fail';
    return false;
  } finally {
    saving.value = false;
  }
}

export async function uploadLogo(file: File) {
  const current = loaded.value;
  if (!current) return;
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    const { logo } = await api<{ logo: string }>(
      `/api/widget/logo?widget_id=${encodeURIComponent(current.widget._id)}`,
      {
        method: 'POST',
        body: form,
      },
    );
    edit({ logo });
  } catch (err) {
    serverError.value = { field: 'logo', message: err instanceof ApiError ? err.message : String(err) };
  }
}

export function closeSettings() {
  loaded.value = null;
  draft.value = null;
}
