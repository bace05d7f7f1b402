// Spec 5 and 8 texts live once, in locales/: core names the keys, and the English locale must say
// exactly what the spec says (the Thai one must have them all).
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../core/i18n';
import { DIALOG_KEYS, GENERIC_ERROR_KEYS, NOTIFICATION_KEYS } from '../../../core/text/notices';
import en from '../../../locales/en.json';
import th from '../../../locales/th.json';

const english = createI18n({ en, th }, 'en').t;
const thai = createI18n({ en, th }, 'th').t;

const spec: [string, string][] = [
  [DIALOG_KEYS.unableToSave.title, 'Unable to save data'],
  [DIALOG_KEYS.unableToSave.text, 'Please make sure all required fields are filled out correctly.'],
  [DIALOG_KEYS.unableToSave.button, 'Close'],
  [DIALOG_KEYS.confirmSave, 'Are you sure you want to save changes ?'],
  [DIALOG_KEYS.confirmDelete, 'Are you sure you want to delete this items ?'],
  [DIALOG_KEYS.confirmLeave.title, 'Leave without saving'],
  [DIALOG_KEYS.confirmLeave.text, 'Are you sure want to leave this page ?'],
  [DIALOG_KEYS.yes, 'Yes'],
  [DIALOG_KEYS.no, 'No'],
  [NOTIFICATION_KEYS.success.title, 'Success'],
  [NOTIFICATION_KEYS.success.text, 'save success'],
  [NOTIFICATION_KEYS.fail.title, 'Fail'],
  [NOTIFICATION_KEYS.fail.text, 'save fail'],
  [NOTIFICATION_KEYS.errorTitle, 'Error !'],
  [GENERIC_ERROR_KEYS.title, 'Sorry, something went wrong with the system.'],
  [GENERIC_ERROR_KEYS.text, 'Please contact the staff or try again.'],
];

describe('spec 5, 8: fixed texts by key', () => {
  it.each(spec)('%s is "%s" in English and translated in Thai', (key, text) => {
    expect(english(key)).toBe(text);
    const translated = thai(key);
    expect(translated).not.toBe(key);
    expect(translated).not.toBe('');
  });
  it('the error code line takes code and detail', () => {
    expect(english(GENERIC_ERROR_KEYS.codeLine, { code: 'E42', detail: 'db down' })).toBe(
      'Error code : E42 : db down',
    );
  });
});
