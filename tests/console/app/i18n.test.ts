// The console's t() (console/app/i18n.ts): the current language's text, a plain text kept once per
// language and key, parameters filled in on every call, and a language switch taking effect at once.
import { afterEach, describe, expect, it } from 'vitest';
import { locale, t } from '../../../console/app/i18n';

afterEach(() => {
  locale.value = 'en';
});

describe('console t()', () => {
  it('answers in the current language, also for a key it has answered before in the other', () => {
    locale.value = 'en';
    expect(t('live.chats')).toBe('Chats');
    locale.value = 'th';
    const thai = t('live.chats');
    expect(thai).not.toBe('Chats');
    expect(thai).toMatch(/[\u0E00-\u0E7F]/);
    locale.value = 'en';
    expect(t('live.chats')).toBe('Chats');
    locale.value = 'th';
    expect(t('live.chats')).toBe(thai);
  });

  it('fills parameters on every call and picks the plural', () => {
    expect(t('live.count', { count: 1 })).toBe('1 chat');
    expect(t('live.count', { count: 2 })).toBe('2 chats');
    expect(t('live.count', { count: '1,250' })).toBe('1,250 chats');
  });

  it('shows a missing key as itself', () => {
    expect(t('no.such.key')).toBe('no.such.key');
  });
});
