// The console's route table (spec 2). The server uses it to answer 200 or 404 for a page,
// and the console's router uses it to pick the screen, so both always agree.
import type { Locale } from './i18n/index';

export type MenuGroup = 'main' | 'report' | 'settings' | 'none';

export interface RouteDef {
  /** Stable name; the console maps it to a screen. */
  name: string;
  /** Pattern with `:param` segments, English (unprefixed) form. */
  path: string;
  /** Locale key of the screen title. */
  title: string;
  /** Where the route is listed in the console's menus. */
  menu: MenuGroup;
  /** Pages a signed-out visitor may open. */
  public?: boolean;
  /** Served by the server as its own page rather than the console (the full-page widget). */
  standalone?: boolean;
  /** An old or channel-specific address that leads to another route. */
  redirect?: string;
  /** Shown in the chat-only menu too (spec 2). */
  chatMenu?: boolean;
  /** Checks a parameter; a route whose own validation fails is a 404 (spec 2). */
  validate?: (params: Record<string, string>) => boolean;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const validId = (p: Record<string, string>) => ID.test(p.id ?? '');

export const ROUTES: readonly RouteDef[] = [
  { name: 'login', path: '/', title: 'title.login', menu: 'none', public: true },
  { name: 'dashboard', path: '/dashboard', title: 'title.dashboard', menu: 'main' },
  { name: 'live', path: '/live', title: 'title.chat', menu: 'main', chatMenu: true },
  // The unknown-chat import and merge list (spec 2), reached from the inbox and the chat import.
  { name: 'unknown-chats', path: '/live/unknown', title: 'chatImport.unknownTitle', menu: 'none' },
  { name: 'contact-list', path: '/contact-list', title: 'title.contactList', menu: 'main', chatMenu: true },
  { name: 'broadcast', path: '/broadcast', title: 'title.broadcast', menu: 'main' },
  { name: 'broadcast-create', path: '/broadcast/create', title: 'title.broadcastCreate', menu: 'none' },
  {
    name: 'broadcast-report',
    path: '/broadcast/:id/report',
    title: 'broadcast.titles.report',
    menu: 'none',
    validate: validId,
  },
  {
    name: 'broadcast-edit',
    path: '/broadcast/:id/edit',
    title: 'broadcast.titles.edit',
    menu: 'none',
    validate: validId,
  },
  {
    name: 'broadcast-view',
    path: '/broadcast/:id',
    title: 'broadcast.titles.view',
    menu: 'none',
    validate: validId,
  },
  { name: 'message-template', path: '/message-template', title: 'title.messageTemplate', menu: 'main' },
  {
    name: 'message-template-new',
    path: '/message-template/new',
    title: 'title.messageTemplate',
    menu: 'none',
  },
  {
    name: 'message-template-edit',
    path: '/message-template/:id',
    title: 'title.messageTemplate',
    menu: 'none',
    validate: validId,
  },
  { name: 'keyword-mapping', path: '/keyword-mapping', title: 'title.keywordMapping', menu: 'main' },
  { name: 'reply-message', path: '/reply-message', title: 'title.replyMessage', menu: 'main' },
  { name: 'rich-menu', path: '/rich-menu', title: 'title.richMenu', menu: 'main' },
  {
    name: 'rich-menu-general',
    path: '/rich-menu/general-rich-menu',
    title: 'title.richMenuGeneral',
    menu: 'none',
  },
  {
    name: 'rich-menu-personal',
    path: '/rich-menu/personal-rich-menu',
    title: 'title.richMenuPersonal',
    menu: 'none',
  },
  { name: 'location', path: '/location', title: 'title.location', menu: 'main' },
  {
    name: 'report-contact-growth',
    path: '/report/contact-growth',
    title: 'title.reportContactGrowth',
    menu: 'report',
  },
  {
    name: 'report-agent-performance',
    path: '/report/agent-performance',
    title: 'title.reportAgentPerformance',
    menu: 'report',
  },
  {
    name: 'report-chat-volume',
    path: '/report/chat-volume',
    title: 'title.reportChatVolume',
    menu: 'report',
  },
  {
    name: 'report-satisfaction',
    path: '/report/satisfaction',
    title: 'title.reportSatisfaction',
    menu: 'report',
  },
  {
    name: 'report-queue-performance',
    path: '/report/queue-performance',
    title: 'title.reportQueuePerformance',
    menu: 'report',
  },
  { name: 'monitoring', path: '/monitoring', title: 'title.monitoring', menu: 'main' },
  // The chat log (spec 4 chat-log categories): every live chat of the period, beside the reports.
  { name: 'log', path: '/log', title: 'title.log', menu: 'report' },
  { name: 'profile', path: '/profile', title: 'title.profile', menu: 'none' },
  { name: 'setting-general', path: '/setting/general', title: 'title.settingGeneral', menu: 'settings' },
  { name: 'setting-users', path: '/setting/users', title: 'title.settingUsers', menu: 'settings' },
  { name: 'setting-tag', path: '/setting/tag', title: 'title.settingTag', menu: 'settings' },
  { name: 'setting-queue', path: '/setting/queue', title: 'title.settingQueue', menu: 'settings' },
  { name: 'setting-channel', path: '/setting/channel', title: 'title.settingChannel', menu: 'settings' },
  { name: 'setting-intent', path: '/setting/intent', title: 'title.settingIntent', menu: 'settings' },
  { name: 'setting-api', path: '/setting/api', title: 'apis.title', menu: 'settings' },
  {
    name: 'setting-verification',
    path: '/setting/verification',
    title: 'verification.title',
    menu: 'settings',
  },
  { name: 'media', path: '/media', title: 'title.media', menu: 'settings' },
  {
    name: 'setting-chat-import',
    path: '/setting/chat-import',
    title: 'chatImport.pageTitle',
    menu: 'settings',
  },
  // Plain server-rendered page (server/go/): tracked links and customer verification.
  { name: 'go', path: '/go', title: 'title.go', menu: 'none', public: true, standalone: true },
  {
    name: 'invite',
    path: '/invite/:token',
    title: 'title.invite',
    menu: 'none',
    public: true,
    validate: (p) => /^[A-Za-z0-9_-]{20,100}$/.test(p.token ?? ''),
  },
  {
    name: 'widget',
    path: '/widget/:id',
    title: 'title.widget',
    menu: 'none',
    public: true,
    standalone: true,
    validate: validId,
  },
  // Side navigation of the LINE channel uses these addresses (spec 2).
  { name: 'linechat', path: '/linechat', title: 'title.chat', menu: 'none', redirect: '/live' },
  { name: 'richmenu', path: '/richmenu', title: 'title.richMenu', menu: 'none', redirect: '/rich-menu' },
  {
    name: 'report',
    path: '/report',
    title: 'title.report',
    menu: 'none',
    redirect: '/report/contact-growth',
  },
];

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
  locale: Locale;
  /** The path without its locale prefix. */
  path: string;
}

/** Splits a `/th` prefix off a pathname. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  if (pathname === '/th' || pathname === '/th/') return { locale: 'th', path: '/' };
  if (pathname.startsWith('/th/')) return { locale: 'th', path: pathname.slice(3) };
  return { locale: 'en', path: pathname };
}

/** The same address in another language. */
export function localizePath(path: string, locale: Locale): string {
  const bare = splitLocale(path).path;
  if (locale === 'en') return bare;
  return bare === '/' ? '/th' : `/th${bare}`;
}

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i];
    const g = got[i];
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) {
      return null;
    }
  }
  return params;
}

/** Finds the route for a pathname (with or without `/th`); null means the 404 page. */
export function matchRoute(pathname: string): RouteMatch | null {
  const { locale, path: raw } = splitLocale(pathname);
  const path = raw.length > 1 && raw.endsWith('/') ? raw.slice(0, -1) : raw;
  for (const route of ROUTES) {
    const params = matchPattern(route.path, path);
    if (!params) continue;
    if (route.validate && !route.validate(params)) return null;
    return { route, params, locale, path };
  }
  return null;
}
