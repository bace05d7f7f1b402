// Verification settings of an account (core/verification/settings.ts): read with their defaults,
// checked by field when saved, and the customer-facing texts resolved in the chosen language.
import { eq } from 'drizzle-orm';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import {
  CUSTOMER_LANGUAGES,
  type CustomerLanguage,
  DEFAULT_FIELDS,
  PRESET_FIELDS,
  VERIFICATION_FIELD_TYPES,
  VERIFICATION_MODES,
  VERIFICATION_TEXT_KEYS,
  type VerificationField,
  type VerificationSettingsInput,
  type VerificationTextKey,
  validateVerificationSettings,
} from '../../core/verification/settings';
import { localeText } from '../actions/texts';
import { InvalidFields } from '../apiConnections/invalid';
import { apiConnections } from '../apiConnections/schema';
import { fieldsOf } from '../chat/input';
import type { Db } from '../db/client';
import { verificationSettings } from './schema';

export interface VerificationSettings extends VerificationSettingsInput {
  updatedAt: Date | null;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export async function loadVerificationSettings(db: Db, accountId: string): Promise<VerificationSettings> {
  const [row] = await db
    .select()
    .from(verificationSettings)
    .where(eq(verificationSettings.accountId, accountId))
    .limit(1);
  return {
    mode: row?.mode ?? 'agent',
    api_connection_id: row?.apiConnectionId ?? null,
    fields: row?.fields?.length ? row.fields : [...DEFAULT_FIELDS],
    texts: row?.texts ?? {},
    language: row?.language ?? 'en',
    updatedAt: row?.updatedAt ?? null,
  };
}

/** A saved text, else the locale's default in the customers' language. */
export function customerText(
  settings: Pick<VerificationSettings, 'texts' | 'language'>,
  key: VerificationTextKey,
) {
  return settings.texts[key]?.trim() || localeText(settings.language, `verification.customer.${key}`);
}

/** A field's label on the page: its own, else the preset's in the page's language. */
export function fieldLabel(field: VerificationField, lang: CustomerLanguage): string {
  if (field.label.trim()) return field.label.trim();
  return PRESET_FIELDS.some((p) => p.key === field.key)
    ? localeText(lang, `verification.fields.${field.key}`)
    : field.key;
}

export function settingsToWire(s: VerificationSettings) {
  return {
    mode: s.mode,
    api_connection_id: s.api_connection_id,
    fields: s.fields,
    texts: s.texts,
    language: s.language,
    defaults: Object.fromEntries(
      CUSTOMER_LANGUAGES.map((lang) => [
        lang,
        {
          texts: Object.fromEntries(
            VERIFICATION_TEXT_KEYS.map((k) => [k, localeText(lang, `verification.customer.${k}`)]),
          ),
          fields: Object.fromEntries(
            PRESET_FIELDS.map((f) => [f.key, localeText(lang, `verification.fields.${f.key}`)]),
          ),
        },
      ]),
    ),
    presets: PRESET_FIELDS,
    updated_at: s.updatedAt?.toISOString() ?? null,
  };
}

/** A PUT body over the stored settings (keys left out stay), checked by field. */
export async function readSettingsInput(
  db: Db,
  accountId: string,
  body: unknown,
  stored: VerificationSettings,
): Promise<VerificationSettingsInput> {
  const b = fieldsOf(body);
  const mode = b.mode === undefined ? stored.mode : str(b.mode);
  const language = b.language === undefined ? stored.language : str(b.language);
  const fields: VerificationField[] = Array.isArray(b.fields)
    ? b.fields.map((raw) => {
        const f = fieldsOf(raw);
        const type = str(f.type) || 'text';
        return {
          key: str(f.key).trim(),
          label: str(f.label).trim(),
          type: ((VERIFICATION_FIELD_TYPES as readonly string[]).includes(type)
            ? type
            : '') as VerificationField['type'],
          required: f.required === true,
        };
      })
    : stored.fields;
  const texts: Partial<Record<VerificationTextKey, string>> = {};
  const rawTexts = b.texts === undefined ? stored.texts : fieldsOf(b.texts);
  for (const key of VERIFICATION_TEXT_KEYS) {
    const value = str((rawTexts as Record<string, unknown>)[key]).trim();
    if (value) texts[key] = value;
  }
  const input: VerificationSettingsInput = {
    mode: ((VERIFICATION_MODES as readonly string[]).includes(mode)
      ? mode
      : '') as VerificationSettingsInput['mode'],
    api_connection_id:
      b.api_connection_id === undefined ? stored.api_connection_id : str(b.api_connection_id) || null,
    fields,
    texts,
    language: ((CUSTOMER_LANGUAGES as readonly string[]).includes(language)
      ? language
      : '') as CustomerLanguage,
  };
  const errors = validateVerificationSettings(input);
  if (input.api_connection_id && !errors.some((e) => e.field === 'api_connection_id')) {
    const [found] = await db
      .select({ id: apiConnections.id, accountId: apiConnections.accountId })
      .from(apiConnections)
      .where(eq(apiConnections.id, input.api_connection_id))
      .limit(1);
    if (!found || found.accountId !== accountId)
      errors.push({ field: 'api_connection_id', message: SERVER_MESSAGES.apiMissing });
  }
  if (errors.length > 0) throw new InvalidFields(errors);
  return input;
}

export async function saveVerificationSettings(
  db: Db,
  accountId: string,
  userId: string,
  input: VerificationSettingsInput,
) {
  const values = {
    mode: input.mode,
    apiConnectionId: input.api_connection_id,
    fields: input.fields,
    texts: input.texts,
    language: input.language,
    updatedBy: userId,
    updatedAt: new Date(),
  };
  await db
    .insert(verificationSettings)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: verificationSettings.accountId, set: values });
}
