// Intents (spec 2, 3): a name, an active flag and training phrases. A message matches the intent
// whose phrase it is most like. Likeness is the better of two normalized scores in 0..1:
// - words: the share of words in common (Dice) averaged with how much of the phrase the message
//   covers, over content words (Thai split by the dictionary, polite particles left out);
// - letters: Dice over letter pairs of the space-free text, which forgives typos and a Thai
//   sentence the dictionary splits differently.
import { compactText, contentWords } from './text';

export interface IntentLike {
  _id?: string;
  name: string;
  is_active: boolean;
  training_phrases: string[];
}

/** A message must be at least this much like a phrase; below it no intent answers. */
export const INTENT_MATCH_THRESHOLD = 0.5;

export const INTENT_LIMITS = { name: 100, phrases: 100, phraseLength: 300 } as const;

function bigrams(text: string): Map<string, number> {
  const out = new Map<string, number>();
  const chars = [...text];
  for (let i = 0; i < chars.length - 1; i++) {
    const pair = chars[i] + chars[i + 1];
    out.set(pair, (out.get(pair) ?? 0) + 1);
  }
  return out;
}

function letterScore(a: string, b: string): number {
  if (!a || !b) return 0;
  if (a === b) return 1;
  const x = bigrams(a);
  const y = bigrams(b);
  let common = 0;
  let total = 0;
  for (const n of x.values()) total += n;
  for (const n of y.values()) total += n;
  for (const [pair, n] of x) common += Math.min(n, y.get(pair) ?? 0);
  return total === 0 ? 0 : (2 * common) / total;
}

function wordScore(message: string[], phrase: string[]): number {
  if (message.length === 0 || phrase.length === 0) return 0;
  const have = new Map<string, number>();
  for (const w of message) have.set(w, (have.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of phrase) {
    const n = have.get(w) ?? 0;
    if (n > 0) {
      common += 1;
      have.set(w, n - 1);
    }
  }
  const dice = (2 * common) / (message.length + phrase.length);
  const coverage = common / phrase.length;
  return (dice + coverage) / 2;
}

/** How much a message is like one training phrase, 0..1. */
export function phraseSimilarity(message: string, phrase: string): number {
  const a = compactText(message);
  const b = compactText(phrase);
  if (!a || !b) return 0;
  if (a === b) return 1;
  return Math.max(wordScore(contentWords(message), contentWords(phrase)), letterScore(a, b));
}

export interface IntentHit<I extends IntentLike> {
  intent: I;
  phrase: string;
  score: number;
}

/** The active intent most like the message, if any reaches the threshold. */
export function matchIntent<I extends IntentLike>(
  message: string,
  intents: readonly I[],
  threshold = INTENT_MATCH_THRESHOLD,
): IntentHit<I> | null {
  let best: IntentHit<I> | null = null;
  for (const intent of intents) {
    if (!intent.is_active) continue;
    for (const phrase of intent.training_phrases) {
      const score = phraseSimilarity(message, phrase);
      if (score >= threshold && (!best || score > best.score)) best = { intent, phrase, score };
    }
  }
  return best;
}
