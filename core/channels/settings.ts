// Channel accounts (spec 2 settings, spec 7 social login): which settings each platform needs,
// which of them are secrets (write-only: never sent back after saving), and the checks both the
// console form and the server apply. Wire keys are snake_case as the API carries them.
import { type FieldError, isBlank, MESSAGES } from '../validation/rules';

export const PLATFORM_CHANNEL_TYPES = ['line', 'messenger', 'instagram', 'wechat'] as const;
export type PlatformChannelType = (typeof PLATFORM_CHANNEL_TYPES)[number];

export interface ChannelField {
  key: string;
  /** Locale key of the label (channels.fields.<key>). */
  label: string;
  secret: boolean;
  required: boolean;
  max: number;
  /** Characters the platform uses for this value; anything else is a typo. */
  pattern?: RegExp;
  /** Locale key (channels.formats.<format>) saying what `pattern` allows, shown for INVALID_VALUE. */
  format?: string;
}

const field = (
  key: string,
  options: {
    secret?: boolean;
    required?: boolean;
    max?: number;
    pattern?: RegExp;
    format?: string;
    /** The label's key when the platform names the value differently (WeChat's AppID). */
    label?: string;
  } = {},
): ChannelField => ({
  key,
  label: `channels.fields.${options.label ?? key}`,
  secret: options.secret ?? false,
  required: options.required ?? true,
  max: options.max ?? 200,
  pattern: options.pattern,
  format: options.format,
});

const DIGITS = /^\d+$/;
const TOKEN = /^[\x21-\x7e]+$/;

const META_FIELDS = [
  field('page_id', { pattern: DIGITS, format: 'digits', max: 40 }),
  field('app_id', { required: false, pattern: DIGITS, format: 'digits', max: 40 }),
  field('app_secret', { secret: true, pattern: TOKEN, format: 'token', max: 100 }),
  field('page_token', { secret: true, pattern: TOKEN, format: 'token', max: 1000 }),
  field('verify_token', { secret: true, pattern: TOKEN, format: 'token', max: 200 }),
];

/** The settings of each platform, in the order the form shows them. */
export const CHANNEL_FIELDS: Record<PlatformChannelType, readonly ChannelField[]> = {
  line: [
    field('channel_id', { pattern: DIGITS, format: 'digits', max: 20 }),
    field('channel_secret', { secret: true, pattern: /^[0-9a-fA-F]+$/, format: 'hex', max: 64 }),
    field('access_token', { secret: true, pattern: TOKEN, format: 'token', max: 1000 }),
  ],
  messenger: META_FIELDS,
  instagram: META_FIELDS,
  wechat: [
    field('app_id', { label: 'wechat_app_id', pattern: /^[A-Za-z0-9_]+$/, format: 'wechatAppId', max: 40 }),
    field('app_secret', {
      label: 'wechat_app_secret',
      secret: true,
      pattern: /^[A-Za-z0-9]+$/,
      format: 'lettersDigits',
      max: 64,
    }),
    // The token the WeChat console is given for webhook signatures: 3 to 32 letters and digits.
    field('token', { secret: true, pattern: /^[A-Za-z0-9]{3,32}$/, format: 'wechatToken', max: 32 }),
  ],
};

export const CHANNEL_NAME_MAX = 100;

/** Spec 7: what Facebook login asks for, per channel. Auth type defaults to reauthorize. */
export const FACEBOOK_LOGIN = {
  scopes: {
    messenger: [
      'public_profile',
      'email',
      'pages_messaging',
      'pages_manage_metadata',
      'pages_read_engagement',
      'pages_show_list',
      'pages_messaging_subscriptions',
    ],
    instagram: [
      'instagram_manage_messages',
      'instagram_basic',
      'pages_show_list',
      'public_profile',
      'email',
      'pages_messaging',
      'pages_messaging_subscriptions',
      'pages_manage_metadata',
      'pages_read_engagement',
    ],
  },
  /** Added on a development site only (spec 7). */
  devScopes: ['business_management'],
  authType: 'reauthorize',
} as const;

export function isPlatformChannelType(value: unknown): value is PlatformChannelType {
  return (PLATFORM_CHANNEL_TYPES as readonly unknown[]).includes(value);
}

/** Where a platform sends its webhooks for a channel (paths of server/channels). */
export function webhookPath(type: PlatformChannelType, channelId: string): string {
  const platform = type === 'messenger' || type === 'instagram' ? 'meta' : type;
  return `/webhook/${platform}/${encodeURIComponent(channelId)}`;
}

export interface ChannelSettingsInput {
  name?: unknown;
  config?: Record<string, unknown>;
}

/**
 * Checks a create (`creating`: every required value present) or an update (secrets left out or
 * blank keep their saved values; `saved` says which are stored). Errors name `name` or `config.<key>`.
 */
export function validateChannelSettings(
  type: PlatformChannelType,
  input: ChannelSettingsInput,
  saved: ReadonlySet<string> = new Set(),
): FieldError[] {
  const errors: FieldError[] = [];
  if (input.name !== undefined || saved.size === 0) {
    if (isBlank(input.name)) errors.push({ field: 'name', message: MESSAGES.required });
    else if (typeof input.name !== 'string' || input.name.trim().length > CHANNEL_NAME_MAX)
      errors.push({ field: 'name', message: MESSAGES.maxLength(CHANNEL_NAME_MAX) });
  }
  const config = input.config ?? {};
  for (const f of CHANNEL_FIELDS[type]) {
    const value = config[f.key];
    const at = `config.${f.key}`;
    if (isBlank(value)) {
      if (f.required && !saved.has(f.key)) errors.push({ field: at, message: MESSAGES.required });
      continue;
    }
    if (typeof value !== 'string') {
      errors.push({ field: at, message: MESSAGES.required });
      continue;
    }
    const text = value.trim();
    if (text.length > f.max) errors.push({ field: at, message: MESSAGES.maxLength(f.max) });
    else if (f.pattern && !f.pattern.test(text)) errors.push({ field: at, message: INVALID_VALUE });
  }
  return errors;
}

export const INVALID_VALUE = 'This value is not in the form the platform gives.';
