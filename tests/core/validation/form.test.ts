import { describe, expect, it } from 'vitest';
import {
  clockTime,
  color,
  email,
  integer,
  json,
  latitude,
  longitude,
  maxLength,
  minLength,
  required,
  tel,
  url,
  validateForm,
} from '../../../core/validation/form';

describe('spec 5: field checks return the spec message or null', () => {
  it.each([
    ['required', required, '', 'This field is required.'],
    ['required', required, null, 'This field is required.'],
    ['required', required, 'x', null],
    ['color', color, '#12', 'code color is invalid format'],
    ['email', email, 'nope', 'email is invalid format'],
    ['tel', tel(), '08123456789', 'tel is invalid format'],
    ['tel', tel(), '0812345678', null],
    ['url', url(), 'www.x.com', 'url is invalid format'],
    ['url placeholders', url({ placeholders: true }), 'https://x.com/{id}', null],
    ['latitude', latitude, '91', 'latitude is invalid format'],
    ['longitude', longitude, '181', 'longitude is invalid format'],
    ['json', json, '{', 'json is invalid format'],
    ['integer', integer, '1.2', 'number is invalid format'],
    ['time', clockTime, '25:00', 'time is invalid format'],
    ['maxLength 300', maxLength(300), 'x'.repeat(301), 'Please enter no more than 300 characters.'],
    ['maxLength 300', maxLength(300), 'x'.repeat(300), null],
    ['minLength 1', minLength(1), 'x', null],
  ])('%s(%j) → %j', (_name, check, value, message) => {
    expect(check(value)).toBe(message);
  });

  it.each([color, email, tel(), url(), latitude, longitude, json, integer, clockTime, maxLength(3)])(
    'a format check passes a blank optional value (#%#)',
    (check) => {
      expect(check('')).toBeNull();
      expect(check(null)).toBeNull();
    },
  );
});

describe('validateForm names the failing fields', () => {
  const checks = { name: [required, maxLength(5)], email: [email] };
  it('first failing check per field, in field order', () => {
    expect(validateForm({ name: 'toolong', email: 'x' }, checks)).toEqual([
      { field: 'name', message: 'Please enter no more than 5 characters.' },
      { field: 'email', message: 'email is invalid format' },
    ]);
  });
  it('valid form → no errors', () =>
    expect(validateForm({ name: 'ok', email: 'a@b.co' }, checks)).toEqual([]));
  it.each([null, undefined, 42, 'str', []])('odd form %j → required errors, no throw', (form) => {
    expect(validateForm(form, checks)).toEqual([{ field: 'name', message: 'This field is required.' }]);
  });
});
