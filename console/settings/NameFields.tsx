// A member's names and phone (spec 2 profile, edit user): the same fields and checks on one's own
// profile and in the team's edit dialog.
import { isTel, MESSAGES } from '../../core/validation/rules';
import { t } from '../app/i18n';
import { TextField } from '../ui/FormField';
import type { FieldErrors } from '../ui/useFieldSave';

export interface Names {
  display_name: string;
  first_name: string;
  last_name: string;
  phone: string;
}

/** The form's own checks: a display name is required, a phone (when given) must be one. */
export function namesProblems(names: Names): FieldErrors {
  const problems: FieldErrors = {};
  if (!names.display_name.trim()) problems.display_name = MESSAGES.required;
  if (names.phone.trim() && !isTel(names.phone.trim())) problems.phone = MESSAGES.tel;
  return problems;
}

export function NameFields({
  names,
  errors,
  onChange,
  named = false,
}: {
  names: Names;
  errors: FieldErrors;
  onChange: (field: keyof Names, value: string) => void;
  /** The inputs carry the field names, so that the browser may fill in one's own details. */
  named?: boolean;
}) {
  const input = (k: keyof Names, max: number) => (
    <TextField
      label={t(`settings.users.${k}`)}
      name={named ? k : undefined}
      value={names[k]}
      maxLength={max}
      inputMode={k === 'phone' ? 'numeric' : undefined}
      error={errors[k]}
      onChange={(next) => onChange(k, k === 'phone' ? next.replace(/\D/g, '') : next)}
    />
  );
  return (
    <>
      {input('display_name', 100)}
      <div className="st-row">
        {input('first_name', 100)}
        {input('last_name', 100)}
      </div>
      {input('phone', 10)}
    </>
  );
}
