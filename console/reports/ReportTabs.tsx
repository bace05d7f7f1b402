// The report sub-pages (spec 2), as tabs under the page title.
import { useSignals } from '@preact/signals-react/runtime';
import { Link, useLocation } from 'wouter';
import { localizePath, ROUTES, splitLocale } from '../../core/routes';
import { locale, t } from '../app/i18n';

export function ReportTabs() {
  useSignals();
  const [location] = useLocation();
  const current = splitLocale(location).path;
  return (
    <nav className="report-tabs" aria-label={t('reports.nav')}>
      {ROUTES.filter((r) => r.menu === 'report').map((r) => (
        <Link
          key={r.name}
          href={localizePath(r.path, locale.value)}
          className={current === r.path ? 'active' : ''}
          aria-current={current === r.path ? 'page' : undefined}
        >
          {t(r.title)}
        </Link>
      ))}
    </nav>
  );
}
