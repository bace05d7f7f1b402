// What a file really is, decided from its bytes (magic numbers, via file-type) and then held
// against what the sender declared: a file whose bytes are not on spec 5's allowed list, or are
// of another category than its name or declared type say (an .exe renamed .jpg), is refused.
import { CONTENT_TYPE_BY_EXTENSION, contentTypeForName } from '../../core/upload/contentTypes';
import { extensionOf } from '../../core/upload/fileTypes';
import { categoryOf } from '../../core/upload/limits';

export interface Detected {
  ext: string;
  mime: string;
}

export interface FileKind {
  contentType: string;
  /** One of the allowed extensions (spec 5). */
  extension: keyof typeof CONTENT_TYPE_BY_EXTENSION;
}

type AllowedExtension = keyof typeof CONTENT_TYPE_BY_EXTENSION;

const kind = (extension: AllowedExtension): FileKind => ({
  extension,
  contentType: CONTENT_TYPE_BY_EXTENSION[extension],
});

/** Detected formats that are one of ours as they are. */
const SAME: readonly string[] = ['jpg', 'png', 'gif', 'mp4', 'mov', 'mkv', 'avi', 'mp3', 'mid', 'm4a', 'pdf'];
/** Containers whose bytes alone do not tell the document apart: the declared extension decides. */
const CONTAINERS: Record<string, readonly AllowedExtension[]> = {
  cfb: ['doc', 'xls', 'ppt'],
  zip: ['docx', 'xlsx', 'pptx'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  pptx: ['pptx'],
  pdf: ['ai'],
  ai: ['ai'],
  eps: ['ai'],
  ps: ['ai'],
  webm: ['mkv'],
  m4v: ['mp4', 'mov'],
};

const isText = (head: Buffer) => head.length > 0 && !head.includes(0);

/** The kind the bytes show, given what file-type found (undefined for text formats) and the first bytes. */
export function kindFromBytes(
  declaredName: string,
  detected: Detected | undefined,
  head: Buffer,
): FileKind | null {
  const declared = extensionOf(declaredName);
  if (!detected || detected.ext === 'xml') {
    if (!isText(head)) return null;
    if (/<svg[\s>]/i.test(head.toString('utf8'))) return kind('svg');
    if (!detected && declared === 'csv') return kind('csv');
    return null;
  }
  const container = CONTAINERS[detected.ext];
  if (container?.includes(declared as AllowedExtension)) return kind(declared as AllowedExtension);
  if (SAME.includes(detected.ext)) return kind(detected.ext as AllowedExtension);
  if (detected.ext === 'docx' || detected.ext === 'xlsx' || detected.ext === 'pptx')
    return kind(detected.ext);
  return null;
}

const isSpecific = (type: string) => /^[\w.+-]+\/[\w.+-]+$/.test(type) && type !== 'application/octet-stream';

/**
 * The kind to store the file as, or null when it must be refused: the bytes' kind, provided the
 * name's extension (when it is an allowed one) and the declared content type (when it says
 * something) are of the same category. A .jpg holding a PNG is kept as a PNG.
 */
export function decideKind(
  declared: { name: string; type?: string | null },
  detected: Detected | undefined,
  head: Buffer,
): FileKind | null {
  const found = kindFromBytes(declared.name, detected, head);
  if (!found) return null;
  const category = categoryOf(found.contentType);
  const byName = contentTypeForName(declared.name);
  if (byName && categoryOf(byName) !== category) return null;
  const type = (declared.type ?? '').toLowerCase().split(';')[0].trim();
  if (isSpecific(type) && categoryOf(type) !== category) return null;
  return found;
}
