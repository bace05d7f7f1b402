import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../app/i18n';
import { PageHeader } from '../pages/PageHeader';

/** A page the member's role may not open (the server would refuse its calls too). */
export default function NoAccessPage({ titleKey }: { titleKey: string }) {
  useSignals();
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <section className="empty-state" data-testid="no-access">
        <h2>{t('settings.noAccess.title')}</h2>
        <p>{t('settings.noAccess.text')}</p>
      </section>
    </>
  );
}
