// The console's one date box (spec 9): shows and takes DD/MM/YYYY, or DD/MM/YYYY HH:mm with
// `withTime`, whatever the browser's language, and hands the form 'YYYY-MM-DD' ('YYYY-MM-DDTHH:mm'),
// the value shape <input type="date"> ("datetime-local") gave. A calendar button opens a month
// view (./DateCalendar.tsx, react-day-picker) loaded on first opening, in the console's language
// with Gregorian years. Keyboard: Alt+↓ or ↓ in the box, or the button, opens it; arrows, Page
// Up/Down and Home/End move in it, Enter picks, Escape closes, and focus comes back to the box.
import { useSignals } from '@preact/signals-react/runtime';
import {
  type CSSProperties,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { t } from '../app/i18n';
import { displayText, parseText } from './dateText';
import './dateField.css';

const DateCalendar = lazy(() => import('./DateCalendar'));

export interface DateFieldProps {
  /** 'YYYY-MM-DD', or 'YYYY-MM-DDTHH:mm' with `withTime`; '' for none. */
  value: string;
  /** Called with a valid value, or '' when the box is emptied or holds no valid date. */
  onChange: (next: string) => void;
  withTime?: boolean;
  /** Earliest and latest day the calendar offers ('YYYY-MM-DD'); typed days outside are marked invalid. */
  min?: string;
  max?: string;
  id?: string;
  name?: string;
  /** The input's class (e.g. the page's text-field class). */
  className?: string;
  required?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

const POPUP_GAP = 4;

export function DateField({
  value,
  onChange,
  withTime = false,
  min,
  max,
  id,
  name,
  className,
  required,
  disabled,
  'aria-label': ariaLabel,
  'aria-invalid': ariaInvalid,
  'aria-describedby': describedBy,
}: DateFieldProps) {
  useSignals();
  const [text, setText] = useState(() => displayText(value, withTime));
  const [typedBad, setTypedBad] = useState(false);
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<CSSProperties>({ visibility: 'hidden' });
  const wrap = useRef<HTMLSpanElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const popupId = useId();
  const hintId = useId();

  // A value set from outside (a preset, a reset, the calendar) replaces the text, unless the text
  // already means it (or is a half-typed date the form sees as '').
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value or mode rewrites the text.
  useEffect(() => {
    const typed = parseText(text, withTime);
    if (typed === value || (typed === null && value === '')) return;
    setText(displayText(value, withTime));
    setTypedBad(false);
  }, [value, withTime]);

  const day = value.slice(0, 10);
  const outOfRange = day !== '' && ((min !== undefined && day < min) || (max !== undefined && day > max));

  const type = (next: string) => {
    setText(next);
    const parsed = parseText(next, withTime);
    setTypedBad(false);
    if (parsed === null) {
      if (value !== '') onChange('');
    } else if (parsed !== value) onChange(parsed);
  };

  const close = useCallback((focusBox: boolean) => {
    setOpen(false);
    setPosition({ visibility: 'hidden' });
    if (focusBox) input.current?.focus();
  }, []);

  // The popup is fixed to the viewport (a dialog's scrolling body does not clip it), below the box
  // or above it when there is no room below, and follows the box when the page scrolls.
  const place = useCallback(() => {
    const box = wrap.current?.getBoundingClientRect();
    const el = popup.current;
    if (!box || !el) return;
    const { width, height } = el.getBoundingClientRect();
    const below = window.innerHeight - box.bottom - POPUP_GAP;
    const top =
      below >= height || box.top < height + POPUP_GAP ? box.bottom + POPUP_GAP : box.top - height - POPUP_GAP;
    const left = Math.max(POPUP_GAP, Math.min(box.left, window.innerWidth - width - POPUP_GAP));
    setPosition({ top, left });
  }, []);

  useLayoutEffect(() => {
    if (!open) return;
    place();
    const el = popup.current;
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(place) : null;
    if (el) observer?.observe(el);
    const onPointer = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) close(false);
    };
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      observer?.disconnect();
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
      document.removeEventListener('pointerdown', onPointer, true);
    };
  }, [open, place, close]);

  const invalid = typedBad || outOfRange || Boolean(ariaInvalid);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focusout of the box, button or calendar closes the calendar.
    <span
      className="date-field"
      ref={wrap}
      onBlur={(e) => {
        if (open && !wrap.current?.contains(e.relatedTarget as Node | null)) close(false);
      }}
    >
      <input
        ref={input}
        id={id}
        name={name}
        type="text"
        className={className ? `date-field-input ${className}` : 'date-field-input'}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        placeholder={withTime ? 'DD/MM/YYYY HH:mm' : 'DD/MM/YYYY'}
        value={text}
        required={required}
        disabled={disabled}
        aria-label={ariaLabel}
        aria-invalid={invalid || undefined}
        aria-describedby={[describedBy, invalid ? hintId : null].filter(Boolean).join(' ') || undefined}
        data-value={value}
        onChange={(e) => type(e.target.value)}
        onBlur={() => {
          const parsed = parseText(text, withTime);
          if (parsed === null) setTypedBad(true);
          else setText(displayText(parsed, withTime));
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          } else if (e.key === 'Escape' && open) {
            // Closes the calendar only (not a dialog around the box).
            e.preventDefault();
            e.stopPropagation();
            close(true);
          }
        }}
      />
      <button
        type="button"
        className="date-field-button"
        aria-label={withTime ? t('dateField.openDateTime') : t('dateField.open')}
        title={withTime ? t('dateField.openDateTime') : t('dateField.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        disabled={disabled}
        onClick={() => (open ? close(true) : setOpen(true))}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M5 1a.75.75 0 0 1 .75.75V2.5h4.5v-.75a.75.75 0 0 1 1.5 0v.75h.75A2.5 2.5 0 0 1 15 5v7.5a2.5 2.5 0 0 1-2.5 2.5h-9A2.5 2.5 0 0 1 1 12.5V5a2.5 2.5 0 0 1 2.5-2.5h.75v-.75A.75.75 0 0 1 5 1Zm-2.5 6v5.5a1 1 0 0 0 1 1h9a1 1 0 0 0 1-1V7h-11Z"
          />
        </svg>
      </button>
      {invalid ? (
        <span id={hintId} className="sr-only">
          {outOfRange && !typedBad
            ? t('dateField.outOfRange')
            : withTime
              ? t('dateField.invalidDateTime')
              : t('dateField.invalid')}
        </span>
      ) : null}
      {open ? (
        <div
          id={popupId}
          ref={popup}
          className="date-field-popup"
          role="dialog"
          aria-modal="false"
          aria-label={withTime ? t('dateField.openDateTime') : t('dateField.open')}
          style={position}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              e.preventDefault();
              close(true);
            }
          }}
          onClick={(e) => {
            // A click on the popup's empty space must not reach the surrounding <label> (which would
            // send it to the box); buttons, selects and inputs in it work as usual.
            if (!(e.target as Element).closest('button, select, input, a')) e.preventDefault();
          }}
        >
          <Suspense fallback={<p className="date-field-loading">{t('dateField.loading')}</p>}>
            <DateCalendar
              value={value}
              withTime={withTime}
              min={min}
              max={max}
              onPick={(next, done) => {
                onChange(next);
                setText(displayText(next, withTime));
                setTypedBad(false);
                if (done) close(true);
              }}
              onDone={() => close(true)}
            />
          </Suspense>
        </div>
      ) : null}
    </span>
  );
}
