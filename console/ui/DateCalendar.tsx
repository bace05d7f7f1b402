// The month view of ./DateField.tsx, in its own chunk (loaded when a calendar first opens):
// react-day-picker with names from Intl in the console's language and Gregorian years (Thai's
// default calendar is the Buddhist era, which the product does not use), and an hour and minute
// choice for date-and-time fields.
import { useSignals } from '@preact/signals-react/runtime';
import { DayPicker, type Formatters, type Labels, type Matcher } from 'react-day-picker';
import 'react-day-picker/style.css';
import { locale, t } from '../app/i18n';
import { dayOf, dayValue, intlLocale } from './dateText';

const pad = (n: number) => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, h) => pad(h));
const MINUTES = Array.from({ length: 60 }, (_, m) => pad(m));

/** Names and screen-reader labels of the calendar in a language, made once per language. */
const texts = new Map<string, { formatters: Partial<Formatters>; labels: Partial<Labels> }>();

function calendarText(lang: string) {
  const known = texts.get(lang);
  if (known) return known;
  const loc = intlLocale(lang);
  const caption = new Intl.DateTimeFormat(loc, { month: 'long', year: 'numeric' });
  const monthName = new Intl.DateTimeFormat(loc, { month: 'long' });
  // Thai calendars head their columns อา จ อ พ พฤ ศ ส ('short' is the whole word, too wide).
  const weekdayShort = new Intl.DateTimeFormat(loc, { weekday: lang === 'th' ? 'narrow' : 'short' });
  const weekdayLong = new Intl.DateTimeFormat(loc, { weekday: 'long' });
  const fullDay = new Intl.DateTimeFormat(loc, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const formatters: Partial<Formatters> = {
    formatCaption: (month) => caption.format(month),
    formatMonthDropdown: (month) => monthName.format(month),
    formatYearDropdown: (year) => String(year.getFullYear()),
    formatWeekdayName: (day) => weekdayShort.format(day),
    formatDay: (day) => String(day.getDate()),
  };
  const labels: Partial<Labels> = {
    labelDayButton: (day, modifiers) =>
      [
        fullDay.format(day),
        modifiers?.today ? t('dateField.today') : '',
        modifiers?.selected ? t('dateField.selected') : '',
      ]
        .filter(Boolean)
        .join(', '),
    labelGrid: (month) => caption.format(month),
    labelGridcell: (day) => fullDay.format(day),
    labelWeekday: (day) => weekdayLong.format(day),
    labelNext: () => t('dateField.nextMonth'),
    labelPrevious: () => t('dateField.previousMonth'),
    labelMonthDropdown: () => t('dateField.month'),
    labelYearDropdown: () => t('dateField.year'),
    labelNav: () => t('dateField.navigation'),
  };
  const made = { formatters, labels };
  texts.set(lang, made);
  return made;
}

export default function DateCalendar({
  value,
  withTime,
  min,
  max,
  onPick,
  onDone,
}: {
  value: string;
  withTime: boolean;
  min?: string;
  max?: string;
  /** A new value; `done` closes the calendar. */
  onPick: (next: string, done: boolean) => void;
  onDone: () => void;
}) {
  useSignals();
  const lang = locale.value;
  const { formatters, labels } = calendarText(lang);

  const selected = dayOf(value);
  const time = withTime && value.length >= 16 ? value.slice(11, 16) : '00:00';
  const minDay = dayOf(min);
  const maxDay = dayOf(max);
  const disabled: Matcher[] = [];
  if (minDay) disabled.push({ before: minDay });
  if (maxDay) disabled.push({ after: maxDay });
  const thisYear = new Date().getFullYear();
  const withDay = (date: Date, hhmm = time) => (withTime ? `${dayValue(date)}T${hhmm}` : dayValue(date));

  return (
    <div className="date-calendar" lang={lang}>
      <DayPicker
        mode="single"
        required={false}
        selected={selected}
        defaultMonth={selected ?? maxDay ?? minDay}
        // Picking the day already chosen keeps it and closes (the picker's own 'deselect' left the
        // calendar open with nothing done: Enter on the focused, selected day seemed to do nothing).
        onSelect={(date, picked) => {
          const day = date ?? picked;
          if (day) onPick(withDay(day), !withTime);
        }}
        disabled={disabled}
        captionLayout="dropdown"
        startMonth={new Date(Math.min(1900, minDay?.getFullYear() ?? 1900), 0)}
        endMonth={new Date(Math.max(thisYear + 10, maxDay?.getFullYear() ?? 0), 11)}
        formatters={formatters}
        labels={labels}
        lang={lang}
        autoFocus
      />
      {withTime ? (
        <div className="date-calendar-time">
          <label>
            <span>{t('dateField.hour')}</span>
            <select
              value={time.slice(0, 2)}
              onChange={(e) =>
                onPick(withDay(selected ?? new Date(), `${e.target.value}:${time.slice(3, 5)}`), false)
              }
            >
              {HOURS.map((h) => (
                <option key={h}>{h}</option>
              ))}
            </select>
          </label>
          <span aria-hidden="true">:</span>
          <label>
            <span>{t('dateField.minute')}</span>
            <select
              value={time.slice(3, 5)}
              onChange={(e) =>
                onPick(withDay(selected ?? new Date(), `${time.slice(0, 2)}:${e.target.value}`), false)
              }
            >
              {MINUTES.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
          </label>
          <button type="button" className="date-calendar-done" onClick={onDone}>
            {t('dateField.done')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
