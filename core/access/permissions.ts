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

/** The entry a role has for a verified or other contact, if any. */
export function entryOf(
  permission: Partial<Permissions> | null | undefined,
  roleId: string,
  isVerified: boolean,
): PermissionEntry | undefined {
  return entriesFor(permission, permissionKey(isVerified)).find((e) => e?.role_id === roleId);
}

export function canView(
  permission: Partial<Permissions> | null | undefined,
  viewer: Viewer | null | undefined,
  isVerified: boolean,
): boolean {
  if (!viewer) return false;
  if (viewer.level === FULL_ACCESS_LEVEL) return true;
  const entry = entryOf(permission, viewer.role_id, isVerified);
  return entry !== undefined && entry.action_type !== HIDDEN_ACTION_TYPE;
}
