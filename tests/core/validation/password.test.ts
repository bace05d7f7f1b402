import { describe, expect, it } from 'vitest';
import {
  filterPasswordInput,
  isStrongPassword,
  PASSWORD_MIN_LENGTH,
  passwordProblems,
} from '../../../core/validation/password';

describe('spec 5: password policy', () => {
  it('spec 9: at least 10 characters', () => expect(PASSWORD_MIN_LENGTH).toBe(10));
  it.each([
    ['Abcdefgh1@', []],
    ['Abcdefg1@', ['too_short']],
    ['abcdefgh1@', ['no_upper']],
    ['ABCDEFGH1@', ['no_lower']],
    ['Abcdefghi@', ['no_digit']],
    ['Abcdefghi1', ['no_special']],
    ['Abcdefgh1_', []],
    ['', ['required']],
    [null, ['required']],
    [1234567890, ['required']],
  ])('%j → %j', (value, problems) => {
    expect(passwordProblems(value)).toEqual(problems);
    expect(isStrongPassword(value)).toBe(problems.length === 0);
  });
  it.each(['@', '$', '!', '%', '*', '?', '&', '_'])('spec 5: %s counts as the special character', (c) => {
    expect(isStrongPassword(`Abcdefgh1${c}`)).toBe(true);
  });
});

describe('spec 5: typing allows letters, digits and @ $ ! % * ? &', () => {
  it.each([
    ['Abc 123', 'Abc123'],
    ['a@$!%*?&b', 'a@$!%*?&b'],
    ['a_b#c', 'abc'],
    ['ไทย😀x', 'x'],
    ['', ''],
  ])('%j → %j', (typed, kept) => expect(filterPasswordInput(typed)).toBe(kept));
});
