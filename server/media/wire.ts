// The file object of spec 3 as the API sends it, and the stable addresses files are served at:
// /media/{fileId}/{name} keeps working after a move or a rename (only the id is looked up).
import type { FastifyRequest } from 'fastify';
import { MEDIA_PATH, type MediaFile, mediaFilePath } from '../../core/models/media';
import type { AppContext } from '../context';
import type { FileRow, FileWithAuthor } from './fileRows';

export { MEDIA_PATH, mediaFilePath as filePath };

export const thumbnailPath = (id: string) => `${MEDIA_PATH}/thumbs/${id}.webp`;

/** PUBLIC_URL when set, else the origin the request came to. */
export function requestOrigin(ctx: AppContext, request: FastifyRequest): string {
  return ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export type MediaFileWire = MediaFile & {
  created: string;
  folderId: string;
  category: FileRow['category'];
  /** A small WebP for images (grids, previews); null for other files. */
  thumbnailUrl: string | null;
  createdById: string | null;
  createdBy: string | null;
};

export function fileToWire(row: FileRow | FileWithAuthor, origin: string): MediaFileWire {
  const url = `${origin}${mediaFilePath(row.id, row.name)}`;
  const thumbnail = row.thumbnailKey ? `${origin}${thumbnailPath(row.id)}` : null;
  return {
    id: row.id,
    name: row.name,
    url,
    urlOriginal: url,
    created: row.createdAt.toISOString(),
    type: row.contentType,
    extension: row.extension,
    size: Number(row.size),
    createdBy: 'createdByName' in row ? row.createdByName : null,
    createdById: row.createdBy,
    isSelected: false,
    isImage: row.category === 'image',
    isVideo: row.category === 'video',
    isDoc: row.category === 'file',
    attachmentId: null,
    resolution: row.width && row.height ? { width: row.width, height: row.height } : null,
    thumbnailUrl: row.category === 'image' ? thumbnail : null,
    thumbnailVideoImageUrl: row.category === 'video' ? thumbnail : null,
    folderId: row.folderId,
    category: row.category,
  };
}
