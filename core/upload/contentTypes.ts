// The content type each allowed extension (spec 5) stands for, so a file whose browser or sender
// reports no type (.mkv, .ai and .csv often come with '') still gets its category and size limit.
import type { FileCategory } from '../models/media';
import { type ALLOWED_EXTENSIONS, extensionOf } from './fileTypes';
import { categoryOf } from './limits';

export const CONTENT_TYPE_BY_EXTENSION: Readonly<Record<(typeof ALLOWED_EXTENSIONS)[number], string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
  svg: 'image/svg+xml',
  avi: 'video/x-msvideo',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  mid: 'audio/midi',
  m4a: 'audio/mp4',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  csv: 'text/csv',
  ai: 'application/postscript',
};

/** The content type an allowed file name implies, or '' for a name outside the allowed list. */
export function contentTypeForName(name: unknown): string {
  const ext = extensionOf(name) as keyof typeof CONTENT_TYPE_BY_EXTENSION;
  return Object.hasOwn(CONTENT_TYPE_BY_EXTENSION, ext) ? CONTENT_TYPE_BY_EXTENSION[ext] : '';
}

/** Types platforms send for an allowed format besides the one in the map above. */
const CONTENT_TYPE_ALIASES: Readonly<Record<string, keyof typeof CONTENT_TYPE_BY_EXTENSION>> = {
  'audio/x-m4a': 'm4a',
  'audio/m4a': 'm4a',
};

/** The allowed extension a content type stands for (parameters ignored), or '' when none does. */
export function extensionForContentType(type: unknown): string {
  const bare = typeof type === 'string' ? type.split(';')[0].trim().toLowerCase() : '';
  if (!bare) return '';
  if (Object.hasOwn(CONTENT_TYPE_ALIASES, bare)) return CONTENT_TYPE_ALIASES[bare];
  for (const [extension, contentType] of Object.entries(CONTENT_TYPE_BY_EXTENSION))
    if (contentType === bare) return extension;
  return '';
}

/**
 * The type to check a picked file with: the one its name implies when the name is on the allowed
 * list (a browser may say 'application/vnd.ms-excel' for a .csv), else what was reported.
 */
export function effectiveContentType(file: { name: string; type?: string | null }): string {
  return contentTypeForName(file.name) || (typeof file.type === 'string' ? file.type.toLowerCase() : '');
}

export function categoryOfFile(file: { name: string; type?: string | null }): FileCategory {
  return categoryOf(effectiveContentType(file));
}
