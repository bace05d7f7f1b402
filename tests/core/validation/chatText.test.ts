import { describe, expect, it } from 'vitest';
import { cleanPastedText, isSendableText } from '../../../core/validation/chatText';

describe('spec 5: blank reply text is not sent', () => {
  it.each([
    ['hello', true],
    [' hi ', true],
    ['สวัสดี', true],
    ['😀', true],
    ['', false],
    [' ', false],
    ['\n', false],
    [' \n \n ', false],
    [null, false],
    [undefined, false],
    [5, false],
  ])('%j → %s', (text, sendable) => expect(isSendableText(text)).toBe(sendable));
});

describe('spec 5: pasted text has spaces and line breaks removed (around it)', () => {
  it.each([
    ['  hello  ', 'hello'],
    ['\n\nhello\n', 'hello'],
    ['\r\nline1\r\nline2\r\n', 'line1\nline2'],
    ['a\rb', 'a\nb'],
    ['\u200Bzero\uFEFF', 'zero'],
    ['bell\u0007', 'bell'],
    ['keep inner  spaces', 'keep inner  spaces'],
    [' \n ', ''],
    [null, ''],
    [42, ''],
  ])('%j → %j', (pasted, cleaned) => expect(cleanPastedText(pasted)).toBe(cleaned));
});
