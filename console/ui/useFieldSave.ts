// The save of a settings-look form: the Save button is disabled while it runs; a refusal naming
// a field shows under that field, anything else as the "Fail" toast.
import { useState } from 'react';
import { failed, fieldError } from '../settings/ui';

export type FieldErrors = Record<string, string>;

export function useFieldSave() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  /** With `problems` (the form's own checks), shows them and saves only when there are none. */
  const run = async (save: () => Promise<void>, problems?: FieldErrors) => {
    if (problems) {
      setErrors(problems);
      if (Object.keys(problems).length) return;
    }
    setBusy(true);
    try {
      await save();
    } catch (err) {
      const f = fieldError(err);
      if (f) setErrors({ [f.field]: f.message });
      else failed(err);
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, busy, run };
}
