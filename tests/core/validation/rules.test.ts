import { describe, expect, it } from 'vitest';
import {
  hasMaxLength,
  hasMinLength,
  isBlank,
  isClockTime,
  isColor,
  isEmail,
  isJson,
  isLatitude,
  isLongitude,
  isNumber,
  isTel,
  isUrl,
  MESSAGES,
  TEL_MAX_LENGTH,
  textLength,
} from '../../../core/validation/rules';

const ODD: unknown[] = [
  null,
  undefined,
  0,
  1,
  true,
  {},
  [],
  () => 1,
  Symbol('x'),
  'x'.repeat(100_000),
  '😀',
  'สวัสดี',
  'مرحبا',
];

describe('spec 5 messages', () => {
  it.each([
    ['required', 'This field is required.'],
    ['color', 'code color is invalid format'],
    ['tel', 'tel is invalid format'],
    ['url', 'url is invalid format'],
    ['latitude', 'latitude is invalid format'],
    ['longitude', 'longitude is invalid format'],
    ['email', 'email is invalid format'],
  ] as const)('spec 5: %s reads %j', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });
});

describe('spec 5: blank and required', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    ['   ', true],
    ['\n \n', true],
    [[], true],
    ['a', false],
    [' a ', false],
    [0, false],
    [false, false],
  ])('isBlank(%j) = %s', (value, blank) => {
    expect(isBlank(value)).toBe(blank);
  });
});

describe('spec 5, 9: lengths count characters as users see them', () => {
  it('emoji and Thai count once per character', () => {
    expect(textLength('😀')).toBe(1);
    expect(textLength('👨‍👩‍👧')).toBe(1);
    expect(textLength('abc')).toBe(3);
  });
  it.each([
    ['x'.repeat(300), 300, true],
    ['x'.repeat(301), 300, false],
    ['x'.repeat(150), 150, true],
    ['x'.repeat(151), 150, false],
    ['x'.repeat(30), 30, true],
    ['x'.repeat(31), 30, false],
    [null, 300, true],
    [42, 300, false],
  ])('spec 9 limit: hasMaxLength(len %#, %i) = %s', (value, max, ok) => {
    expect(hasMaxLength(value, max)).toBe(ok);
  });
  it.each([
    ['', 1, false],
    ['a', 1, true],
    [null, 1, false],
    ['x'.repeat(9), 10, false],
    ['x'.repeat(10), 10, true],
  ])('hasMinLength(%j, %i) = %s', (value, min, ok) => {
    expect(hasMinLength(value, min)).toBe(ok);
  });
});

describe('spec 5: isColor is # followed by 3, 6 or 8 hex digits', () => {
  it.each([
    ['#fff', true],
    ['#E3EBF3', true],
    ['#000000ff', true],
    ['#ff', false],
    ['#ffff', false],
    ['#fffff', false],
    ['#fffffff', false],
    ['#fffffffff', false],
    ['fff', false],
    ['#ggg', false],
    ['', false],
    [null, false],
    [0xfff, false],
  ])('%j → %s', (value, ok) => expect(isColor(value)).toBe(ok));
});

describe('spec 5: isNumber is an integer', () => {
  it.each([
    [1, true],
    ['123', true],
    ['-5', true],
    [1.5, false],
    ['1.5', false],
    ['1e3', false],
    ['', false],
    [null, false],
    [Number.NaN, false],
  ])('%j → %s', (value, ok) => expect(isNumber(value)).toBe(ok));
});

describe('spec 5: isUrl needs http or https; brace placeholders allowed on request', () => {
  it.each([
    ['https://example.com', {}, true],
    ['http://example.com/a?b=c', {}, true],
    ['ftp://example.com', {}, false],
    ['javascript:alert(1)', {}, false],
    ['example.com', {}, false],
    ['https://', {}, false],
    ['https://exa mple.com', {}, false],
    ['https://example.com/{id}', { placeholders: true }, true],
    ['{base}/path', { placeholders: true }, false],
    ['https://{host}/path', { placeholders: true }, true],
    [null, {}, false],
    [`https://example.com/${'a'.repeat(2100)}`, {}, false],
  ])('%j %j → %s', (value, options, ok) => expect(isUrl(value, options)).toBe(ok));
});

describe('spec 5: isJson', () => {
  it.each([
    ['{"a":1}', true],
    ['[]', true],
    ['{a:1}', false],
    ['', false],
    [null, false],
    [{}, false],
  ])('%j → %s', (value, ok) => expect(isJson(value)).toBe(ok));
});

describe('spec 5: email by a standard pattern', () => {
  it.each([
    ['a@b.co', true],
    ['first.last+tag@example.co.th', true],
    ['a@b', false],
    ['a.b.co', false],
    ['a@@b.co', false],
    ['a @b.co', false],
    ['', false],
    [null, false],
  ])('%j → %s', (value, ok) => expect(isEmail(value)).toBe(ok));
});

describe('spec 5: latitude and longitude', () => {
  it.each([
    ['13.7563', true, true],
    ['90', true, true],
    ['-90', true, true],
    ['90.0001', false, true],
    ['180', false, true],
    ['180.1', false, false],
    ['-180', false, true],
    [100.5018, false, true],
    ['abc', false, false],
    ['', false, false],
    [null, false, false],
  ])('%j → lat %s long %s', (value, lat, long) => {
    expect(isLatitude(value)).toBe(lat);
    expect(isLongitude(value)).toBe(long);
  });
});

describe('spec 5, 9: tel is numeric, at most 10 digits', () => {
  it('limit is 10', () => expect(TEL_MAX_LENGTH).toBe(10));
  it.each([
    ['0812345678', true],
    ['08123456789', false],
    ['1', true],
    ['', false],
    ['08-1234567', false],
    ['+66812345', false],
    ['๐๘๑', false],
    [812345678, true],
    [null, false],
  ])('%j → %s', (value, ok) => expect(isTel(value)).toBe(ok));
  it('max is adjustable', () => expect(isTel('123456', 5)).toBe(false));
});

describe('spec 3: HH:MM clock times', () => {
  it.each([
    ['00:00', true],
    ['23:59', true],
    ['24:00', false],
    ['9:00', false],
    ['12:60', false],
    ['12:00:00', false],
    [null, false],
  ])('%j → %s', (value, ok) => expect(isClockTime(value)).toBe(ok));
});

describe('spec 5: checks never throw on odd input', () => {
  const checks = [
    isBlank,
    isColor,
    isNumber,
    isUrl,
    isJson,
    isEmail,
    isLatitude,
    isLongitude,
    isTel,
    isClockTime,
  ];
  it.each(ODD.map((v, i) => [i, v]))('odd value #%i', (_i, value) => {
    for (const check of checks) expect(typeof check(value)).toBe('boolean');
    expect(typeof hasMaxLength(value, 10)).toBe('boolean');
    expect(typeof hasMinLength(value, 1)).toBe('boolean');
  });
});
