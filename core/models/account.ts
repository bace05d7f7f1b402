// Accounts side of spec 3 "Other entities": roles, permission entries, users, queues (chat
// groups), settings tags and intents.
import {
  array,
  boolean,
  defaulted,
  enums,
  type Infer,
  integer,
  min,
  nullable,
  number,
  optional,
  string,
  type,
} from 'superstruct';

/** Level 1 means full access (spec 6). */
export const FULL_ACCESS_LEVEL = 1;
/** At this level the unread badge adds other agents' unread count (spec 6). */
export const SUPERVISOR_UNREAD_LEVEL = 3;
/** action_type 3 hides what the entry is about (spec 3, 6). */
export const HIDDEN_ACTION_TYPE = 3;

export const Role = type({ _id: string(), level: min(integer(), 1), name: optional(string()) });
export type Role = Infer<typeof Role>;

export const PermissionEntry = type({ role_id: string(), action_type: number() });
export type PermissionEntry = Infer<typeof PermissionEntry>;

/** Permissions are kept separately for verified and default contacts (spec 6). */
export const PERMISSION_KEYS = ['verify', 'default'] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];
export const Permissions = type({
  verify: defaulted(array(PermissionEntry), () => []),
  default: defaulted(array(PermissionEntry), () => []),
});
export type Permissions = Infer<typeof Permissions>;

export const User = type({
  _id: optional(string()),
  display_name: string(),
  first_name: defaulted(string(), ''),
  last_name: defaulted(string(), ''),
  phone: defaulted(string(), ''),
  email: string(),
  role: optional(nullable(Role)),
  role_permissions: defaulted(array(string()), () => []),
});
export type User = Infer<typeof User>;

/** Queue visibility: open to every agent, or only to agents whose queue_permission lists it. */
export const QUEUE_VISIBILITIES = ['everyone', 'selected'] as const;
export type QueueVisibility = (typeof QUEUE_VISIBILITIES)[number];

export const QUEUE_ASSIGNED_TYPES = ['manual', 'round_robin', 'least_busy'] as const;
export type QueueAssignedType = (typeof QUEUE_ASSIGNED_TYPES)[number];

/** A chat group (spec 3). `visibility` decides who sees its chats (spec 4, 6). */
export const Queue = type({
  _id: optional(string()),
  name: string(),
  assigned_type: defaulted(enums(QUEUE_ASSIGNED_TYPES), 'manual'),
  assigned_agents: defaulted(array(string()), () => []),
  visibility: defaulted(enums(QUEUE_VISIBILITIES), 'everyone'),
});
export type Queue = Infer<typeof Queue>;

export const TAG_STATUSES = ['active', 'inactive'] as const;
/** A tag as the settings page lists it: name, number of usage, status (spec 2, 3). */
export const SettingsTag = type({
  _id: optional(string()),
  name: string(),
  number_of_usage: defaulted(number(), 0),
  status: defaulted(enums(TAG_STATUSES), 'active'),
});
export type SettingsTag = Infer<typeof SettingsTag>;

export const Intent = type({
  _id: optional(string()),
  name: string(),
  is_active: defaulted(boolean(), true),
  training_phrases: defaulted(array(string()), () => []),
});
export type Intent = Infer<typeof Intent>;
