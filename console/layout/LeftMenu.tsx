import { useSignals } from '@preact/signals-react/runtime';
import { Link, useLocation } from 'wouter';
import { localizePath, ROUTES, splitLocale } from '../../core/routes';
import { locale, t } from '../app/i18n';
import { inMenu } from '../session/access';
import { Icon } from './icons';
import { unreadBadge } from './unread';

const REPORT_HOME = '/report/contact-growth';

/**
 * The 80 px left menu: the main menu, or the chat-only menu for agents (spec 2) with what their
 * role was granted beyond it (session/access.ts `inMenu`).
 */
export function LeftMenu() {
  useSignals();
  const [location] = useLocation();
  const current = splitLocale(location).path;
  // Only what the member's role may open (core/access/areas.ts).
  const items = ROUTES.filter((r) => (r.menu === 'main' || r.chatMenu) && inMenu(r));
  const reportHome = ROUTES.find((r) => r.path === REPORT_HOME);
  const entries = [
    ...items.map((r) => ({ key: r.name, path: r.path, title: r.title })),
    ...(reportHome && inMenu(reportHome)
      ? [{ key: 'report', path: REPORT_HOME, title: 'title.report' }]
      : []),
  ];
  return (
    <nav className="left-menu" aria-label={t('menu.main')}>
      <ul>
        {entries.map((entry) => {
          // The Log is one of the report tabs.
          const active =
            entry.key === 'report'
              ? current.startsWith('/report') || current === '/log'
              : current.startsWith(entry.path);
          return (
            <li key={entry.key}>
              <Link
                href={localizePath(entry.path, locale.value)}
                className={active ? 'active' : ''}
                aria-current={active ? 'page' : undefined}
              >
                <Icon name={entry.key} />
                <span>{t(entry.title)}</span>
                {entry.key === 'live' && unreadBadge.value > 0 ? (
                  <span
                    className="menu-badge"
                    role="status"
                    aria-label={t('layout.unread', { count: unreadBadge.value })}
                  >
                    {unreadBadge.value > 99 ? '99+' : unreadBadge.value}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
