// Whether a role may see something that carries permission entries (spec 3, 6): level 1 sees all;
// any other role needs an entry with its role_id, and an entry with action_type 3 hides it.
// Entries are kept separately for verified ('verify') and other ('default') contacts.
import {
  FULL_ACCESS_LEVEL,
  HIDDEN_ACTION_TYPE,
  type PermissionEntry,
  type PermissionKey,
  type Permissions,
} from '../models/account';

export interface Viewer {
  role_id: string;
  level: number;
}

export function permissionKey(isVerified: unknown): PermissionKey {
  return isVerified === true ? 'verify' : 'default';
}

export function entriesFor(
  permission: Partial<Permissions> | null | undefined,
  key: PermissionKey,
): PermissionEntry[] {
  const list = permission?.[key];
  return Array.isArray(list) ? list : [];
}

export function canView(
  permission: Partial<Permissions> | null | undefined,
  viewer: Viewer | null | undefined,
  isVerified: boolean,
): boolean {
  if (!viewer) return false;
  if (viewer.level === FULL_ACCESS_LEVEL) return true;
  const entry = entriesFor(permission, permissionKey(isVerified)).find((e) => e?.role_id === viewer.role_id);
  return entry !== undefined && entry.action_type !== HIDDEN_ACTION_TYPE;
}
