// A labelled field of the settings look: the label, the control, a hint and the field's error
// under it (`.st-field small.error`).
import type { ReactNode } from 'react';
import { FieldErrorText } from './FieldErrorText';

export function FormField({
  label,
  error,
  hint,
  children,
}: {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control comes in as `children`
    <label className="st-field">
      <span>{label}</span>
      {children}
      {hint ? <small className="hint">{hint}</small> : null}
      <FieldErrorText message={error} />
    </label>
  );
}

/** A one-line text input in a FormField; `aria-invalid` follows the error. */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  maxLength,
  placeholder,
  type,
  name,
  inputMode,
  autoFocus = false,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  maxLength?: number;
  placeholder?: string;
  type?: 'text' | 'email' | 'url' | 'password';
  name?: string;
  inputMode?: 'numeric' | 'text';
  /** Takes the focus when the dialog opens. */
  autoFocus?: boolean;
}) {
  return (
    <FormField label={label} error={error} hint={hint}>
      <input
        className="st-input"
        type={type}
        name={name}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        inputMode={inputMode}
        aria-invalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value)}
        data-autofocus={autoFocus || undefined}
      />
    </FormField>
  );
}
