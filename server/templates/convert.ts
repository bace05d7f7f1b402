// A template as the API receives it → what is stored: the form with its defaults filled in and
// the LINE message it converts to. The checks are core/template's, so a refusal names the same
// field with the same words as the editor shows beside it.
import { validate } from 'superstruct';
import { type TemplateKind, templateKindOf } from '../../core/template/channelPreview';
import { toFlexMessage } from '../../core/template/flex';
import { readTemplateForm, structErrors } from '../../core/template/form';
import { ImagemapForm, toImagemapMessage } from '../../core/template/imagemap';
import { LIMIT_MESSAGES } from '../../core/template/limits';
import type { ConvertResult } from '../../core/template/result';
import { validateForm } from '../../core/template/validate';
import { type FieldError, MESSAGES } from '../../core/validation/rules';
import { type Fields, fieldsOf, requiredString } from '../chat/input';
import { HttpError, Invalid } from '../http/errors';

export const TEMPLATE_NAME_MAX = 100;

/** A 400 that names the first bad field and lists every one (`errors`), as the editor shows them. */
export class InvalidTemplate extends HttpError {
  constructor(readonly errors: FieldError[]) {
    super(400, errors[0]?.message ?? MESSAGES.required, 'invalid', errors[0]?.field || 'form');
  }

  override toJSON() {
    return { ...super.toJSON(), errors: this.errors };
  }
}

export interface TemplateInput {
  name: string;
  kind: TemplateKind;
  form: Record<string, unknown>;
  lineMessage: Record<string, unknown>;
}

/** 'imagemap' asks for an image map; anything else (or nothing) is a card message. */
export function isImagemapKind(body: Fields): boolean {
  const kind = body.kind;
  if (kind === undefined || kind === null || kind === '') return false;
  if (kind !== 'bubble' && kind !== 'carousel' && kind !== 'imagemap')
    throw new Invalid('kind', LIMIT_MESSAGES.unknownType);
  return kind === 'imagemap';
}

export function formOf(body: Fields): Record<string, unknown> {
  const form = body.form;
  if (!form || typeof form !== 'object' || Array.isArray(form)) throw new Invalid('form', MESSAGES.required);
  return form as Record<string, unknown>;
}

export function templateName(body: Fields): string {
  return requiredString(body, 'name', { max: TEMPLATE_NAME_MAX }).trim();
}

function converted<T>(result: ConvertResult<T>): T {
  if (!result.ok) throw new InvalidTemplate(result.errors);
  return result.message;
}

/** Checks and converts a create or update body; throws InvalidTemplate with every problem. */
export function readTemplateInput(value: unknown): TemplateInput {
  const body = fieldsOf(value);
  const name = templateName(body);
  const imagemap = isImagemapKind(body);
  const raw = formOf(body);
  if (imagemap) {
    const [error, form] = validate(raw, ImagemapForm, { coerce: true });
    if (error) throw new InvalidTemplate(structErrors(error));
    const message = converted(toImagemapMessage(form, { fallbackName: name }));
    return { name, kind: 'imagemap', form: form as Record<string, unknown>, lineMessage: { ...message } };
  }
  const read = readTemplateForm(raw);
  if (!read.ok) throw new InvalidTemplate(read.errors);
  const invalid = validateForm(read.form);
  if (invalid.length > 0) throw new InvalidTemplate(invalid);
  // Saved as submitted (spec 4): API images take their API address, placeholders stay for send time.
  const message = converted(toFlexMessage(read.form, { mode: 'submit', fallbackName: name }));
  return {
    name,
    kind: templateKindOf(false, read.form),
    form: read.form as Record<string, unknown>,
    lineMessage: { ...message },
  };
}
