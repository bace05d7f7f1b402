// A new-password field with spec 5's typing filter (letters, digits and @ $ ! % * ? & only) and
// the policy shown as a checklist that fills in while typing.
import { useId, useState } from 'react';
import { filterPasswordInput, type PasswordProblem, passwordProblems } from '../../core/validation/password';
import { t } from '../app/i18n';
import { FieldErrorText } from '../ui/FieldErrorText';

const RULES: Exclude<PasswordProblem, 'required'>[] = [
  'too_short',
  'no_upper',
  'no_lower',
  'no_digit',
  'no_special',
];

export function PasswordField({
  label,
  value,
  onChange,
  error,
  withPolicy = true,
  autoComplete = 'new-password',
  name,
}: {
  label: string;
  value: string;
  onChange: (next: string) => void;
  error?: string | null;
  withPolicy?: boolean;
  autoComplete?: string;
  name?: string;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const problems = new Set(passwordProblems(value));
  return (
    <div className="st-field">
      <label htmlFor={id}>{label}</label>
      <span className="password-row">
        <input
          id={id}
          name={name}
          className="st-input"
          style={{ flex: 1 }}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          value={value}
          maxLength={128}
          aria-invalid={Boolean(error)}
          onChange={(e) => onChange(withPolicy ? filterPasswordInput(e.target.value) : e.target.value)}
        />
        <button type="button" className="st-link" aria-pressed={shown} onClick={() => setShown(!shown)}>
          {shown ? t('login.hidePassword') : t('login.showPassword')}
        </button>
      </span>
      {withPolicy ? (
        <ul className="st-policy" aria-label={t('settings.password.policy')}>
          {RULES.map((rule) => (
            <li key={rule} className={value && !problems.has(rule) ? 'ok' : ''}>
              {t(`settings.password.${rule}`)}
            </li>
          ))}
        </ul>
      ) : null}
      <FieldErrorText message={error} />
    </div>
  );
}
