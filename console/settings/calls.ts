// The settings screens' calls (docs/api.md "Settings", "Users and roles", "Profile").
import type { Access, Area, AreaPermissions } from '../../core/access/areas';
import type { Permissions } from '../../core/models/account';
import type { GeneralSettingsInput } from '../../core/validation/generalSettings';
import { api } from '../session/api';
import type { Profile } from '../session/state';

export interface RoleRef {
  _id: string;
  name: string;
  level: number;
}

export interface SettingsTag {
  _id: string;
  name: string;
  number_of_usage: number;
  status: 'active' | 'inactive';
  verify_tag_api: boolean;
  permission: Permissions;
}

export interface Member {
  _id: string;
  email: string;
  display_name: string;
  first_name: string;
  last_name: string;
  phone: string;
  email_verified: boolean;
  role: RoleRef;
  status: 'active' | 'deactivated';
  is_me: boolean;
  can_edit: boolean;
}

export interface Invitation {
  _id: string;
  email: string;
  role: RoleRef;
  expires_at: string;
  expired: boolean;
  can_edit: boolean;
}

export interface RoleFull extends RoleRef {
  permissions: AreaPermissions;
  /** Members with the role in every official account of the workspace (what Delete checks). */
  member_count: number;
  /** Of those, the members in the selected account. */
  member_count_here: number;
  can_edit: boolean;
}

export interface QueueRow {
  _id: string;
  name: string;
  assign_type: 'manual' | 'round_robin' | 'least_busy';
  visibility: 'everyone' | 'selected';
  chats_per_agent: number | null;
  is_default: boolean;
  members: { _id: string; display_name: string }[];
  open_chats: number;
}

export const getTags = (search?: string) =>
  api<{ list: SettingsTag[] }>('/api/settings/tags', { query: search ? { search } : undefined });
export const createTag = (body: Partial<SettingsTag>) =>
  api<{ tag: SettingsTag }>('/api/settings/tags', { method: 'POST', body });
export const updateTag = (id: string, body: Partial<SettingsTag>) =>
  api<{ tag: SettingsTag }>(`/api/settings/tags/${encodeURIComponent(id)}`, { method: 'PUT', body });
export const deleteTag = (id: string) =>
  api<{ deleted: number }>(`/api/settings/tags/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const getRoleRefs = () => api<{ list: RoleRef[] }>('/api/contact/roles');

export const getUsers = () => api<{ list: Member[]; invitations: Invitation[] }>('/api/settings/users');
export const inviteUser = (email: string, roleId: string, lang: string) =>
  api<{ added: boolean; user: Member | null; invitation: Invitation | null; link: string | null }>(
    '/api/settings/users/invite',
    { method: 'POST', body: { email, role_id: roleId, lang } },
  );
export const newInvitationLink = (id: string, lang: string) =>
  api<{ link: string }>(`/api/settings/invitations/${encodeURIComponent(id)}/link`, {
    method: 'POST',
    body: { lang },
  });
export const cancelInvitation = (id: string) =>
  api(`/api/settings/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const updateUser = (id: string, body: Record<string, unknown>) =>
  api<{ user: Member }>(`/api/settings/users/${encodeURIComponent(id)}`, { method: 'PUT', body });
export const setUserActive = (id: string, active: boolean) =>
  api<{ user: Member }>(
    `/api/settings/users/${encodeURIComponent(id)}/${active ? 'activate' : 'deactivate'}`,
    {
      method: 'POST',
    },
  );

export const getRoles = () =>
  api<{ list: RoleFull[]; areas: { area: Area; choices: Access[] }[] }>('/api/settings/roles');
export const createRole = (body: { name: string; level: number; permissions: AreaPermissions }) =>
  api<{ role: RoleFull }>('/api/settings/roles', { method: 'POST', body });
export const updateRole = (id: string, body: { name?: string; permissions?: AreaPermissions }) =>
  api<{ role: RoleFull }>(`/api/settings/roles/${encodeURIComponent(id)}`, { method: 'PUT', body });
export const deleteRole = (id: string) =>
  api(`/api/settings/roles/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const getQueues = () =>
  api<{ list: QueueRow[]; agents: { _id: string; display_name: string; email: string }[] }>(
    '/api/settings/queues',
  );
export const saveQueue = (id: string | null, body: Record<string, unknown>) =>
  id
    ? api<{ queue: QueueRow }>(`/api/settings/queues/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : api<{ queue: QueueRow }>('/api/settings/queues', { method: 'POST', body });
export const deleteQueue = (id: string) =>
  api(`/api/settings/queues/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const getGeneral = () => api<{ settings: GeneralSettingsInput }>('/api/settings/general');
export const saveGeneral = (settings: GeneralSettingsInput) =>
  api<{ settings: GeneralSettingsInput }>('/api/settings/general', { method: 'PUT', body: settings });

export const updateProfile = (body: Record<string, string>) =>
  api<{ user: Profile }>('/api/auth/profile', { method: 'PUT', body });
export const changePassword = (current: string, next: string) =>
  api('/api/auth/password', { method: 'POST', body: { current_password: current, new_password: next } });
export const deleteOwnUser = (password: string) =>
  api('/api/auth/delete-account', { method: 'POST', body: { password } });

export const describeInvitation = (token: string) =>
  api<{
    email: string;
    account_name: string;
    role: string;
    role_level?: number;
    expires_at: string;
  }>('/api/auth/invitation', {
    query: { token },
  });
export const acceptInvitation = (body: Record<string, string>) =>
  api<{ status: string; email: string }>('/api/auth/invitation/accept', { method: 'POST', body });
