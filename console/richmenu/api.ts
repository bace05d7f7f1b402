// The rich menu API (docs/api.md, issue 11) as the console calls it.
import type { RichMenuArea, RichMenuDraft, RichMenuKind } from '../../core/automation/richMenu';
import { api } from '../session/api';

export interface RichMenuWire extends Omit<RichMenuDraft, 'areas'> {
  _id: string;
  areas: RichMenuArea[];
  image: { url: string; name: string; size: number; width: number | null; height: number | null } | null;
  status: 'draft' | 'active' | 'inactive' | 'history';
  is_active: boolean;
  linked: { users: number; at: string } | null;
  publish_error: string | null;
  published_at: string | null;
  updated_at: string;
}

export const listMenus = (kind: RichMenuKind, tab: 'current' | 'history') =>
  api<{ list: RichMenuWire[]; channels: { _id: string; name: string }[] }>('/api/richmenu/list', {
    query: { kind, tab },
  });
export const saveMenu = (id: string | null, body: RichMenuDraft & { is_active?: boolean }) =>
  api<{ rich_menu: RichMenuWire }>(id ? `/api/richmenu/${id}` : '/api/richmenu/create', {
    method: id ? 'PUT' : 'POST',
    body,
  });
export const publishMenu = (id: string) =>
  api<{ rich_menu: RichMenuWire }>(`/api/richmenu/${id}/publish`, { method: 'POST', body: {} });
export const unpublishMenu = (id: string) =>
  api<{ rich_menu: RichMenuWire }>(`/api/richmenu/${id}/unpublish`, { method: 'POST', body: {} });
export const duplicateMenu = (id: string) =>
  api<{ rich_menu: RichMenuWire }>(`/api/richmenu/${id}/duplicate`, { method: 'POST', body: {} });
export const deleteMenu = (id: string) =>
  api<{ status: string }>(`/api/richmenu/${id}`, { method: 'DELETE' });
export const listLineFollowers = (channelId: string | null, search: string) =>
  api<{ list: { _id: string; line_name: string; is_verify: boolean }[] }>('/api/richmenu/followers', {
    query: { channel_id: channelId ?? undefined, search: search || undefined },
  });
