// Export a chat to Excel or to a zip with its files over a date range (spec 7, 9); the range
// starts as core's export range.
import { useState } from 'react';
import { exportChat } from '../../core/api/endpoints/chatActions';
import { chatExportRequest } from '../../core/chat/exportRequest';
import type { ChatExportRequest } from '../../core/models/chat';
import { t } from '../app/i18n';
import { client } from '../session/api';
import { CancelSave } from '../ui/CancelSave';
import { DateField } from '../ui/DateField';
import type { LiveFollower } from './calls';
import { Dialog } from './Dialog';

export function ExportDialog({ follower, onClose }: { follower: LiveFollower; onClose: () => void }) {
  const [request, setRequest] = useState<ChatExportRequest>(() =>
    chatExportRequest(follower._id, 'excel', new Date()),
  );
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');
  const invalid = !request.start_date || !request.end_date || request.start_date > request.end_date;
  const download = async () => {
    setState('working');
    try {
      const blob = await exportChat(client, request);
      const url = URL.createObjectURL(blob instanceof Blob ? blob : new Blob([JSON.stringify(blob)]));
      const a = document.createElement('a');
      a.href = url;
      a.download = `chat-${request.start_date}-${request.end_date}.${request.type === 'zip' ? 'zip' : 'xlsx'}`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      onClose();
    } catch {
      setState('failed');
    }
  };
  return (
    <Dialog
      title={t('live.exportTitle')}
      onClose={onClose}
      footer={
        <CancelSave
          buttonClass="action-button"
          onCancel={onClose}
          onSave={download}
          busy={invalid || state === 'working'}
          cancelLabel={t('live.cancel')}
          saveLabel={state === 'working' ? t('live.exporting') : t('live.download')}
        />
      }
    >
      <fieldset className="export-types">
        <legend>{t('live.exportType')}</legend>
        {(['excel', 'zip'] as const).map((type) => (
          <label key={type}>
            <input
              type="radio"
              name="export-type"
              checked={request.type === type}
              onChange={() => setRequest({ ...request, type })}
            />{' '}
            {t(`live.exportAs.${type}`)}
          </label>
        ))}
      </fieldset>
      <div className="export-range">
        <label className="field">
          <span>{t('live.exportFrom')}</span>
          <DateField
            value={request.start_date}
            onChange={(start_date) => setRequest({ ...request, start_date })}
          />
        </label>
        <label className="field">
          <span>{t('live.exportTo')}</span>
          <DateField value={request.end_date} onChange={(end_date) => setRequest({ ...request, end_date })} />
        </label>
      </div>
      {invalid ? <p className="field-error">{t('live.exportRangeInvalid')}</p> : null}
      {state === 'failed' ? <p className="form-error">{t('live.exportFailed')}</p> : null}
    </Dialog>
  );
}
