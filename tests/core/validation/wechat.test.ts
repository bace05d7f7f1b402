import { describe, expect, it } from 'vitest';
import { isWeChatText, validateWeChatText, WECHAT_TEXT_MAX } from '../../../core/validation/wechat';

describe('spec 5, 9: WeChat text is 1 to 20 letters, digits, hyphen, apostrophe or Chinese', () => {
  it('limit is 20', () => expect(WECHAT_TEXT_MAX).toBe(20));
  it.each([
    ['a', true],
    ['a'.repeat(20), true],
    ['a'.repeat(21), false],
    ['中'.repeat(20), true],
    ['中'.repeat(21), false],
    ["O'Neil-2", true],
    ['你好world', true],
    ['', false],
    ['with space', false],
    ['under_score', false],
    ['สวัสดี', false],
    ['😀', false],
    ['a.b', false],
    [null, false],
    [20, false],
  ])('%j → %s', (text, ok) => expect(isWeChatText(text)).toBe(ok));

  it('validateWeChatText names the field', () => {
    expect(validateWeChatText('', 'wechat_id')).toEqual([
      { field: 'wechat_id', message: 'This field is required.' },
    ]);
    expect(validateWeChatText('a b', 'wechat_id')).toEqual([
      { field: 'wechat_id', message: 'wechat text is invalid format' },
    ]);
    expect(validateWeChatText('abc')).toEqual([]);
  });
});
