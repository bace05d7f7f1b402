// Spec 2: routes, Thai under /th, route validation giving 404.
import { describe, expect, it } from 'vitest';
import { localizePath, matchRoute, ROUTES, splitLocale } from '../../core/routes';

describe('matchRoute', () => {
  it.each([
    ['/', 'login', 'en'],
    ['/th', 'login', 'th'],
    ['/th/', 'login', 'th'],
    ['/dashboard', 'dashboard', 'en'],
    ['/dashboard/', 'dashboard', 'en'],
    ['/th/dashboard', 'dashboard', 'th'],
    ['/live', 'live', 'en'],
    ['/broadcast/create', 'broadcast-create', 'en'],
    ['/rich-menu/general-rich-menu', 'rich-menu-general', 'en'],
    ['/rich-menu/personal-rich-menu', 'rich-menu-personal', 'en'],
    ['/report/agent-performance', 'report-agent-performance', 'en'],
    ['/go', 'go', 'en'],
    ['/th/go', 'go', 'th'],
    ['/widget/abc123', 'widget', 'en'],
    ['/th/widget/abc123', 'widget', 'th'],
    ['/linechat', 'linechat', 'en'],
  ])('%s → %s (%s)', (path, name, locale) => {
    const match = matchRoute(path);
    expect(match?.route.name).toBe(name);
    expect(match?.locale).toBe(locale);
  });

  it.each([
    ['/nope'],
    ['/th/nope'],
    ['/thai'],
    ['/dashboard/x'],
    ['/widget/'],
    ['/widget/a b'],
    ['/widget/%E0%A4%A'],
    [`/widget/${'a'.repeat(65)}`],
  ])('%s matches nothing (404)', (path) => {
    expect(matchRoute(path)).toBeNull();
  });

  it('covers every main-menu route of spec 2', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const p of [
      '/dashboard',
      '/live',
      '/contact-list',
      '/broadcast',
      '/broadcast/create',
      '/message-template',
      '/keyword-mapping',
      '/reply-message',
      '/rich-menu',
      '/rich-menu/general-rich-menu',
      '/rich-menu/personal-rich-menu',
      '/location',
      '/report/contact-growth',
      '/report/agent-performance',
      '/report/chat-volume',
      '/report/satisfaction',
      '/go',
      '/widget/:id',
    ]) {
      expect(paths).toContain(p);
    }
    expect(ROUTES.filter((r) => r.chatMenu).map((r) => r.path)).toEqual(['/live', '/contact-list']);
  });
});

describe('locale paths', () => {
  it.each([
    ['/dashboard', 'th', '/th/dashboard'],
    ['/th/dashboard', 'en', '/dashboard'],
    ['/', 'th', '/th'],
    ['/th', 'en', '/'],
    ['/th/live', 'th', '/th/live'],
  ] as const)('localizePath(%s, %s) = %s', (path, locale, want) => {
    expect(localizePath(path, locale)).toBe(want);
  });

  it('splitLocale keeps /thai as English', () => {
    expect(splitLocale('/thai')).toEqual({ locale: 'en', path: '/thai' });
  });
});
