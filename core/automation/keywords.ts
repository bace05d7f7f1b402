// Keyword mapping (spec 2, 3): keywords or phrases, matched exactly or contained, in Thai and
// English, after case and width folding. A rule answers with a reply message or an action (talk
// to a human, put the chat in a queue). Priority 1 is tried first; within a priority an exact
// match beats a contained one and a longer keyword beats a shorter one.
import { compactText, hasThai, normalizeText } from './text';

export const KEYWORD_MATCHES = ['exact', 'contains'] as const;
export type KeywordMatch = (typeof KEYWORD_MATCHES)[number];

/** What a rule does: send a reply message, or hand the chat over to people. */
export const KEYWORD_ACTIONS = ['reply', 'talkToHuman', 'queue'] as const;
export type KeywordAction = (typeof KEYWORD_ACTIONS)[number];

export interface Keyword {
  text: string;
  match: KeywordMatch;
}

export interface KeywordRule {
  _id: string;
  name: string;
  keywords: Keyword[];
  /** 1 is the highest. */
  priority: number;
  is_active: boolean;
}

export interface KeywordHit<R extends KeywordRule> {
  rule: R;
  keyword: Keyword;
}

export const KEYWORD_LIMITS = { keywords: 50, keywordLength: 100, name: 100, priorityMax: 999 } as const;

const LATIN_WORD = /[\p{L}\p{N}]/u;

/** Whether `needle` stands as whole words in `hay` (both normalized) — "hi" is not in "this". */
function containsWords(hay: string, needle: string): boolean {
  let from = 0;
  for (;;) {
    const at = hay.indexOf(needle, from);
    if (at < 0) return false;
    const before = hay[at - 1];
    const after = hay[at + needle.length];
    // Thai words run together, so only Latin letters and digits need a boundary.
    const edgeOk = (outside: string | undefined, inside: string) =>
      outside === undefined || hasThai(inside) || hasThai(outside) || !LATIN_WORD.test(outside);
    if (edgeOk(before, needle[0]) && edgeOk(after, needle[needle.length - 1])) return true;
    from = at + 1;
  }
}

/** Whether one keyword matches a message. */
export function keywordMatches(message: string, keyword: Keyword): boolean {
  const text = normalizeText(message);
  const word = normalizeText(keyword.text);
  if (!text || !word) return false;
  if (keyword.match === 'exact') return text === word || compactText(message) === compactText(keyword.text);
  if (containsWords(text, word)) return true;
  // Thai written with or without spaces between its words is the same phrase.
  return hasThai(word) && compactText(message).includes(compactText(keyword.text));
}

/** The rule that answers a message, or null. Inactive rules never answer. */
export function matchKeywordRules<R extends KeywordRule>(
  message: string,
  rules: readonly R[],
): KeywordHit<R> | null {
  let best: { hit: KeywordHit<R>; rank: [number, number, number, number] } | null = null;
  rules.forEach((rule, order) => {
    if (!rule.is_active) return;
    for (const keyword of rule.keywords) {
      if (!keywordMatches(message, keyword)) continue;
      const rank: [number, number, number, number] = [
        rule.priority,
        keyword.match === 'exact' ? 0 : 1,
        -compactText(keyword.text).length,
        order,
      ];
      if (!best || compareRank(rank, best.rank) < 0) best = { hit: { rule, keyword }, rank };
    }
  });
  return (best as { hit: KeywordHit<R> } | null)?.hit ?? null;
}

function compareRank(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}
