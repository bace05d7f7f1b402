// What a role may do, area by area (spec 6 leaves "which roles exist and what they may do" to us).
// Every role has a level (1 owner … 4 agent) and an access per area: none, read or write (write
// includes read). Level 1 is full access and cannot be narrowed. The server enforces these with
// `requireArea` (server/accounts/permissions.ts); the console hides what the server would refuse.
import { FULL_ACCESS_LEVEL } from '../models/account';

export const AREAS = [
  'chat',
  'all_queues',
  'contacts',
  'broadcast',
  'templates',
  'automation',
  'media',
  'reports',
  'monitoring',
  'settings',
  'users',
] as const;
export type Area = (typeof AREAS)[number];

export const ACCESS_LEVELS = ['none', 'read', 'write'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];
export type Action = 'read' | 'write';

export type AreaPermissions = Record<Area, Access>;

/** Areas where only "none" and "read" mean something (seeing, never changing). */
export const READ_ONLY_AREAS: readonly Area[] = ['all_queues', 'reports', 'monitoring'];

/** The choices the role editor offers for an area. */
export function accessChoices(area: Area): readonly Access[] {
  return READ_ONLY_AREAS.includes(area) ? ['none', 'read'] : ACCESS_LEVELS;
}

export { FULL_ACCESS_LEVEL };
export const MAX_ROLE_LEVEL = 4;

const all = (access: Access): AreaPermissions =>
  Object.fromEntries(
    AREAS.map((a) => [a, READ_ONLY_AREAS.includes(a) && access === 'write' ? 'read' : access]),
  ) as AreaPermissions;

/**
 * What a role starts with, by level. Owner: everything. Admin: everything but other members'
 * 'selected' queues. Supervisor: runs the team's work, reads reports, settings and the team.
 * Agent: chats and keeps contacts, uses templates and media, nothing else. An owner grants
 * 'all_queues' to make, say, a supervisor who sees every queue.
 */
export function defaultPermissions(level: number): AreaPermissions {
  // Seeing 'selected' queues one is not a member of is granted, never a default below level 1
  // (docs/chat-api.md: level 1 sees every queue, others per queue_members).
  if (level <= 1) return all('write');
  if (level === 2) return { ...all('write'), all_queues: 'none' };
  if (level === 3)
    return {
      chat: 'write',
      all_queues: 'none',
      contacts: 'write',
      broadcast: 'write',
      templates: 'write',
      automation: 'write',
      media: 'write',
      reports: 'read',
      monitoring: 'read',
      settings: 'read',
      users: 'read',
    };
  return {
    chat: 'write',
    all_queues: 'none',
    contacts: 'write',
    broadcast: 'none',
    templates: 'read',
    automation: 'none',
    media: 'read',
    reports: 'none',
    monitoring: 'none',
    settings: 'none',
    users: 'none',
  };
}

/** Stored permissions over the level's defaults; unknown areas and values are dropped. */
export function resolvePermissions(level: number, stored: unknown): AreaPermissions {
  if (level <= FULL_ACCESS_LEVEL) return all('write');
  const base = defaultPermissions(level);
  if (!stored || typeof stored !== 'object') return base;
  const out = { ...base };
  for (const area of AREAS) {
    const value = (stored as Record<string, unknown>)[area];
    if (typeof value === 'string' && accessChoices(area).includes(value as Access))
      out[area] = value as Access;
  }
  return out;
}

export interface RoleAccess {
  level: number;
  permissions?: Partial<AreaPermissions> | null;
}

/** Whether a role may read or write an area. Level 1 may do everything. */
export function can(role: RoleAccess | null | undefined, area: Area, action: Action): boolean {
  if (!role) return false;
  if (role.level <= FULL_ACCESS_LEVEL) return true;
  const access = resolvePermissions(role.level, role.permissions)[area];
  return action === 'read' ? access !== 'none' : access === 'write';
}

/**
 * Whether a role has more of an area than its level starts with (an owner's grant, say reports
 * for an agent). The chat-only menu (spec 2) lists such areas too, so a grant can be reached.
 */
export function grantedBeyondDefault(role: RoleAccess | null | undefined, area: Area): boolean {
  if (!role || role.level <= FULL_ACCESS_LEVEL) return false;
  const rank = (a: Access) => ACCESS_LEVELS.indexOf(a);
  return (
    rank(resolvePermissions(role.level, role.permissions)[area]) > rank(defaultPermissions(role.level)[area])
  );
}

/** Whether `actor` may give a role `wanted` (never more than the actor has themselves). */
export function withinOwnPermissions(actor: RoleAccess, wanted: AreaPermissions): boolean {
  if (actor.level <= FULL_ACCESS_LEVEL) return true;
  const rank = (a: Access) => ACCESS_LEVELS.indexOf(a);
  const own = resolvePermissions(actor.level, actor.permissions);
  return AREAS.every((area) => rank(wanted[area]) <= rank(own[area]));
}

/**
 * Who may manage whom (users and roles): level 1 anyone; others only roles and members of a
 * strictly lower rank (a higher level number), so nobody raises themselves or their peers.
 */
export function outranks(actorLevel: number, targetLevel: number): boolean {
  return actorLevel <= FULL_ACCESS_LEVEL || targetLevel > actorLevel;
}

/** Each route given as needing `action` on `area`. */
const needing = (area: Area, action: Action, routes: readonly string[]) =>
  Object.fromEntries(routes.map((route) => [route, { area, action }]));

/** Which console route needs which area (the menus hide the rest). */
export const ROUTE_AREAS: Record<string, { area: Area; action: Action }> = {
  ...needing('chat', 'read', ['live', 'unknown-chats']),
  ...needing('contacts', 'read', ['contact-list']),
  ...needing('broadcast', 'read', ['broadcast', 'broadcast-view', 'broadcast-report']),
  ...needing('broadcast', 'write', ['broadcast-create', 'broadcast-edit']),
  ...needing('templates', 'read', ['message-template', 'message-template-edit']),
  ...needing('templates', 'write', ['message-template-new']),
  ...needing('automation', 'read', [
    'keyword-mapping',
    'reply-message',
    'rich-menu',
    'rich-menu-general',
    'rich-menu-personal',
    'location',
    'setting-intent',
  ]),
  ...needing('media', 'read', ['media']),
  ...needing('reports', 'read', [
    'dashboard',
    'report-contact-growth',
    'report-agent-performance',
    'report-chat-volume',
    'report-satisfaction',
    'report-queue-performance',
    // The chat log reads GET /api/report/chat-log, a reports call.
    'log',
  ]),
  ...needing('monitoring', 'read', ['monitoring']),
  ...needing('settings', 'read', [
    'setting-general',
    'setting-tag',
    'setting-queue',
    'setting-channel',
    'setting-api',
    'setting-verification',
    'setting-chat-import',
  ]),
  ...needing('users', 'read', ['setting-users']),
};

/** Whether the role may open a console route (routes not listed are open to every member). */
export function canOpenRoute(role: RoleAccess | null | undefined, routeName: string): boolean {
  const need = ROUTE_AREAS[routeName];
  return !need || can(role, need.area, need.action);
}
