// /monitoring (spec 2 title 'Monitoring'; headers chat status, queue setting, queue management):
// the supervisors' live view of the team. The server decides who may see it and what is in it.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { formatDateTime } from '../../core/format/dates';
import { GENERIC_ERROR_KEYS } from '../../core/text/notices';
import { t } from '../app/i18n';
import { knownMessage } from '../app/localMessage';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { socketConnected } from '../realtime/socket';
import { Toasts } from '../settings/ui';
import { ChatStatus } from './ChatStatus';
import { QueueManagement } from './QueueManagement';
import { QueueSetting } from './QueueSetting';
import { fetchedAt, loadError, overview, refresh, watch } from './state';
import './monitoring.css';

export default function MonitoringPage({ titleKey }: PageProps) {
  useSignals();
  useEffect(() => watch(), []);
  const data = overview.value;
  return (
    <div className="st-page mon-page">
      <PageHeader title={t(titleKey)}>
        <span className={`mon-live${socketConnected.value ? ' on' : ''}`} data-testid="mon-live">
          <span className="mon-dot" aria-hidden="true" />
          {socketConnected.value ? t('monitoring.live') : t('monitoring.offline')}
        </span>
        {fetchedAt.value ? (
          <span className="muted mon-updated">
            {t('monitoring.updated', { time: formatDateTime(fetchedAt.value) })}
          </span>
        ) : null}
      </PageHeader>
      {loadError.value ? (
        <div className="form-error" role="alert">
          {knownMessage(loadError.value) ?? t(GENERIC_ERROR_KEYS.title)}{' '}
          <button type="button" className="link-button" onClick={() => void refresh()}>
            {t('monitoring.retry')}
          </button>
        </div>
      ) : null}
      {data ? (
        <>
          <ChatStatus data={data} />
          <QueueSetting data={data} />
          <QueueManagement data={data} />
        </>
      ) : loadError.value ? null : (
        <div className="page-loading" role="status">
          {t('layout.loading')}
        </div>
      )}
      <Toasts />
    </div>
  );
}
