// Upload size limits (spec 5): a limit in MB means MB x 1,000,000 bytes.
import type { FileCategory } from '../models/media';

export const BYTES_PER_MB = 1_000_000;

export interface UploadLimits {
  /** MB per image. */
  image: number;
  /** MB per video. */
  video: number;
  /** MB per document (any other file). */
  document: number;
  /** Files per selection. */
  maxFiles: number;
}

export const DEFAULT_UPLOAD_LIMITS: Readonly<UploadLimits> = {
  image: 10,
  video: 50,
  document: 50,
  maxFiles: 5,
};

export function mbToBytes(mb: number): number {
  return mb * BYTES_PER_MB;
}

/** image/* is an image, video/* a video, anything else a file (document). */
export function categoryOf(contentType: unknown): FileCategory {
  if (typeof contentType !== 'string') return 'file';
  const type = contentType.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  return 'file';
}

export function sizeLimitBytes(category: FileCategory, limits: UploadLimits = DEFAULT_UPLOAD_LIMITS): number {
  const mb = category === 'image' ? limits.image : category === 'video' ? limits.video : limits.document;
  return mbToBytes(mb);
}

/** Exactly at the limit is allowed; one byte more is not. A size that is not a number fails. */
export function isWithinSizeLimit(
  size: unknown,
  category: FileCategory,
  limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
): boolean {
  return (
    typeof size === 'number' && Number.isFinite(size) && size >= 0 && size <= sizeLimitBytes(category, limits)
  );
}
