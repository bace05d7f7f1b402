// What a permission entry allows on a contact's tag or field (spec 3, 6). Spec 6 fixes only
// action_type 3 (hidden); we number the others: 1 view and change, 2 view only.
import { FULL_ACCESS_LEVEL, HIDDEN_ACTION_TYPE, type Permissions } from '../models/account';
import { canView, entryOf, type Viewer } from './permissions';

export const EDIT_ACTION_TYPE = 1;
export const VIEW_ACTION_TYPE = 2;
export { HIDDEN_ACTION_TYPE };

export const ACTION_TYPES = [EDIT_ACTION_TYPE, VIEW_ACTION_TYPE, HIDDEN_ACTION_TYPE] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Whether the viewer may change the value (a field) or add and remove it (a tag). */
export function canEdit(
  permission: Partial<Permissions> | null | undefined,
  viewer: Viewer | null | undefined,
  isVerified: boolean,
): boolean {
  if (!viewer) return false;
  if (viewer.level === FULL_ACCESS_LEVEL) return true;
  const entry = entryOf(permission, viewer.role_id, isVerified);
  return entry?.action_type === EDIT_ACTION_TYPE;
}

/** The action type a role has on a tag or field, for the permission editor (none listed: hidden). */
export function actionTypeOf(
  permission: Partial<Permissions> | null | undefined,
  roleId: string,
  isVerified: boolean,
): ActionType {
  const entry = entryOf(permission, roleId, isVerified);
  const type = entry?.action_type;
  return type === EDIT_ACTION_TYPE || type === VIEW_ACTION_TYPE ? type : HIDDEN_ACTION_TYPE;
}

/** Entries giving every listed role the same action type for verified and default contacts. */
export function permissionForAll(
  roleIds: readonly string[],
  actionType: ActionType = EDIT_ACTION_TYPE,
): Permissions {
  const entries = roleIds.map((role_id) => ({ role_id, action_type: actionType }));
  return { verify: entries, default: entries.map((e) => ({ ...e })) };
}

/** Whether a tag or field is visible to the viewer for a contact that is verified or not. */
export { canView };
