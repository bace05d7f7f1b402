// A 400 that names the first bad field and lists every one (`errors`), as the settings forms show them.
import type { FieldError } from '../../core/validation/rules';
import { HttpError } from '../http/errors';

export class InvalidFields extends HttpError {
  constructor(readonly errors: FieldError[]) {
    super(400, errors[0]?.message ?? 'This field is required.', 'invalid', errors[0]?.field || 'body');
  }

  override toJSON() {
    return { ...super.toJSON(), errors: this.errors };
  }
}
