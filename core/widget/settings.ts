// The chat widget's saved settings (spec 3 "Widget" info, spec 9 defaults), their limits and the
// checks the console's settings modal and the server both apply. Messages are spec 5's texts.

import { mediaFileAddress } from '../models/media';
import { PRE_CHAT_FIELD_TYPES, type PreChatField, WIDGET_DEFAULTS, type WidgetMenu } from '../models/widget';
import type { UploadRules } from '../upload/checkFiles';
import { CONTENT_TYPE_BY_EXTENSION } from '../upload/contentTypes';
import { ALLOWED_EXTENSIONS, isAllowedType } from '../upload/fileTypes';
import { type FieldError, hasMaxLength, isBlank, isColor, isUrl, MESSAGES } from '../validation/rules';

export const WIDGET_LIMITS = {
  /** Spec 9: 300 generally. */
  text: 300,
  /** Spec 9: display texts 150. */
  short: 150,
  /** Like template_2 labels (spec 9): buttons, menu label, launcher label. */
  label: 30,
  preChatFields: 10,
  menuButtons: 10,
  iceBreakers: 5,
} as const;

/** Letters, digits and underscores: the key is also a greeting placeholder ({key}). */
export const PRE_CHAT_KEY = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

export interface WidgetSettings {
  brand_label: string;
  button_color: string;
  label_color: string;
  button_label: string;
  logo: string;
  scatter_message: string;
  header: string;
  description: string;
  welcome_message: string;
  greeting_message: string;
  chat_form: boolean;
  pre_chat_form_fields: PreChatField[];
  menu: WidgetMenu | null;
  ice_breakers: string[];
}

export function defaultWidgetSettings(accountName = ''): WidgetSettings {
  return {
    brand_label: accountName,
    button_color: WIDGET_DEFAULTS.button_color,
    label_color: WIDGET_DEFAULTS.label_color,
    button_label: WIDGET_DEFAULTS.button_label,
    logo: '',
    scatter_message: '',
    header: accountName,
    description: '',
    welcome_message: '',
    greeting_message: '',
    chat_form: false,
    pre_chat_form_fields: [],
    menu: null,
    ice_breakers: [],
  };
}

/** The keys a visitor's browser may read (GET /service/widget/info); everything saved is public. */
export const WIDGET_SETTING_KEYS = Object.keys(defaultWidgetSettings()) as (keyof WidgetSettings)[];

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A logo is an http(s) address or the path of a file uploaded to this server's media library. */
export function isLogoAddress(value: unknown): boolean {
  return isBlank(value) || isUrl(value) || mediaFileAddress(value)?.origin === null;
}

/** What POST /api/widget/logo stores: any image on spec 5's allowed list (gif included). */
export const LOGO_UPLOAD_RULES: UploadRules = { allowed: ['image/*'] };

/** The allowed extensions whose files LOGO_UPLOAD_RULES take: jpg, jpeg, gif, png, svg. */
export const LOGO_EXTENSIONS: readonly string[] = ALLOWED_EXTENSIONS.filter((extension) =>
  isAllowedType(
    { name: `logo.${extension}`, type: CONTENT_TYPE_BY_EXTENSION[extension] },
    LOGO_UPLOAD_RULES.allowed,
  ),
);

/** The logo file picker's accept attribute: exactly the files the server takes as a logo. */
export const LOGO_ACCEPT = LOGO_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/**
 * The #rrggbb a colour picker shows for a colour the checks accept, as the widget draws it: #abc
 * is #aabbcc, #rrggbbaa its first six digits (the picker has no alpha). Black for anything else.
 */
export function pickerColor(value: string): string {
  if (!isColor(value)) return '#000000';
  const digits = value.slice(1).toLowerCase();
  return digits.length === 3 ? `#${[...digits].map((d) => d + d).join('')}` : `#${digits.slice(0, 6)}`;
}

/** The settings that are plain texts (colours and the logo's address included). */
const TEXT_KEYS = [
  'brand_label',
  'button_color',
  'label_color',
  'button_label',
  'logo',
  'scatter_message',
  'header',
  'description',
  'welcome_message',
  'greeting_message',
] as const;

/**
 * Reads anything into settings: unknown keys dropped, wrong types replaced by the defaults, so a
 * stored document from an older version still renders. Validation is separate (validateWidgetSettings).
 */
export function normalizeWidgetSettings(input: unknown, base: WidgetSettings = defaultWidgetSettings()) {
  const v = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const out: WidgetSettings = { ...base };
  for (const key of TEXT_KEYS) {
    if (typeof v[key] === 'string') out[key] = v[key] as string;
  }
  if (typeof v.chat_form === 'boolean') out.chat_form = v.chat_form;
  if (Array.isArray(v.pre_chat_form_fields)) {
    out.pre_chat_form_fields = v.pre_chat_form_fields
      .filter((f): f is Record<string, unknown> => Boolean(f) && typeof f === 'object')
      .map((f) => ({
        key: str(f.key),
        label: str(f.label),
        type: (PRE_CHAT_FIELD_TYPES as readonly string[]).includes(str(f.type))
          ? (f.type as PreChatField['type'])
          : 'text',
        required: f.required === true,
      }));
  }
  if (v.menu === null) out.menu = null;
  else if (v.menu && typeof v.menu === 'object') {
    const m = v.menu as Record<string, unknown>;
    out.menu = {
      menuId: str(m.menuId) || 'menu',
      menuLabel: str(m.menuLabel),
      isQuickStart: m.isQuickStart === true,
      buttons: (Array.isArray(m.buttons) ? m.buttons : [])
        .filter((b): b is Record<string, unknown> => Boolean(b) && typeof b === 'object')
        .map((b, i) => ({
          id: str(b.id) || `b${i + 1}`,
          label: str(b.label),
          type: b.type === 'postback' || b.type === 'uri' ? b.type : 'message',
          ...(typeof b.text === 'string' ? { text: b.text } : {}),
          ...(typeof b.data === 'string' ? { data: b.data } : {}),
          ...(typeof b.uri === 'string' ? { uri: b.uri } : {}),
        })),
    };
  }
  if (Array.isArray(v.ice_breakers)) out.ice_breakers = v.ice_breakers.filter((s) => typeof s === 'string');
  return out;
}

function push(errors: FieldError[], field: string, message: string | null) {
  if (message) errors.push({ field, message });
}

/** A list with more entries than its limit (the texts of core/automation: 'At most N are allowed.'). */
const tooMany = (max: number) => `At most ${max} are allowed.`;

/** The widget's own messages (translated through core/text/messageKeys). */
export const WIDGET_MESSAGES = {
  /** A pre-chat key that is not a placeholder-safe name, or repeats another key. */
  preChatKey: 'key is invalid format',
} as const;

const isObject = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/**
 * The first value of a settings patch that is of the wrong kind (a number for a colour, an
 * unknown field type, a list that is not one). normalizeWidgetSettings would quietly keep the
 * saved value or a default instead, so a save would be taken in part; the server refuses it
 * whole, naming the field.
 */
export function widgetSettingsShapeError(input: Record<string, unknown>): FieldError | null {
  const errors: FieldError[] = [];
  const text = (field: string, v: unknown, optional = false) =>
    push(errors, field, (optional && v === undefined) || typeof v === 'string' ? null : MESSAGES.required);
  const flag = (field: string, v: unknown) =>
    push(errors, field, v === undefined || typeof v === 'boolean' ? null : MESSAGES.required);
  const oneOf = (field: string, v: unknown, choices: readonly string[]) =>
    push(
      errors,
      field,
      v === undefined || choices.includes(v as string) ? null : MESSAGES.oneOf(field, choices),
    );
  for (const key of TEXT_KEYS) if (key in input) text(key, input[key]);
  flag('chat_form', input.chat_form);
  const fields = input.pre_chat_form_fields;
  if (fields !== undefined) {
    if (!Array.isArray(fields)) push(errors, 'pre_chat_form_fields', MESSAGES.required);
    else
      fields.forEach((f, i) => {
        const at = `pre_chat_form_fields.${i}`;
        if (!isObject(f)) push(errors, at, MESSAGES.required);
        else {
          text(`${at}.key`, f.key);
          text(`${at}.label`, f.label);
          oneOf(`${at}.type`, f.type, PRE_CHAT_FIELD_TYPES);
          flag(`${at}.required`, f.required);
        }
      });
  }
  const menu = input.menu;
  if (menu !== undefined && menu !== null) {
    if (!isObject(menu)) push(errors, 'menu', MESSAGES.required);
    else {
      text('menu.menuId', menu.menuId, true);
      text('menu.menuLabel', menu.menuLabel);
      flag('menu.isQuickStart', menu.isQuickStart);
      const buttons = menu.buttons ?? [];
      if (!Array.isArray(buttons)) push(errors, 'menu.buttons', MESSAGES.required);
      else
        buttons.forEach((b, i) => {
          const at = `menu.buttons.${i}`;
          if (!isObject(b)) push(errors, at, MESSAGES.required);
          else {
            text(`${at}.id`, b.id, true);
            text(`${at}.label`, b.label);
            oneOf(`${at}.type`, b.type, ['message', 'postback', 'uri']);
            for (const key of ['text', 'data', 'uri']) text(`${at}.${key}`, b[key], true);
          }
        });
    }
  }
  const ice = input.ice_breakers;
  if (ice !== undefined) {
    if (!Array.isArray(ice)) push(errors, 'ice_breakers', MESSAGES.required);
    else
      ice.forEach((v, i) => {
        text(`ice_breakers.${i}`, v);
      });
  }
  return errors[0] ?? null;
}

const requiredText = (value: string, max: number) =>
  isBlank(value) ? MESSAGES.required : hasMaxLength(value, max) ? null : MESSAGES.maxLength(max);
const optionalText = (value: string, max: number) =>
  hasMaxLength(value, max) ? null : MESSAGES.maxLength(max);

/** Field-named errors; empty when the settings may be saved. Fields use dotted paths (menu.buttons.0.label). */
export function validateWidgetSettings(s: WidgetSettings): FieldError[] {
  const errors: FieldError[] = [];
  push(errors, 'brand_label', optionalText(s.brand_label, WIDGET_LIMITS.short));
  for (const key of ['button_color', 'label_color'] as const) {
    push(errors, key, isBlank(s[key]) ? MESSAGES.required : isColor(s[key]) ? null : MESSAGES.color);
  }
  push(errors, 'button_label', requiredText(s.button_label, WIDGET_LIMITS.label));
  push(errors, 'logo', isLogoAddress(s.logo) ? null : MESSAGES.url);
  push(errors, 'scatter_message', optionalText(s.scatter_message, WIDGET_LIMITS.short));
  push(errors, 'header', optionalText(s.header, WIDGET_LIMITS.short));
  push(errors, 'description', optionalText(s.description, WIDGET_LIMITS.text));
  push(errors, 'welcome_message', optionalText(s.welcome_message, WIDGET_LIMITS.text));
  push(errors, 'greeting_message', optionalText(s.greeting_message, WIDGET_LIMITS.text));

  if (s.pre_chat_form_fields.length > WIDGET_LIMITS.preChatFields)
    push(errors, 'pre_chat_form_fields', tooMany(WIDGET_LIMITS.preChatFields));
  const seen = new Set<string>();
  s.pre_chat_form_fields.forEach((f, i) => {
    const at = `pre_chat_form_fields.${i}`;
    push(
      errors,
      `${at}.key`,
      isBlank(f.key)
        ? MESSAGES.required
        : PRE_CHAT_KEY.test(f.key) && !seen.has(f.key)
          ? null
          : WIDGET_MESSAGES.preChatKey,
    );
    seen.add(f.key);
    push(errors, `${at}.label`, requiredText(f.label, WIDGET_LIMITS.short));
  });

  if (s.menu) {
    push(errors, 'menu.menuLabel', requiredText(s.menu.menuLabel, WIDGET_LIMITS.label));
    if (s.menu.buttons.length > WIDGET_LIMITS.menuButtons)
      push(errors, 'menu.buttons', tooMany(WIDGET_LIMITS.menuButtons));
    s.menu.buttons.forEach((b, i) => {
      const at = `menu.buttons.${i}`;
      push(errors, `${at}.label`, requiredText(b.label, WIDGET_LIMITS.label));
      if (b.type === 'uri') push(errors, `${at}.uri`, isUrl(b.uri) ? null : MESSAGES.url);
      else if (b.type === 'postback')
        push(errors, `${at}.data`, requiredText(b.data ?? '', WIDGET_LIMITS.text));
      else push(errors, `${at}.text`, optionalText(b.text ?? '', WIDGET_LIMITS.text));
    });
  }

  if (s.ice_breakers.length > WIDGET_LIMITS.iceBreakers)
    push(errors, 'ice_breakers', tooMany(WIDGET_LIMITS.iceBreakers));
  s.ice_breakers.forEach((text, i) => {
    push(errors, `ice_breakers.${i}`, requiredText(text, WIDGET_LIMITS.short));
  });
  return errors;
}
