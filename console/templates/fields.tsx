// Inputs bound to a field path of the form being edited. Each shows its problem beside it, in the
// same words the server uses when it refuses the save.
import { useSignals } from '@preact/signals-react/runtime';
import { type ReactNode, useId, useState } from 'react';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import { getAt, setAt } from './paths';
import { activeForm, shownProblem, touch, updateActive } from './state';

export function useField(path: string) {
  useSignals();
  const value = getAt(activeForm.value, path);
  const problem = shownProblem(path);
  const set = (next: unknown) => {
    updateActive((draft) => setAt(draft, path, next));
    touch(path);
  };
  return { value, problem, set };
}

function Frame({
  path,
  label,
  problem,
  hint,
  children,
  id,
  className = '',
}: {
  path: string;
  label: ReactNode;
  problem?: string;
  hint?: ReactNode;
  children: ReactNode;
  id: string;
  className?: string;
}) {
  return (
    <div className={`tpl-field ${className}`} data-field={path}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? <span className="tpl-hint">{hint}</span> : null}
      {problem ? (
        <span className="tpl-field-error" id={`${id}-error`} data-testid="field-error">
          {localMessage(problem)}
        </span>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, problem?: string) => (problem ? { 'aria-describedby': `${id}-error` } : {});

export function TextField({
  path,
  label,
  multiline = false,
  placeholder,
  hint,
  list,
}: {
  path: string;
  label: string;
  multiline?: boolean;
  placeholder?: string;
  hint?: ReactNode;
  list?: string;
}) {
  const id = useId();
  const { value, problem, set } = useField(path);
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const common = {
    id,
    value: text,
    placeholder,
    'aria-invalid': problem ? true : undefined,
    ...describedBy(id, problem),
  };
  return (
    <Frame path={path} label={label} problem={problem} hint={hint} id={id}>
      {multiline ? (
        <textarea {...common} rows={2} onChange={(e) => set(e.target.value)} />
      ) : (
        <input {...common} type="text" list={list} onChange={(e) => set(e.target.value)} />
      )}
    </Frame>
  );
}

/** A number typed freely: the form gets a number whenever the text is one; blank gives `empty`. */
export function NumberField({
  path,
  label,
  empty = 0,
  min = 0,
  max,
  step = 1,
  suffix,
}: {
  path: string;
  label: string;
  empty?: number | null;
  min?: number;
  max?: number;
  step?: number;
  suffix?: string;
}) {
  const id = useId();
  const { value, problem, set } = useField(path);
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (value === null || value === undefined ? '' : String(value));
  return (
    <Frame path={path} label={label} problem={problem} id={id} className="number">
      <span className="tpl-number">
        <input
          id={id}
          type="number"
          inputMode="decimal"
          value={shown}
          min={min}
          max={max}
          step={step}
          aria-invalid={problem ? true : undefined}
          {...describedBy(id, problem)}
          onChange={(e) => {
            const text = e.target.value;
            setDraft(text);
            if (text.trim() === '') set(empty);
            else if (Number.isFinite(Number(text))) set(Number(text));
          }}
          onBlur={() => setDraft(null)}
        />
        {suffix ? <span className="tpl-suffix">{suffix}</span> : null}
      </span>
    </Frame>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField({
  path,
  label,
  options,
  onChange,
}: {
  path: string;
  label: string;
  options: readonly Option[];
  /** Replaces the plain set, for selects whose change reshapes more than one field. */
  onChange?: (value: string) => void;
}) {
  const id = useId();
  const { value, problem, set } = useField(path);
  return (
    <Frame path={path} label={label} problem={problem} id={id}>
      <select
        id={id}
        value={typeof value === 'string' ? value : String(value ?? '')}
        aria-invalid={problem ? true : undefined}
        {...describedBy(id, problem)}
        onChange={(e) => (onChange ? onChange(e.target.value) : set(e.target.value))}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/** `#RGB`, `#RRGGBB` or `#RRGGBBAA` → what `<input type=color>` shows (`#rrggbb`). */
export function pickerColor(value: unknown): string {
  if (typeof value !== 'string') return '#000000';
  if (/^#[0-9a-f]{3}$/i.test(value))
    return `#${[...value.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  if (/^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(value)) return value.slice(0, 7).toLowerCase();
  return '#000000';
}

/** A colour picker with its hex code beside it; an optional colour can be cleared. */
export function ColorField({
  path,
  label,
  optional = false,
}: {
  path: string;
  label: string;
  optional?: boolean;
}) {
  const id = useId();
  const { value, problem, set } = useField(path);
  const text = typeof value === 'string' ? value : '';
  // The picker cannot show alpha: a chosen colour keeps the code's alpha pair.
  const alpha = /^#[0-9a-f]{8}$/i.test(text) ? text.slice(7) : '';
  return (
    <Frame path={path} label={label} problem={problem} id={id} className="color">
      <span className="tpl-color">
        <input
          type="color"
          aria-label={`${label} — ${t('templates.fields.picker')}`}
          value={pickerColor(text)}
          onChange={(e) => set(`${e.target.value.toUpperCase()}${alpha}`)}
        />
        <input
          id={id}
          type="text"
          value={text}
          maxLength={9}
          spellCheck={false}
          placeholder={optional ? t('templates.fields.noColor') : '#000000'}
          aria-invalid={problem ? true : undefined}
          {...describedBy(id, problem)}
          onChange={(e) => set(e.target.value.trim() === '' && optional ? null : e.target.value.trim())}
        />
        {optional && text ? (
          <button
            type="button"
            className="tpl-icon-button"
            aria-label={t('templates.fields.clearColor')}
            onClick={() => set(null)}
          >
            ×
          </button>
        ) : null}
      </span>
    </Frame>
  );
}

export function CheckboxField({ path, label }: { path: string; label: string }) {
  const { value, set } = useField(path);
  return (
    <label className="tpl-check" data-field={path}>
      <input type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

/** A short row of choices shown as buttons (content size, image source). */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  name,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  name: string;
}) {
  return (
    <fieldset className="tpl-segmented">
      <legend>{label}</legend>
      <div>
        {options.map((o) => (
          <label key={o.value} className={o.value === value ? 'on' : ''}>
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={o.value === value}
              onChange={() => onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
