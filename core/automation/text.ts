// Text as the bot compares it: case- and width-folded (NFKC turns full-width "ＡＢＣ" into "abc"),
// punctuation and zero-width characters dropped, spaces collapsed. Thai has no spaces between
// words, so words come from Intl.Segmenter('th', { granularity: 'word' }) (ICU's dictionary),
// which also splits English and mixed text on its spaces.

const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;
const PUNCTUATION = /[\p{P}\p{S}]/gu;

export function normalizeText(text: unknown): string {
  if (typeof text !== 'string') return '';
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(ZERO_WIDTH, '')
    .replace(PUNCTUATION, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The normalized text without any spaces: "ราคา สินค้า" and "ราคาสินค้า" are the same words. */
export function compactText(text: unknown): string {
  return normalizeText(text).replace(/ /g, '');
}

/** True when the text holds Thai letters (then spaces carry no meaning). */
export function hasThai(text: string): boolean {
  return /[\u0E00-\u0E7F]/.test(text);
}

let segmenter: Intl.Segmenter | null | undefined;
function wordSegmenter(): Intl.Segmenter | null {
  if (segmenter === undefined) {
    segmenter =
      typeof Intl !== 'undefined' && 'Segmenter' in Intl
        ? new Intl.Segmenter('th', { granularity: 'word' })
        : null;
  }
  return segmenter;
}

/** Words of a text, normalized; Thai is split by the dictionary, the rest on spaces. */
export function tokenize(text: unknown): string[] {
  const normalized = normalizeText(text);
  if (!normalized) return [];
  const seg = wordSegmenter();
  if (!seg) return normalized.split(' ');
  const words: string[] = [];
  for (const part of seg.segment(normalized)) {
    if (part.isWordLike) words.push(part.segment);
  }
  return words;
}

/**
 * Words that say little about what a customer wants: English function words and Thai polite
 * particles ("ครับ", "ค่ะ", "นะ", "หน่อย", …). Intent scores ignore them.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'is',
  'are',
  'am',
  'be',
  'i',
  'me',
  'my',
  'you',
  'your',
  'we',
  'it',
  'this',
  'that',
  'to',
  'of',
  'for',
  'in',
  'on',
  'at',
  'do',
  'does',
  'please',
  'pls',
  'plz',
  'can',
  'could',
  'would',
  'will',
  'and',
  'or',
  'so',
  'ครับ',
  'คับ',
  'ครับผม',
  'ค่ะ',
  'คะ',
  'ค่า',
  'คระ',
  'นะ',
  'นะคะ',
  'นะครับ',
  'จ้า',
  'จ้ะ',
  'จ๊ะ',
  'ฮะ',
  'หน่อย',
  'ด้วย',
  'ไหม',
  'มั้ย',
  'มั๊ย',
  'เหรอ',
  'หรอ',
  'คือ',
  'ที',
  'ๆ',
]);

/** Words that carry meaning (stop words dropped, unless nothing else is left). */
export function contentWords(text: unknown): string[] {
  const words = tokenize(text);
  const kept = words.filter((w) => !STOP_WORDS.has(w));
  return kept.length > 0 ? kept : words;
}
