// Excel and CSV exports of the report on screen, with progress while the file arrives.
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { ExportFormat, ReportName } from '../../core/reports/wire';
import { locale, t } from '../app/i18n';
import { downloadExport } from './calls';

export function ExportButtons({ name, query }: { name: ReportName; query: Record<string, string> }) {
  useSignals();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [share, setShare] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  const run = async (format: ExportFormat) => {
    setBusy(format);
    setFailed(false);
    try {
      await downloadExport(name, format, query, locale.value, setShare);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
      setShare(null);
    }
  };

  return (
    <div className="export-buttons">
      <button type="button" className="small-button" disabled={busy !== null} onClick={() => run('xlsx')}>
        {t('reports.export.excel')}
      </button>
      <button type="button" className="small-button" disabled={busy !== null} onClick={() => run('csv')}>
        {t('reports.export.csv')}
      </button>
      {busy ? (
        <span className="export-progress" role="status">
          <progress max={1} value={share ?? undefined} />
          {share === null
            ? t('reports.export.busyUnknown')
            : t('reports.export.busy', { percent: `${Math.round(share * 100)}%` })}
        </span>
      ) : null}
      {failed ? (
        <span className="field-error" role="alert">
          {t('reports.export.failed')}
        </span>
      ) : null}
    </div>
  );
}
