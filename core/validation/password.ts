// Password policy (spec 5): at least 10 characters with an upper-case letter, a lower-case letter,
// a digit and one of @ $ ! % * ? & _. While typing, only letters, digits and @ $ ! % * ? & are kept.

export const PASSWORD_MIN_LENGTH = 10;
const SPECIALS = '@$!%*?&_';

export type PasswordProblem = 'required' | 'too_short' | 'no_upper' | 'no_lower' | 'no_digit' | 'no_special';

export function passwordProblems(value: unknown): PasswordProblem[] {
  if (typeof value !== 'string' || value.length === 0) return ['required'];
  const problems: PasswordProblem[] = [];
  if (value.length < PASSWORD_MIN_LENGTH) problems.push('too_short');
  if (!/[A-Z]/.test(value)) problems.push('no_upper');
  if (!/[a-z]/.test(value)) problems.push('no_lower');
  if (!/[0-9]/.test(value)) problems.push('no_digit');
  if (![...SPECIALS].some((c) => value.includes(c))) problems.push('no_special');
  return problems;
}

export function isStrongPassword(value: unknown): boolean {
  return passwordProblems(value).length === 0;
}

/** The typing filter of spec 5: drops every character a password field does not accept as typed. */
export function filterPasswordInput(value: string): string {
  return value.replace(/[^A-Za-z0-9@$!%*?&]/g, '');
}
