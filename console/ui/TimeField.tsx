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
  keepInvalid = false,
  className = 'st-input',
  id,
  'aria-label': ariaLabel,
  'aria-invalid': ariaInvalid,
  'aria-describedby': describedBy,
}: {
  value: string;
  onChange: (next: string) => void;
  /** 24:00 ("until midnight") is a time too. */
  allowEndOfDay?: boolean;
  /** Hand on text that is no time as typed (for the server to refuse, naming the field), not ''. */
  keepInvalid?: boolean;
  className?: string;
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
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
      id={id}
      aria-label={ariaLabel}
      aria-describedby={describedBy}
      aria-invalid={ariaInvalid || (text !== '' && parsed === null) || undefined}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseTime(e.target.value, allowEndOfDay) ?? (keepInvalid ? e.target.value.trim() : ''));
      }}
      onBlur={() => {
        if (parsed) setText(parsed);
      }}
    />
  );
}
