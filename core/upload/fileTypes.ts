// Which files may be uploaded (spec 5): an allowed list matched on content type or extension,
// and the extensions the chat always refuses.

export const ALLOWED_EXTENSIONS = [
  'jpg',
  'jpeg',
  'gif',
  'png',
  'svg',
  'avi',
  'mov',
  'mkv',
  'mp4',
  'mp3',
  'mid',
  'm4a',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'csv',
  'ai',
] as const;

/** In chat a file whose extension contains one of these is refused whatever the allowed list says. */
export const CHAT_REFUSED_EXTENSION_PARTS = ['zip', 'exe', 'gif', 'jfif'] as const;

/** Lower-case text after the last dot; '' when the name has none. */
export function extensionOf(name: unknown): string {
  if (typeof name !== 'string') return '';
  const dot = name.lastIndexOf('.');
  return dot < 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

export interface TypedFile {
  name: string;
  /** Content type as the browser or the upload reports it; may be ''. */
  type: string;
}

/**
 * Allowed entries are extensions ('png') or content types ('image/png', 'image/*'). A file passes
 * when its extension or its content type is listed.
 */
export function isAllowedType(file: TypedFile, allowed: readonly string[] = ALLOWED_EXTENSIONS): boolean {
  const list = allowed.map((entry) => entry.toLowerCase().replace(/^\./, ''));
  const extension = extensionOf(file?.name);
  if (extension && list.includes(extension)) return true;
  const type = typeof file?.type === 'string' ? file.type.toLowerCase().trim() : '';
  if (!type.includes('/')) return false;
  return list.includes(type) || list.includes(`${type.split('/')[0]}/*`);
}

/** The chat's always-refused files: checked on the extension and on the content type's subtype. */
export function isRefusedInChat(file: TypedFile): boolean {
  const extension = extensionOf(file?.name);
  const subtype = typeof file?.type === 'string' ? (file.type.toLowerCase().split('/')[1] ?? '') : '';
  return CHAT_REFUSED_EXTENSION_PARTS.some((part) => extension.includes(part) || subtype.includes(part));
}
