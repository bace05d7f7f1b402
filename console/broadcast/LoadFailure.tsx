// A broadcast page whose broadcast could not be read: one that does not exist (404: a link back
// to the list), or a failed load (try again later).
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { localizePath } from '../../core/routes';
import { locale, t } from '../app/i18n';
import { ApiError } from '../session/api';

export type LoadFailureKind = 'missing' | 'error';

export const loadFailureOf = (err: unknown): LoadFailureKind =>
  err instanceof ApiError && err.status === 404 ? 'missing' : 'error';

export function LoadFailure({ kind }: { kind: LoadFailureKind }) {
  useSignals();
  if (kind === 'error') return <p className="bc-error">{t('broadcast.loadFail')}</p>;
  return (
    <p className="bc-error" data-testid="broadcast-missing">
      {t('broadcast.missing')}{' '}
      <Link href={localizePath('/broadcast', locale.value)}>{t('broadcast.allBroadcasts')}</Link>
    </p>
  );
}
