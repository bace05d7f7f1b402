// The contact list's calls (docs/api.md "Contacts").
import type { Permissions } from '../../core/models/account';
import type { ContactDetailType } from '../../core/models/contact';
import { api, downloadName, saveFile, sessionFetch } from '../session/api';

export interface ContactTagView {
  _id: string;
  name: string;
  editable: boolean;
  verify_tag_api: boolean;
}

export interface ContactFieldView {
  key: string;
  label: string;
  type: ContactDetailType;
  value: unknown;
  hidden: boolean;
  editable: boolean;
}

export interface ContactView {
  _id: string;
  display_name: string;
  line_name: string;
  line_nickname: string | null;
  line_image: string | null;
  channel_type: string;
  channel: { _id: string; name: string; type: string } | null;
  follower_type: 'room' | 'group' | 'other';
  social_id: string;
  verify: { is_verify: boolean; verify_type: string | null; verified_at: string | null };
  tags: ContactTagView[];
  api_tags: ContactTagView[];
  contact_detail: ContactFieldView[];
  created_at: string;
  last_message_at: string | null;
}

export interface FieldDef {
  _id: string;
  key: string;
  label: string;
  type: ContactDetailType;
  permission: Permissions;
}

export interface Masterdata {
  channels: { _id: string; name: string; type: string }[];
  tags: { _id: string; name: string; is_active: boolean }[];
  fields: { _id: string; key: string; label: string; type: ContactDetailType }[];
  can_write: boolean;
}

export interface ListQuery {
  search?: string;
  channel_type?: string;
  tag_id?: string;
  verified?: string;
  sort?: string;
  order?: string;
  cursor?: string;
  limit?: number;
}

const clean = (q: ListQuery) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));

export const listContacts = (q: ListQuery) =>
  api<{ list: ContactView[]; next_cursor: string | null; total_count: number | null }>('/api/contact/list', {
    query: clean(q),
  });
export const getMasterdata = () => api<Masterdata>('/api/contact/masterdata');
export const getContact = (id: string) =>
  api<{ contact: ContactView }>(`/api/contact/${encodeURIComponent(id)}`);
export const createContact = (body: Record<string, unknown>) =>
  api<{ contact: ContactView }>('/api/contact/create', { method: 'POST', body });
export const updateContact = (body: Record<string, unknown>) =>
  api<{ contact: ContactView }>('/api/contact/update', { method: 'POST', body });
export const mergeContacts = (primaryId: string, secondaryId: string) =>
  api<{ contact: ContactView; removed_id: string }>('/api/contact/merge', {
    method: 'POST',
    body: { primary_id: primaryId, secondary_id: secondaryId },
  });

export const getFields = () => api<{ list: FieldDef[] }>('/api/contact/fields');
export const createField = (body: Partial<FieldDef>) =>
  api<{ field: FieldDef }>('/api/contact/fields', { method: 'POST', body });
export const updateField = (id: string, body: Partial<FieldDef>) =>
  api<{ field: FieldDef }>(`/api/contact/fields/${encodeURIComponent(id)}`, { method: 'PUT', body });
export const deleteField = (id: string) =>
  api(`/api/contact/fields/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Downloads the export as a file (the call needs the bearer token, so no plain link). */
export async function downloadExport(format: 'csv' | 'xlsx', q: ListQuery): Promise<void> {
  const params = new URLSearchParams({ ...(clean(q) as Record<string, string>), format });
  const res = await sessionFetch(`/api/contact/export?${params}`);
  if (!res.ok) throw new Error(`export failed: ${res.status}`);
  saveFile(await res.blob(), downloadName(res, `contacts.${format}`));
}

export interface ImportReport {
  total: number;
  created: number;
  updated: number;
  failed: number;
  errors: { row: number; field?: string; message: string }[];
  skipped_fields: string[];
}

export async function importFile(file: File, channelId: string): Promise<ImportReport> {
  const form = new FormData();
  form.append('channel_id', channelId);
  form.append('file', file);
  const res = await sessionFetch('/api/contact/import', { method: 'POST', body: form });
  const body = await res.json().catch(() => ({ message: res.statusText }));
  if (!res.ok) throw Object.assign(new Error(body.message ?? 'import failed'), { status: res.status });
  return body as ImportReport;
}
