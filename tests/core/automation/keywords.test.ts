// Keyword matching (spec 2 keyword mapping): exact and contains, Thai and English, case and width
// folded, by priority.
import { describe, expect, it } from 'vitest';
import { type KeywordRule, keywordMatches, matchKeywordRules } from '../../../core/automation/keywords';
import { compactText, normalizeText, tokenize } from '../../../core/automation/text';

describe('text normalization', () => {
  it.each([
    ['ＰＲＩＣＥ？', 'price'],
    ['  Hello,   WORLD!! ', 'hello world'],
    ['ราคา\u200Bสินค้า', 'ราคาสินค้า'],
    [null, ''],
  ])('%s → %s', (input, out) => expect(normalizeText(input)).toBe(out));

  it('splits Thai into words with the dictionary', () => {
    expect(tokenize('อยากทราบราคาสินค้าครับ')).toEqual(['อยาก', 'ทราบ', 'ราคา', 'สินค้า', 'ครับ']);
    expect(tokenize('Hello, ราคา?')).toEqual(['hello', 'ราคา']);
    expect(compactText('ราคา สินค้า')).toBe('ราคาสินค้า');
  });
});

describe('keywordMatches', () => {
  it.each([
    ['ขอราคาหน่อยครับ', 'ราคา', 'contains', true],
    ['ราคา สินค้า เท่าไหร่', 'ราคาสินค้า', 'contains', true],
    ['What is the PRICE?', 'price', 'contains', true],
    ['priceless', 'price', 'contains', false],
    ['this', 'hi', 'contains', false],
    ['price', 'PRICE', 'exact', true],
    ['ｐｒｉｃｅ', 'price', 'exact', true],
    ['price please', 'price', 'exact', false],
    ['ราคา', 'ราคา', 'exact', true],
    ['', 'ราคา', 'contains', false],
  ] as const)('%s ~ %s (%s) → %s', (text, word, match, expected) => {
    expect(keywordMatches(text, { text: word, match })).toBe(expected);
  });
});

describe('matchKeywordRules', () => {
  const rule = (
    id: string,
    priority: number,
    keywords: KeywordRule['keywords'],
    is_active = true,
  ): KeywordRule => ({
    _id: id,
    name: id,
    priority,
    keywords,
    is_active,
  });

  it('takes the highest priority, then exact over contains, then the longer keyword', () => {
    const rules = [
      rule('general', 2, [{ text: 'ราคา', match: 'contains' }]),
      rule('shirt', 2, [{ text: 'ราคาเสื้อ', match: 'contains' }]),
      rule('first', 1, [{ text: 'เสื้อ', match: 'contains' }]),
      rule('off', 0, [{ text: 'ราคา', match: 'contains' }], false),
    ];
    expect(matchKeywordRules('ราคาเสื้อเท่าไหร่', rules)?.rule._id).toBe('first');
    expect(matchKeywordRules('ราคาเสื้อเท่าไหร่', rules.slice(0, 2))?.rule._id).toBe('shirt');
    expect(matchKeywordRules('ราคาเท่าไหร่', rules.slice(0, 2))?.keyword.text).toBe('ราคา');
    const exact = [
      rule('c', 1, [{ text: 'hi', match: 'contains' }]),
      rule('e', 1, [{ text: 'hi', match: 'exact' }]),
    ];
    expect(matchKeywordRules('Hi!', exact)?.rule._id).toBe('e');
    expect(matchKeywordRules('goodbye', exact)).toBeNull();
  });
});
