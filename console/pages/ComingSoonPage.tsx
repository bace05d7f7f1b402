import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from './PageHeader';

/** A screen that a later part of the product fills: its title and an honest empty state. */
export default function ComingSoonPage({ titleKey }: PageProps) {
  useSignals();
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <section className="empty-state" data-testid="empty-state">
        <h2>{t('empty.notYet')}</h2>
        <p>{t('empty.notYetDetail')}</p>
      </section>
    </>
  );
}
