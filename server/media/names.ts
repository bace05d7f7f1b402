// File and folder names as users see them: kept readable, never used as paths.

export const MAX_FILE_NAME_LENGTH = 200;
export const MAX_FOLDER_NAME_LENGTH = 100;

/** A harmless display name: no path, no control characters, no characters that break headers. */
export function cleanFileName(name: unknown, fallback = 'file'): string {
  const raw = typeof name === 'string' ? name : '';
  const base = raw.replace(/\\/g, '/').split('/').pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // Control characters, bidi overrides (which can make 'gpj.exe' look like 'exe.jpg') and
    // characters that break headers or file systems.
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069"<>|:*?]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return [...cleaned].slice(0, MAX_FILE_NAME_LENGTH).join('') || fallback;
}

/**
 * A name typed for a file (a rename) as upload would keep it, or null when upload would change it
 * (strip a character, a path or a leading dot): the same rule as cleanFileName, refused rather
 * than quietly changed, since the user sees what they typed.
 */
export function acceptedFileName(name: string): string | null {
  const typed = name.normalize('NFC');
  return cleanFileName(typed, '') === typed ? typed : null;
}

/** The name with `extension` added when it has none. */
export function withExtension(name: string, extension: string): string {
  return /\.[^.\s]+$/.test(name) ? name : `${name}.${extension}`;
}
