// The console's one clock-time box (spec 9: HH:mm, 24-hour), in place of <input type="time">,
// which shows the browser's own format ("09:00 AM" in US English) and cannot hold 24:00. The form
// gets 'HH:MM' while the text is a time, '' while it is not (so its rules name the field).
import { useEffect, useState } from 'react';
import { parseTime } from './timeText';
import './dateField.css';

export function TimeField({
  value,
  onChange,
  allowEndOfDay = false,
  className = 'st-input',
  'aria-label': ariaLabel,
  'aria-invalid': ariaInvalid,
}: {
  value: string;
  onChange: (next: string) => void;
  /** 24:00 ("until midnight") is a time too. */
  allowEndOfDay?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
}) {
  const [text, setText] = useState(value);
  // A value set from outside (a preset, a reset) replaces what is typed.
  useEffect(() => {
    setText((current) => (parseTime(current, allowEndOfDay) === value ? current : value));
  }, [value, allowEndOfDay]);
  const parsed = parseTime(text, allowEndOfDay);
  return (
    <input
      type="text"
      inputMode="numeric"
      className={`${className} time-field`}
      placeholder="HH:mm"
      maxLength={5}
      value={text}
      aria-label={ariaLabel}
      aria-invalid={ariaInvalid || (text !== '' && parsed === null) || undefined}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseTime(e.target.value, allowEndOfDay) ?? '');
      }}
      onBlur={() => {
        if (parsed) setText(parsed);
      }}
    />
  );
}
