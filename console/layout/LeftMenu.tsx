import { useSignals } from '@preact/signals-react/runtime';
import { Link, useLocation } from 'wouter';
import { localizePath, ROUTES, splitLocale } from '../../core/routes';
import { locale, t } from '../app/i18n';
import { chatOnly } from '../session/state';
import { Icon } from './icons';

const REPORT_HOME = '/report/contact-growth';

/** The 80 px left menu: the main menu, or the chat-only menu for agents (spec 2). */
export function LeftMenu() {
  useSignals();
  const [location] = useLocation();
  const current = splitLocale(location).path;
  const items = ROUTES.filter((r) => (chatOnly.value ? r.chatMenu : r.menu === 'main'));
  const entries = chatOnly.value
    ? items.map((r) => ({ key: r.name, path: r.path, title: r.title }))
    : [
        ...items.map((r) => ({ key: r.name, path: r.path, title: r.title })),
        { key: 'report', path: REPORT_HOME, title: 'title.report' },
      ];
  return (
    <nav className="left-menu" aria-label={t('menu.main')}>
      <ul>
        {entries.map((entry) => {
          const active =
            entry.key === 'report' ? current.startsWith('/report') : current.startsWith(entry.path);
          return (
            <li key={entry.key}>
              <Link
                href={localizePath(entry.path, locale.value)}
                className={active ? 'active' : ''}
                aria-current={active ? 'page' : undefined}
              >
                <Icon name={entry.key} />
                <span>{t(entry.title)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
