// The roles every workspace starts with, and how a role's name is shown. A built-in role's name is
// stored in English (the API answers it as stored); the console shows it in the user's language.
// A role an admin made, or a built-in one renamed, shows as typed.

export const BUILT_IN_ROLES = [
  { key: 'owner', name: 'Owner', level: 1 },
  { key: 'admin', name: 'Admin', level: 2 },
  { key: 'supervisor', name: 'Supervisor', level: 3 },
  { key: 'agent', name: 'Agent', level: 4 },
] as const;

/** The locale key of a built-in role's name, or null for a custom (or renamed) role. */
export function builtInRoleKey(role: { name: string; level: number }): string | null {
  const found = BUILT_IN_ROLES.find((r) => r.name === role.name && r.level === role.level);
  return found ? `settings.roles.builtIn.${found.key}` : null;
}

/** A role's name as shown: a built-in role's in the user's language, a custom one as typed. */
export function roleLabel(role: { name: string; level?: number | null }, t: (key: string) => string): string {
  const key = typeof role.level === 'number' ? builtInRoleKey({ name: role.name, level: role.level }) : null;
  return key ? t(key) : role.name;
}
