// The emoji picker's data: emojibase-data (Unicode's emoji with CLDR labels and keywords, in the
// console's language), loaded as its own chunk when the picker first opens. The build
// (build.ts emojiData; types in emojiModules.d.ts) cuts each locale's file down to [emoji, group,
// label, keywords].
import type { Locale } from '../../core/i18n';
import type { EmojiRow } from './emojiSearch';

const loaded = new Map<Locale, Promise<EmojiRow[]>>();

export function loadEmoji(locale: Locale): Promise<EmojiRow[]> {
  let rows = loaded.get(locale);
  if (!rows) {
    rows = (locale === 'th' ? import('emoji-data/th') : import('emoji-data/en')).then((m) => m.default);
    rows.catch(() => loaded.delete(locale));
    loaded.set(locale, rows);
  }
  return rows;
}
