// The message form the template editor edits (spec 3): presets, content size, items (one is a
// bubble, more a carousel) holding positioned blocks, and the API variable settings.
import {
  array,
  boolean,
  defaulted,
  enums,
  type Infer,
  lazy,
  nullable,
  number,
  optional,
  type Struct,
  type StructError,
  string,
  type,
  validate,
} from 'superstruct';
import type { FieldError } from '../validation/rules';
import { BlockStruct } from './blocks';

export const TEMPLATE_PRESETS = ['template_1', 'template_2', 'template_3', 'custom'] as const;
export type TemplatePreset = (typeof TEMPLATE_PRESETS)[number];

/** Spec 2: mega is labelled Small, giga Large. */
export const CONTENT_SIZES = ['mega', 'giga'] as const;
export type ContentSize = (typeof CONTENT_SIZES)[number];
export const CONTENT_SIZE_LABELS: Record<ContentSize, string> = { mega: 'Small', giga: 'Large' };

/** Spec 5: "At most 5 bubbles per message template". */
export const MAX_TEMPLATE_BUBBLES = 5;

export const VARIABLE_TYPES = ['string', 'number', 'boolean', 'image', 'url', 'array', 'object'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

export interface VariableOption {
  key: string;
  data_type: VariableType;
  sub: VariableOption[];
}
/** One API variable; an array or object lists its fields in `sub`. */
export const VariableOption: Struct<VariableOption> = type({
  key: string(),
  data_type: defaulted(enums(VARIABLE_TYPES), 'string'),
  sub: defaulted(array(lazy(() => VariableOption)), () => []),
}) as unknown as Struct<VariableOption>;

/** API variable settings for external APIs (spec 3), wire names kept. */
export const ApiVariableSettings = type({
  status: defaulted(boolean(), false),
  slug: defaulted(string(), ''),
  variables_option: defaulted(array(VariableOption), () => []),
});
export type ApiVariableSettings = Infer<typeof ApiVariableSettings>;

export const TemplateItem = type({
  key: optional(string()),
  contents: defaulted(array(BlockStruct), () => []),
});
export type TemplateItem = Infer<typeof TemplateItem>;

export const TemplateForm = type({
  /** The active message's name; altText falls back to it (spec 3). */
  name: optional(nullable(string())),
  altText: optional(nullable(string())),
  template: defaulted(enums(TEMPLATE_PRESETS), 'custom'),
  contentSize: defaulted(enums(CONTENT_SIZES), 'mega'),
  items: defaulted(array(TemplateItem), () => [{}]),
  apiSetting: optional(nullable(ApiVariableSettings)),
  /** Editor state (spec 3); carried, never converted. */
  countSubmit: optional(number()),
});
export type TemplateForm = Infer<typeof TemplateForm>;

/** `['items', 0, 'contents', 2, 'text']` → `items[0].contents[2].text`, the error field format. */
export function fieldPath(path: readonly (string | number)[]): string {
  return path.reduce<string>((out, part) => {
    if (typeof part === 'number' || /^\d+$/.test(part)) return `${out}[${part}]`;
    return out ? `${out}.${part}` : part;
  }, '');
}

export function structErrors(error: StructError): FieldError[] {
  return error.failures().map((f) => ({ field: fieldPath(f.path), message: f.message }));
}

/** The form with every default filled in, or the fields whose type is wrong. Never throws. */
export function readTemplateForm(
  input: unknown,
): { ok: true; form: TemplateForm } | { ok: false; errors: FieldError[] } {
  try {
    const [error, form] = validate(input, TemplateForm, { coerce: true });
    if (error) return { ok: false, errors: structErrors(error) };
    return { ok: true, form };
  } catch (error) {
    return {
      ok: false,
      errors: [{ field: '', message: error instanceof Error ? error.message : String(error) }],
    };
  }
}

/** Blocks of an item in display order (by `position`, then as listed), each with its index in the form. */
export function orderedContents<T extends { position?: number }>(
  contents: readonly T[],
): { block: T; index: number }[] {
  return contents
    .map((block, index) => ({ block, index }))
    .sort((a, b) => (a.block.position ?? 0) - (b.block.position ?? 0) || a.index - b.index);
}

/** altText, else the active message's name (spec 3). */
export function altTextOf(
  form: { altText?: string | null; name?: string | null },
  fallbackName?: string | null,
): string {
  return (form.altText ?? '').trim() || (form.name ?? '').trim() || (fallbackName ?? '').trim();
}
