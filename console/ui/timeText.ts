// Clock times as the console shows and takes them (spec 9: HH:mm, 24-hour, whatever the browser's
// language). Typing may leave out the colon or a leading zero ("930", "9:5" → "09:30", "09:05").

/** 'HH:MM' for what was typed, or null when it is no time of day ('24:00' only with `allowEndOfDay`). */
export function parseTime(text: string, allowEndOfDay = false): string | null {
  const m = /^\s*(\d{1,2})(?:[:.\s]?(\d{2}))?\s*$/.exec(text) ?? /^\s*(\d{1,2})[:.](\d)\s*$/.exec(text);
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2] ?? 0);
  if (minutes > 59) return null;
  if (hours > 23 && !(allowEndOfDay && hours === 24 && minutes === 0)) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
