// Customer verification (issue 16): the /go form's answers are checked with the spec 5 texts,
// and the settings are refused by field.
import { describe, expect, it } from 'vitest';
import {
  cleanAnswers,
  DEFAULT_FIELDS,
  type VerificationField,
  validateAnswers,
  validateVerificationSettings,
} from '../../../core/verification/settings';

const fields: VerificationField[] = [
  { key: 'phone', label: '', type: 'tel', required: true },
  { key: 'email', label: '', type: 'email', required: false },
  { key: 'member_no', label: 'Member number', type: 'number', required: false },
  { key: 'birth_date', label: '', type: 'date', required: false },
];

describe('answers', () => {
  it('are trimmed; a phone number loses spaces, dashes and brackets', () => {
    expect(cleanAnswers(fields, { phone: ' (081) 234-5678 ', email: ' a@b.co ', extra: 'x' })).toEqual({
      phone: '0812345678',
      email: 'a@b.co',
      member_no: '',
      birth_date: '',
    });
  });

  it.each<[Record<string, string>, string, string]>([
    [{ phone: '' }, 'phone', 'This field is required.'],
    [{ phone: '08123456789' }, 'phone', 'tel is invalid format'],
    [{ phone: '0812345678', email: 'nope' }, 'email', 'email is invalid format'],
    [{ phone: '0812345678', member_no: '12a' }, 'member_no', 'number is invalid format'],
    [{ phone: '0812345678', birth_date: '2024-02-30' }, 'birth_date', 'date is invalid format'],
  ])('%o → %s: %s', (answers, field, message) => {
    expect(validateAnswers(fields, answers)).toEqual([{ field, message }]);
  });

  it('optional fields may stay empty', () => {
    expect(validateAnswers(fields, { phone: '0812345678' })).toEqual([]);
  });
});

describe('settings', () => {
  const base = {
    mode: 'agent' as const,
    api_connection_id: null,
    fields: [...DEFAULT_FIELDS],
    texts: {},
    language: 'en' as const,
  };
  it('pass with the defaults', () => {
    expect(validateVerificationSettings(base)).toEqual([]);
  });
  it('are refused by field', () => {
    const errors = validateVerificationSettings({
      ...base,
      mode: 'api',
      fields: [
        { key: 'phone', label: '', type: 'tel', required: true },
        { key: 'Phone', label: 'Phone', type: 'tel', required: true },
        { key: 'custom', label: '', type: 'text', required: false },
      ],
      texts: { button: 'x'.repeat(21) },
    });
    expect(errors).toEqual([
      { field: 'api_connection_id', message: 'Choose the API that checks the answers.' },
      { field: 'fields[1].key', message: 'This key is used twice.' },
      { field: 'fields[2].label', message: 'This field is required.' },
      { field: 'texts.button', message: 'Please enter no more than 20 characters.' },
    ]);
  });
});
