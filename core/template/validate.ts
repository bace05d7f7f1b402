// The template editor validator (spec 5). Inactive blocks are skipped. Errors name the field as
// the editor holds it (`items[0].contents[2].text`) with the spec's messages. Never throws: a
// failure inside validation is reported as an error, so it can never pass a broken form.
import {
  type FieldError,
  isBlank,
  isColor,
  isNumber,
  isUrl,
  MESSAGES,
  textLength,
} from '../validation/rules';
import { type Action, validateAction } from './action';
import type { Block } from './blocks';
import { MAX_TEMPLATE_BUBBLES, readTemplateForm, type TemplateForm } from './form';
import { PRESET_LABEL_MAX } from './presets';

/** Spec 5 texts that are not field rules. */
export const TEMPLATE_MESSAGES = {
  tooManyBubbles: 'Can you send Message templates only 5 Bubble.',
  invalid: 'Please make sure all required fields are filled out correctly.',
} as const;

/** Spec 5 length limits of block texts. */
export const BLOCK_TEXT_MAX = 300;

type Rule = (value: unknown) => string | null;

const required: Rule = (v) => (isBlank(v) ? MESSAGES.required : null);
/** Spec 5 min/max length in graphemes; a blank text is empty (spec 5: "Text is empty if null or blank"). */
const length =
  (min: number, max?: number): Rule =>
  (v) => {
    if (min > 0 && isBlank(v)) return MESSAGES.required;
    const n = typeof v === 'string' ? textLength(v) : 0;
    if (n < min) return MESSAGES.minLength(min);
    return max !== undefined && n > max ? MESSAGES.maxLength(max) : null;
  };
const color: Rule = (v) => (isBlank(v) || isColor(v) ? null : MESSAGES.color);
const url: Rule = (v) => (isBlank(v) || isUrl(v) ? null : MESSAGES.url);
const nonNegative: Rule = (v) => (isBlank(v) || (isNumber(v) && Number(v) >= 0) ? null : MESSAGES.number);
const positive: Rule = (v) => (isNumber(v) && Number(v) > 0 ? null : MESSAGES.number);

class Collector {
  readonly errors: FieldError[] = [];
  /** The first failing rule of the field, in the order given (as vuelidate-style forms show one). */
  check(field: string, value: unknown, ...rules: Rule[]): void {
    for (const rule of rules) {
      const message = rule(value);
      if (message) {
        this.errors.push({ field, message });
        return;
      }
    }
  }
  action(action: Action | null | undefined, field: string): void {
    this.errors.push(...validateAction(action, field));
  }
}

function checkImage(c: Collector, block: Block & { source: string }, at: string, mustBeUrl: boolean): void {
  // Spec 5: an API-source image needs its API address; a file image needs its url.
  if (block.source === 'api') c.check(`${at}.urlApi`, (block as { urlApi?: unknown }).urlApi, required);
  else c.check(`${at}.url`, (block as { url?: unknown }).url, required, ...(mustBeUrl ? [url] : []));
  const image = block as { aspectRatio?: string; width?: unknown; height?: unknown };
  if (image.aspectRatio === 'custom') {
    c.check(`${at}.width`, image.width, required, positive);
    c.check(`${at}.height`, image.height, required, positive);
  }
}

function checkBlock(c: Collector, block: Block, at: string, form: TemplateForm): void {
  for (const side of ['paddingTop', 'paddingBottom', 'paddingStart', 'paddingEnd'] as const) {
    c.check(`${at}.${side}`, block[side], nonNegative);
  }
  c.action(block.action, `${at}.action`);
  switch (block.component) {
    case 'textHeader':
      c.check(`${at}.color`, block.color, required, color);
      c.check(`${at}.backgroundColor`, block.backgroundColor, required, color);
      c.check(`${at}.text`, block.text, length(1));
      break;
    case 'button':
      c.check(`${at}.text`, block.text, length(1, PRESET_LABEL_MAX[form.template]));
      c.check(`${at}.color`, block.color, color);
      c.check(`${at}.backgroundColor`, block.backgroundColor, color);
      break;
    case 'labelLeftTop':
    case 'labelCenterBottom':
      c.check(`${at}.text`, block.text, length(1, BLOCK_TEXT_MAX));
      c.check(`${at}.color`, block.color, color);
      c.check(`${at}.backgroundColor`, block.backgroundColor, color);
      break;
    case 'imageCover':
      checkImage(c, block, at, false);
      break;
    case 'imageBackground':
      checkImage(c, block, at, false);
      c.check(`${at}.text`, block.text, length(0, BLOCK_TEXT_MAX));
      c.check(`${at}.color`, block.color, color);
      c.check(`${at}.backgroundColor`, block.backgroundColor, color);
      break;
    case 'imageLeftInfoAndButtonRight':
      checkImage(c, block, at, true);
      c.check(`${at}.textTop`, block.textTop, length(1, BLOCK_TEXT_MAX));
      c.check(`${at}.textBtn`, block.textBtn, length(1, BLOCK_TEXT_MAX));
      c.check(`${at}.colorTop`, block.colorTop, color);
      c.check(`${at}.colorBtn`, block.colorBtn, color);
      c.check(`${at}.backgroundColorBtn`, block.backgroundColorBtn, color);
      c.action(block.actionImage, `${at}.actionImage`);
      c.action(block.actionTextTop, `${at}.actionTextTop`);
      c.action(block.actionBtnBottom, `${at}.actionBtnBottom`);
      break;
    case 'imageLeftAndInfoRight':
      checkImage(c, block, at, true);
      c.check(`${at}.textTop`, block.textTop, length(1, BLOCK_TEXT_MAX));
      c.check(`${at}.textBottom`, block.textBottom, length(1, BLOCK_TEXT_MAX));
      c.check(`${at}.colorTop`, block.colorTop, color);
      c.check(`${at}.colorBottom`, block.colorBottom, color);
      for (const field of ['sizeImage', 'gridLeft', 'gridRight'] as const) {
        c.check(`${at}.${field}`, block[field], positive);
      }
      c.action(block.actionImage, `${at}.actionImage`);
      c.action(block.actionTextTop, `${at}.actionTextTop`);
      c.action(block.actionTextBottom, `${at}.actionTextBottom`);
      break;
    case 'separator':
      c.check(`${at}.color`, block.color, required, color);
      break;
    case 'textColumn':
      // Spec 5: at least one column, each with at least one row, each row with text.
      c.check(`${at}.columns`, block.columns, required);
      block.columns.forEach((column, i) => {
        c.check(`${at}.columns[${i}].rows`, column.rows, required);
        column.rows.forEach((row, j) => {
          c.check(`${at}.columns[${i}].rows[${j}].text`, row.text, length(1));
          c.check(`${at}.columns[${i}].rows[${j}].color`, row.color, color);
        });
      });
      c.check(`${at}.backgroundColor`, block.backgroundColor, color);
      break;
    case 'textRow':
      c.check(`${at}.cells`, block.cells, required);
      block.cells.forEach((cell, i) => {
        c.check(`${at}.cells[${i}].text`, cell.text, length(1, BLOCK_TEXT_MAX));
        c.check(`${at}.cells[${i}].color`, cell.color, color);
      });
      c.check(`${at}.backgroundColor`, block.backgroundColor, color);
      break;
    case 'textInRow':
      c.check(`${at}.spans`, block.spans, required);
      block.spans.forEach((span, i) => {
        c.check(`${at}.spans[${i}].text`, span.text, length(1, BLOCK_TEXT_MAX));
        c.check(`${at}.spans[${i}].color`, span.color, color);
      });
      c.check(`${at}.backgroundColor`, block.backgroundColor, color);
      break;
  }
}

/** Spec 5 rules over a form already read by `readTemplateForm`. */
export function validateForm(form: TemplateForm): FieldError[] {
  const c = new Collector();
  if (form.items.length === 0) c.check('items', form.items, required);
  if (form.items.length > MAX_TEMPLATE_BUBBLES) {
    c.errors.push({ field: 'items', message: TEMPLATE_MESSAGES.tooManyBubbles });
  }
  form.items.forEach((item, i) => {
    const active = item.contents.filter((block) => block.active !== false);
    if (active.length === 0) c.check(`items[${i}].contents`, active, required);
    item.contents.forEach((block, j) => {
      if (block.active !== false) checkBlock(c, block, `items[${i}].contents[${j}]`, form);
    });
  });
  return c.errors;
}

/** A form read and checked by the spec 5 rules, or the errors that stop its conversion. */
export function readValidForm(
  input: unknown,
): { ok: true; form: TemplateForm } | { ok: false; errors: FieldError[] } {
  const read = readTemplateForm(input);
  if (!read.ok) return read;
  const errors = validateForm(read.form);
  return errors.length > 0 ? { ok: false, errors } : read;
}

/** Validates anything the editor or an API client sends; [] means the form may be converted. */
export function validateTemplate(input: unknown): FieldError[] {
  try {
    const read = readValidForm(input);
    return read.ok ? [] : read.errors;
  } catch (error) {
    return [
      {
        field: '',
        message: `${TEMPLATE_MESSAGES.invalid} (${error instanceof Error ? error.message : error})`,
      },
    ];
  }
}
