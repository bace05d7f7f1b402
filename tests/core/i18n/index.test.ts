import { describe, expect, it } from 'vitest';
import { createI18n, DEFAULT_LOCALE, isLocale, LOCALE_COOKIE_DAYS, LOCALES } from '../../../core/i18n/index';

const dicts = {
  en: { time: { yesterday: 'Yesterday' }, hello: 'Hello {{name}}', only_en: 'English only' },
  th: { time: { yesterday: 'เมื่อวาน' }, hello: 'สวัสดี {{name}}' },
};

describe('spec 1, 9: English (default) and Thai', () => {
  it('constants', () => {
    expect(LOCALES).toEqual(['en', 'th']);
    expect(DEFAULT_LOCALE).toBe('en');
    expect(LOCALE_COOKIE_DAYS).toBe(365);
    expect(isLocale('th')).toBe(true);
    expect(isLocale('fr')).toBe(false);
  });
  it('nested keys and params', () => {
    const i18n = createI18n(dicts);
    expect(i18n.t('time.yesterday')).toBe('Yesterday');
    expect(i18n.t('hello', { name: 'Ann' })).toBe('Hello Ann');
    i18n.setLocale('th');
    expect(i18n.locale).toBe('th');
    expect(i18n.t('time.yesterday')).toBe('เมื่อวาน');
  });
  it('a missing Thai string falls back to English; a missing key shows itself', () => {
    const i18n = createI18n(dicts, 'th');
    expect(i18n.t('only_en')).toBe('English only');
    expect(i18n.t('nope.key')).toBe('nope.key');
  });
});

describe('plural variants', () => {
  const plural = {
    en: {
      chats: { count: '{{count}} chats', count_one: '{{count}} chat' },
      people: '{{n}} people',
      people_one: '{{n}} person',
    },
    th: { chats: { count: '{{count}} แชท' } },
  };
  it('a count of one picks the _one variant; others, and Thai, the plain key', () => {
    const i18n = createI18n(plural);
    expect(i18n.t('chats.count', { count: 1 })).toBe('1 chat');
    expect(i18n.t('chats.count', { count: 0 })).toBe('0 chats');
    expect(i18n.t('chats.count', { count: 2 })).toBe('2 chats');
    expect(i18n.t('people', { n: 1 })).toBe('1 person');
    expect(i18n.t('people', { n: 3 })).toBe('3 people');
    i18n.setLocale('th');
    expect(i18n.t('chats.count', { count: 1 })).toBe('1 แชท');
  });
  it('numbers formatted for display count too; other values use the plain key', () => {
    const i18n = createI18n(plural);
    expect(i18n.t('chats.count', { count: '1' })).toBe('1 chat');
    expect(i18n.t('chats.count', { count: '1,001' })).toBe('1,001 chats');
    expect(i18n.t('people', { n: '…' })).toBe('… people');
  });
});
