// A text cell that a spreadsheet would run as a formula (=, +, -, @, tab or carriage return first:
// customer names and field values are untrusted) is written with a leading apostrophe, which
// spreadsheets read as "this is text"; reading our own files back takes the apostrophe off again.

const RUNS_AS_FORMULA = /^[=+\-@\t\r]/;

export function formulaSafe<T extends string | number>(value: T): T | string {
  return typeof value === 'string' && RUNS_AS_FORMULA.test(value) ? `'${value}` : value;
}

/** The text as it was before `formulaSafe` (a cell of a file we wrote, imported again). */
export function fromFormulaSafe(text: string): string {
  return text.startsWith("'") && RUNS_AS_FORMULA.test(text.slice(1)) ? text.slice(1) : text;
}
