import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../app/i18n';

/** The public /go page (spec 2). What it opens is decided by the actions feature. */
export function GoPage() {
  useSignals();
  return (
    <main className="status-page">
      <h1>{t('title.go')}</h1>
      <p>{t('empty.notYet')}</p>
    </main>
  );
}
