// What every converter returns: the message, or nothing and the reasons (spec 8: "Template
// conversion failure returns nothing").
import type { FieldError } from '../validation/rules';
import type { ApiMode } from './apiVariables';

export type ConvertResult<T> = { ok: true; message: T } | { ok: false; errors: FieldError[] };

export function failure(errors: FieldError[]): { ok: false; errors: FieldError[] } {
  return { ok: false, errors };
}

/** Collects the problems found while building a message. */
export class Problems {
  readonly errors: FieldError[] = [];
  add(field: string, message: string | null | undefined): void {
    if (message) this.errors.push({ field, message });
  }
  get empty(): boolean {
    return this.errors.length === 0;
  }
}

/**
 * Every problem of one look: the spec 5 ones, then LINE's limits for the fields they leave alone
 * (a LINE problem at or under a field with a spec problem would only say the same thing again).
 */
export function specThenLine(spec: FieldError[], line: FieldError[]): FieldError[] {
  const under = (field: string, parent: string) =>
    field === parent || field.startsWith(`${parent}.`) || field.startsWith(`${parent}[`);
  return [...spec, ...line.filter((e) => !spec.some((s) => under(e.field, s.field)))];
}

/** Runs a converter so that a throw becomes a failure instead of escaping. */
export function guarded<T>(convert: () => ConvertResult<T>): ConvertResult<T> {
  try {
    return convert();
  } catch (error) {
    return failure([{ field: '', message: error instanceof Error ? error.message : String(error) }]);
  }
}

export interface ConvertOptions {
  /** 'show' (default) previews and sends: API arrays are expanded; 'submit' is what gets saved. */
  mode?: ApiMode;
  /** API values to fill placeholders with. Given means "final": no placeholder may remain. */
  values?: unknown;
  /** The active message's name, when the form does not carry it. */
  fallbackName?: string | null;
}
