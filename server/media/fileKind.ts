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

interface Box {
  type: string;
  start: number;
  end: number;
}

/** A box's declared length at `pos`: 0 means 'to `end`', 1 a 64-bit length after the type. */
function boxLength(buf: Buffer, pos: number, end: number): { size: number; header: number } {
  const size = buf.readUInt32BE(pos);
  if (size === 0) return { size: end - pos, header: 8 };
  if (size === 1)
    return pos + 16 <= end
      ? { size: Number(buf.readBigUInt64BE(pos + 8)), header: 16 }
      : { size: 0, header: 16 };
  return { size, header: 8 };
}

/** The ISO-BMFF boxes in buf[from, to), or null when one is malformed or runs past the bytes read. */
function boxesIn(buf: Buffer, from: number, to: number): Box[] | null {
  const found: Box[] = [];
  for (let pos = from; pos + 8 <= to; ) {
    const { size, header } = boxLength(buf, pos, to);
    if (size < header || pos + size > to) return null;
    found.push({ type: buf.toString('latin1', pos + 4, pos + 8), start: pos + header, end: pos + size });
    pos += size;
  }
  return found;
}

/**
 * The handler of each track ('soun', 'vide', …) of an MP4 whose 'moov' box lies wholly in `head`,
 * or null when it cannot be told from these bytes.
 */
export function mp4TrackHandlers(head: Buffer): string[] | null {
  // The top level may run past the bytes read (the media data): only the boxes up to 'moov' count.
  for (let pos = 0; pos + 8 <= head.length; ) {
    const { size, header } = boxLength(head, pos, head.length);
    if (size < header || pos + size > head.length) return null;
    if (head.toString('latin1', pos + 4, pos + 8) === 'moov') {
      const handlers: string[] = [];
      const traks = boxesIn(head, pos + header, pos + size);
      if (!traks) return null;
      for (const trak of traks.filter((b) => b.type === 'trak')) {
        const mdia = boxesIn(head, trak.start, trak.end)?.find((b) => b.type === 'mdia');
        const hdlr = mdia && boxesIn(head, mdia.start, mdia.end)?.find((b) => b.type === 'hdlr');
        // A full box: version and flags (4 bytes), pre_defined (4), then handler_type (4).
        if (!hdlr || hdlr.start + 12 > hdlr.end) return null;
        handlers.push(head.toString('latin1', hdlr.start + 8, hdlr.start + 12));
      }
      return handlers;
    }
    pos += size;
  }
  return null;
}

/**
 * A recorder's 'audio/mp4' (Chromium's MediaRecorder, the inbox's voice notes) is branded 'isom',
 * which file-type reports as an MP4 video; named .m4a and holding sound tracks only, it is an m4a.
 */
const isSoundOnlyMp4 = (head: Buffer) => {
  const handlers = mp4TrackHandlers(head);
  return handlers !== null && handlers.length > 0 && handlers.every((h) => h === 'soun');
};

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
  if (detected.ext === 'mp4' && declared === 'm4a' && isSoundOnlyMp4(head)) return kind('m4a');
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
