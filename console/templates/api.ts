// The message-template API (docs/api.md) as the console calls it.
import type { ChannelPreviews, PreviewChannel, TemplateKind } from '../../core/template/channelPreview';
import type { FlexMessage } from '../../core/template/flexTypes';
import type { LineImagemapMessage } from '../../core/template/imagemap';
import { api } from '../session/api';

const BASE = '/api/message-template';

export interface Person {
  _id: string;
  display_name: string;
}

export interface TemplateSummary {
  _id: string;
  name: string;
  kind: TemplateKind;
  count: number;
  alt_text: string;
  created_at: string;
  updated_at: string;
  created_by: Person | null;
  updated_by: Person | null;
  /** Listed for a channel: why this template cannot be sent there ([] when it can). */
  channel_errors?: { field: string; message: string }[];
}

export interface SavedTemplate extends TemplateSummary {
  form: Record<string, unknown>;
  message: FlexMessage | LineImagemapMessage;
}

export interface TemplateBody {
  name: string;
  kind: TemplateKind;
  form: unknown;
  updated_at?: string;
}

export const listTemplates = (query: {
  search?: string;
  kind?: TemplateKind;
  skip?: number;
  limit?: number;
  channel?: PreviewChannel;
}) => api<{ list: TemplateSummary[]; total_count: number }>(`${BASE}/list`, { query });

export const getTemplate = (id: string) => api<SavedTemplate>(`${BASE}/${encodeURIComponent(id)}`);

export const createTemplate = (body: TemplateBody) =>
  api<SavedTemplate>(`${BASE}/create`, { method: 'POST', body });

export const updateTemplate = (id: string, body: TemplateBody) =>
  api<SavedTemplate>(`${BASE}/${encodeURIComponent(id)}`, { method: 'PUT', body });

export const duplicateTemplate = (id: string, name: string) =>
  api<SavedTemplate>(`${BASE}/${encodeURIComponent(id)}/duplicate`, { method: 'POST', body: { name } });

export const deleteTemplate = (id: string) =>
  api<{ deleted: number }>(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const previewTemplate = (id: string) =>
  api<{ kind: TemplateKind; channels: ChannelPreviews }>(`${BASE}/${encodeURIComponent(id)}/preview`);

export const sendTemplate = (id: string, followerId: string, tempId: string) =>
  api<{ message: { _id: string } }>(`${BASE}/${encodeURIComponent(id)}/send`, {
    method: 'POST',
    body: { followerId, tempId },
  });

export interface ChatOption {
  _id: string;
  line_name: string;
  line_image?: string | null;
  channel_type?: string;
  channel_type_info?: { _id?: string; name?: string; type?: string } | null;
}

/** Conversations the agent may see, newest first (spec 7 GET /api/chat/followers). */
export async function listChats(search: string): Promise<ChatOption[]> {
  const res = await api<{ chat_pin: { data: ChatOption[] }; chat: { data: ChatOption[] } }>(
    '/api/chat/followers',
    { query: { chat_type: 'all', limit: 50, skip: 0, ...(search.trim() ? { search: search.trim() } : {}) } },
  );
  const seen = new Set<string>();
  return [...res.chat_pin.data, ...res.chat.data].filter((f) => !seen.has(f._id) && seen.add(f._id));
}
