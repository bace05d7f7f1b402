import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { localizePath } from '../../core/routes';
import { locale, t } from '../app/i18n';

/** Spec 2 and 8: 'This page could not be found' with a link home; the server sends it with 404. */
export function NotFoundPage() {
  useSignals();
  return (
    <main className="status-page" data-testid="not-found">
      <p className="status-code">404</p>
      <h1>{t('notFound.title')}</h1>
      <Link href={localizePath('/', locale.value)}>{t('notFound.back')}</Link>
    </main>
  );
}
