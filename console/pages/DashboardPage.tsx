import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from './PageHeader';

export default function DashboardPage({ titleKey }: PageProps) {
  useSignals();
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <section className="empty-state" data-testid="empty-state">
        <p>{t('empty.dashboard')}</p>
      </section>
    </>
  );
}
