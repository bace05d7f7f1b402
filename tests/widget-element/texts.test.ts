// The chat box speaks the visitor's language, including the spec 5/8 texts that come from core/.
import { beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_WARNINGS } from '../../core/upload/warnings';
import { MESSAGES } from '../../core/validation/rules';
import { widget as en } from '../../locales/en.json';
import { widget as th } from '../../locales/th.json';
import { loadLocale, localeReady, localMessage, translator } from '../../widget-element/box/texts';

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('widget strings', () => {
  it('loads Thai on demand and speaks English until it is here', async () => {
    expect(localeReady('en')).toBe(true);
    expect(localeReady('th')).toBe(false);
    expect(translator('th')('send')).toBe(en.send);
    await loadLocale('th');
    expect(localeReady('th')).toBe(true);
    expect(translator('th')('send')).toBe(th.send);
  });
  describe('in Thai', () => {
    beforeAll(() => loadLocale('th'));

    it('has every English key in Thai, and no Thai string left in English', () => {
      expect(keys(th).sort()).toEqual(keys(en).sort());
      const t = translator('th');
      for (const key of keys(en))
        if (!/^(warnings\.limits|errors\.maxLength|uploading)$/.test(key))
          expect(t(key), key).toMatch(/[\u0E00-\u0E7F]/);
    });

    it('fills parameters and falls back to the key for a gap', () => {
      expect(translator('en')('uploading', { name: 'a.pdf' })).toBe('Uploading a.pdf');
      expect(translator('th')('no.such.key')).toBe('no.such.key');
    });

    it("shows core's English messages in Thai", () => {
      const t = translator('th');
      expect(localMessage(t, MESSAGES.required)).toBe(th.errors.required);
      expect(localMessage(t, MESSAGES.maxLength(300))).toBe('กรุณากรอกไม่เกิน 300 ตัวอักษร');
      expect(localMessage(t, UPLOAD_WARNINGS.tooLarge)).toBe(th.warnings.tooLarge);
      expect(localMessage(translator('en'), MESSAGES.email)).toBe('email is invalid format');
    });
  });
});
