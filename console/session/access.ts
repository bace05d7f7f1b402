// What the signed-in member may do in the selected account (core/access/areas.ts), for hiding
// menu items, pages and buttons the server would refuse anyway.
import { computed } from '@preact/signals-react';
import { type Action, type Area, type AreaPermissions, can, canOpenRoute } from '../../core/access/areas';
import { currentAccount } from './state';

export const currentRole = computed(() => {
  const role = currentAccount.value?.role;
  return role
    ? { level: role.level, permissions: (role.permissions ?? null) as Partial<AreaPermissions> | null }
    : null;
});

export function canDo(area: Area, action: Action): boolean {
  return can(currentRole.value, area, action);
}

export function canOpen(routeName: string): boolean {
  return canOpenRoute(currentRole.value, routeName);
}
