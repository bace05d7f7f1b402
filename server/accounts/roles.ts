// The roles a new workspace starts with. Level 1 is full access (spec 6); level 3 sees the
// unread count of other agents added to its own.
export const DEFAULT_ROLES = [
  { name: 'Owner', level: 1 },
  { name: 'Admin', level: 2 },
  { name: 'Supervisor', level: 3 },
  { name: 'Agent', level: 4 },
] as const;

export const FULL_ACCESS_LEVEL = 1;
