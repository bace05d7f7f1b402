// The emoji picker's search: every word of the query in the label or keywords, any case, capped.
import { describe, expect, it } from 'vitest';
import { EMOJI_SEARCH_LIMIT, type EmojiRow, searchEmoji } from '../../../console/live/emojiSearch';

const rows: EmojiRow[] = [
  ['😀', 0, 'grinning face', 'face grin'],
  ['😂', 0, 'face with tears of joy', 'face joy laugh tear'],
  ['🐱', 3, 'cat face', 'cat face pet'],
  ['🍜', 4, 'steaming bowl', 'bowl noodle ramen'],
];

describe('emoji search', () => {
  it.each([
    ['face', ['😀', '😂', '🐱']],
    ['CAT', ['🐱']],
    ['face joy', ['😂']],
    ['noodle', ['🍜']],
    ['  ', []],
    ['pizza', []],
  ])('%j → %j', (query, found) => expect(searchEmoji(rows, query).map((r) => r[0])).toEqual(found));
  it('stops at the limit', () => {
    const many: EmojiRow[] = Array.from({ length: 500 }, (_, i) => [`e${i}`, 0, 'smile', '']);
    expect(searchEmoji(many, 'smile')).toHaveLength(EMOJI_SEARCH_LIMIT);
  });
});
