import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { localizePath } from '../../core/routes';
import { locale, t } from '../app/i18n';
import { PageHeader } from '../pages/PageHeader';
import { homePath } from '../session/access';

/** A page the member's role may not open (the server would refuse its calls too). */
export default function NoAccessPage({ titleKey }: { titleKey: string }) {
  useSignals();
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <section className="empty-state" data-testid="no-access">
        <h2>{t('settings.noAccess.title')}</h2>
        <p>{t('settings.noAccess.text')}</p>
        <Link href={localizePath(homePath.value, locale.value)}>{t('settings.noAccess.home')}</Link>
      </section>
    </>
  );
}
