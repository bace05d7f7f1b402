// The save of a settings-look form: the Save button is disabled while it runs; a refusal naming
// a field shows under that field, anything else as the "Fail" toast.
import { useState } from 'react';
import { failed, fieldError } from '../settings/ui';

export type FieldErrors = Record<string, string>;

/** `shown`: the only fields the form shows an error under; a refusal naming another is a toast. */
export function useFieldSave(shown?: readonly string[]) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  /** Shows the form's own problems; true when there are none. */
  const passes = (problems: FieldErrors) => {
    setErrors(problems);
    return Object.keys(problems).length === 0;
  };
  /** With `problems` (the form's own checks), shows them and saves only when there are none. */
  const run = async (save: () => Promise<void>, problems?: FieldErrors) => {
    if (problems && !passes(problems)) return;
    setBusy(true);
    try {
      await save();
    } catch (err) {
      const f = fieldError(err);
      if (f && (!shown || shown.includes(f.field))) setErrors({ [f.field]: f.message });
      else failed(err);
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, passes, busy, run };
}
