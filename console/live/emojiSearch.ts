// Emoji picker rules that need no data: the categories, and search by name and keyword.

export type EmojiRow = [emoji: string, group: number, label: string, keywords: string];

/** Unicode's emoji groups in picker order (group 2, skin-tone components, is left out). */
export const EMOJI_GROUPS = [
  { id: 0, key: 'smileys-emotion', icon: '😀' },
  { id: 1, key: 'people-body', icon: '👋' },
  { id: 3, key: 'animals-nature', icon: '🌸' },
  { id: 4, key: 'food-drink', icon: '🍜' },
  { id: 5, key: 'travel-places', icon: '🚚' },
  { id: 6, key: 'activities', icon: '🎉' },
  { id: 7, key: 'objects', icon: '📦' },
  { id: 8, key: 'symbols', icon: '✅' },
  { id: 9, key: 'flags', icon: '🏁' },
] as const;

/** Search results are capped so a one-letter search still renders at once. */
export const EMOJI_SEARCH_LIMIT = 160;

/** Emoji whose label or keywords contain every word of the query (any letter case). */
export function searchEmoji(rows: readonly EmojiRow[], query: string): EmojiRow[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const hits: EmojiRow[] = [];
  for (const row of rows) {
    const text = `${row[2]} ${row[3]}`.toLocaleLowerCase();
    if (words.every((w) => text.includes(w))) {
      hits.push(row);
      if (hits.length >= EMOJI_SEARCH_LIMIT) break;
    }
  }
  return hits;
}
