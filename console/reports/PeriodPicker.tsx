// Presets (spec 9: today, 1d, 7d, 30d, alltime) and a custom range of days. Shows the days the
// server resolved the choice to, in DD/MM/YYYY (all time as "everything up to" its last day: its
// start is a date before any data, not one to show).
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { DATE_PRESETS } from '../../core/format/datePresets';
import { formatDate } from '../../core/format/dates';
import type { Period } from '../../core/reports/period';
import { t } from '../app/i18n';
import { DateField } from '../ui/DateField';
import type { PeriodChoice } from './state';

export function PeriodPicker({
  value,
  onChange,
  resolved,
}: {
  value: PeriodChoice;
  onChange: (next: PeriodChoice) => void;
  resolved: Period | null;
}) {
  useSignals();
  const [custom, setCustom] = useState(value.preset === 'custom');
  const [start, setStart] = useState(
    value.preset === 'custom' ? value.start_date : (resolved?.start_date ?? ''),
  );
  const [end, setEnd] = useState(value.preset === 'custom' ? value.end_date : (resolved?.end_date ?? ''));
  const invalid = custom && start !== '' && end !== '' && end < start;

  const openCustom = () => {
    setCustom(true);
    if (!start && resolved) setStart(resolved.start_date);
    if (!end && resolved) setEnd(resolved.end_date);
  };

  return (
    <div className="period-picker">
      <fieldset className="preset-group">
        <legend className="sr-only">{t('reports.range.label')}</legend>
        {DATE_PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={!custom && value.preset === p}
            onClick={() => {
              setCustom(false);
              onChange({ preset: p });
            }}
          >
            {t(`reports.presets.${p}`)}
          </button>
        ))}
        <button type="button" aria-pressed={custom} onClick={openCustom}>
          {t('reports.presets.custom')}
        </button>
      </fieldset>
      {custom ? (
        <form
          className="custom-range"
          onSubmit={(e) => {
            e.preventDefault();
            if (start && end && !invalid) onChange({ preset: 'custom', start_date: start, end_date: end });
          }}
        >
          <label>
            <span>{t('reports.range.from')}</span>
            <DateField value={start} max={end || undefined} onChange={setStart} required />
          </label>
          <label>
            <span>{t('reports.range.to')}</span>
            <DateField value={end} min={start || undefined} onChange={setEnd} required />
          </label>
          <button type="submit" className="small-primary" disabled={!start || !end || invalid}>
            {t('reports.range.apply')}
          </button>
          {invalid ? (
            <span className="field-error" role="alert">
              {t('reports.range.invalid')}
            </span>
          ) : null}
        </form>
      ) : null}
      {resolved ? (
        <p className="period-days muted" data-testid="period-days">
          {resolved.type === 'alltime'
            ? t('reports.range.allTimeUntil', { end: formatDate(resolved.end_date) })
            : `${formatDate(resolved.start_date)} – ${formatDate(resolved.end_date)}`}
        </p>
      ) : null}
    </div>
  );
}
