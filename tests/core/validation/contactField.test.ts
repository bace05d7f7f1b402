// core/validation/contactField.ts: contact field values by type (spec 3: date, date_time, array, other).
import { describe, expect, it } from 'vitest';
import { isFieldKey, normalizeFieldValue } from '../../../core/validation/contactField';

describe('normalizeFieldValue', () => {
  it.each([
    ['date', '2024-02-29', '2024-02-29'],
    ['date', '29/02/2024', '2024-02-29'],
    ['date', '1/2/2024', '2024-02-01'],
    ['date_time', '2024-02-29T13:05', '2024-02-29T13:05'],
    ['date_time', '29/02/2024 13:05', '2024-02-29T13:05'],
    ['date_time', '2024-02-29T13:05:09.000Z', '2024-02-29T13:05'],
    ['array', 'a, b,,c', ['a', 'b', 'c']],
    ['array', ['x', 1], ['x', '1']],
    ['other', '  hello ', 'hello'],
    ['other', '', null],
    ['date', null, null],
  ] as const)('%s %j → %j', (type, raw, value) => {
    expect(normalizeFieldValue(type, raw)).toEqual({ ok: true, value });
  });
  it.each([
    ['date', '2023-02-29'],
    ['date', '31/04/2024'],
    ['date_time', '2024-02-29 24:00'],
    ['other', 'x'.repeat(301)],
  ] as const)('%s %j is refused', (type, raw) => {
    expect(normalizeFieldValue(type, raw).ok).toBe(false);
  });
});

describe('isFieldKey', () => {
  it.each([
    ['birthday', true],
    ['last_visit2', true],
    ['2fa', false],
    ['with space', false],
    ['วันเกิด', false],
  ])('%s → %s', (key, ok) => {
    expect(isFieldKey(key)).toBe(ok);
  });
});
