// The widget's pre-chat form (spec 3 pre_chat_form_fields): what the visitor must fill in, checked
// the same way in the widget and on the server. Messages are spec 5's texts.
import type { PreChatField } from '../models/widget';
import { type FieldError, hasMaxLength, isBlank, isEmail, isTel, MESSAGES } from '../validation/rules';

export const PRE_CHAT_VALUE_MAX = 300;

export type PreChatValues = Record<string, string>;

/** Errors named `form.<key>`, in field order; only the listed fields are checked. */
export function validatePreChat(fields: readonly PreChatField[], values: unknown): FieldError[] {
  const v = (values && typeof values === 'object' ? values : {}) as Record<string, unknown>;
  const errors: FieldError[] = [];
  for (const field of fields) {
    const raw = v[field.key];
    const value = typeof raw === 'string' ? raw.trim() : raw === undefined || raw === null ? '' : String(raw);
    let message: string | null = null;
    if (isBlank(value)) message = field.required ? MESSAGES.required : null;
    else if (!hasMaxLength(value, PRE_CHAT_VALUE_MAX)) message = MESSAGES.maxLength(PRE_CHAT_VALUE_MAX);
    else if (field.type === 'email' && !isEmail(value)) message = MESSAGES.email;
    else if (field.type === 'tel' && !isTel(value)) message = MESSAGES.tel;
    if (message) errors.push({ field: `form.${field.key}`, message });
  }
  return errors;
}

/** Only the listed keys, as trimmed strings; what is stored and shown to agents. */
export function cleanPreChat(fields: readonly PreChatField[], values: unknown): PreChatValues {
  const v = (values && typeof values === 'object' ? values : {}) as Record<string, unknown>;
  const out: PreChatValues = {};
  for (const field of fields) {
    const raw = v[field.key];
    if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') {
      const value = String(raw).trim();
      if (value) out[field.key] = value;
    }
  }
  return out;
}

/** The name agents see for the visitor: a 'name' field, else the first text field filled in. */
export function visitorNameFrom(fields: readonly PreChatField[], values: PreChatValues): string {
  if (values.name) return values.name;
  const text = fields.find((f) => f.type === 'text' && values[f.key]);
  return text ? values[text.key] : '';
}
