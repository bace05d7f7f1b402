// What the signed-in member may do in the selected account (core/access/areas.ts), for hiding
// menu items, pages and buttons the server would refuse anyway.
import { computed } from '@preact/signals-react';
import {
  type Action,
  type Area,
  type AreaPermissions,
  can,
  canOpenRoute,
  grantedBeyondDefault,
  ROUTE_AREAS,
} from '../../core/access/areas';
import { ROUTES, type RouteDef } from '../../core/routes';
import { chatOnly, currentAccount } from './state';

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

/**
 * Whether the menus list a route for the member: only what the role may open. The chat-only menu
 * (spec 2, agents) lists its own routes plus those of areas the role was granted beyond an
 * agent's defaults (reports, say), so a grant is reached from the menu; the rest stays hidden.
 */
export function inMenu(route: RouteDef): boolean {
  if (!canOpen(route.name)) return false;
  if (!chatOnly.value || route.chatMenu) return true;
  const need = ROUTE_AREAS[route.name];
  return Boolean(need && grantedBeyondDefault(currentRole.value, need.area));
}

/**
 * Where the console starts (after sign-in, and the brand link): the dashboard, or the chat for
 * the chat-only menu (spec 2); a role that may not open it starts on the first page of its menu
 * it may open, never on a "no access" page. With nothing at all, the profile.
 */
export const homePath = computed(() => {
  const menu = chatOnly.value
    ? ROUTES.filter((r) => r.chatMenu)
    : ROUTES.filter((r) => r.menu === 'main' || r.menu === 'report' || r.menu === 'settings');
  return menu.find((r) => canOpenRoute(currentRole.value, r.name))?.path ?? '/profile';
});
