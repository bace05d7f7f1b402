// Checks a received file with spec 5's rules from core/upload — the same verdict the browser
// gives before uploading — using what the bytes show: the real type, the real size and, for
// images, the real resolution (read by sharp). Refusals carry spec 8's warning texts.
import type { Resolution } from '../../core/models/media';
import { checkFile, type UploadRules } from '../../core/upload/checkFiles';
import { categoryOf } from '../../core/upload/limits';
import { UPLOAD_WARNINGS } from '../../core/upload/warnings';
import { Invalid } from '../http/errors';
import { lazyModule } from '../lazyModule';
import { decideKind, type FileKind } from './fileKind';
import { cleanFileName, withExtension } from './names';
import { type Received, readHead } from './receive';
import type { MediaCategory } from './schema';

const loadSharp = lazyModule(async () => (await import('sharp')).default);
const loadFileType = lazyModule(() => import('file-type'));

export interface Inspected extends FileKind {
  name: string;
  category: MediaCategory;
  size: number;
  resolution: Resolution | null;
}

/** The pixel size of an image file as it is shown (EXIF rotation applied), or null when unreadable. */
export async function imageResolution(file: string): Promise<Resolution | null> {
  try {
    const sharp = await loadSharp();
    const meta = await sharp(file, { animated: false }).metadata();
    const shown = (meta as { autoOrient?: { width?: number; height?: number } }).autoOrient;
    const width = shown?.width ?? meta.width;
    const height = shown?.height ?? meta.height;
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

export async function inspectFile(
  received: Received,
  declared: { name: string; type?: string | null },
  rules: UploadRules,
  field = 'files',
): Promise<Inspected> {
  const refuse = (warning: string): never => {
    throw new Invalid(field, warning);
  };
  if (received.truncated) refuse(UPLOAD_WARNINGS.tooLarge);
  const head = received.size > 0 ? await readHead(received.tmpPath) : Buffer.alloc(0);
  const detected =
    received.size > 0 ? await (await loadFileType()).fileTypeFromFile(received.tmpPath) : undefined;
  const found = decideKind(declared, detected, head);
  if (!found) return refuse(UPLOAD_WARNINGS.notAllowed);
  const name = withExtension(cleanFileName(declared.name), found.extension);
  const category = categoryOf(found.contentType);
  const resolution = category === 'image' ? await imageResolution(received.tmpPath) : null;
  const warning = checkFile({ name, type: found.contentType, size: received.size, resolution }, rules);
  if (warning) refuse(warning);
  return { ...found, name, category, size: received.size, resolution };
}

export const THUMBNAIL_SIZE = 320;

/** A small WebP of an image for grids and previews; null when the image cannot be drawn. */
export async function makeThumbnail(file: string): Promise<Buffer | null> {
  try {
    const sharp = await loadSharp();
    return await sharp(file, { animated: false, limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
  } catch {
    return null;
  }
}
