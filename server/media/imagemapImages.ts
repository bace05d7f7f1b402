// A media-library picture as an image map's picture: LINE fetches `{baseUrl}/1040`, `/700`, `/460`,
// `/300` and `/240` (line-openapi ImagemapMessage), so `GET /imagemap/{fileId}/{width}` serves the
// JPEG or PNG at exactly that width. Each width is resized once and kept in the media store beside
// the file (disk or S3), then served from there; a library file's bytes never change under its id,
// so a kept copy never goes stale, and it is removed with the file. A capability address like
// /media/{id}/{name}: no session, found by the file's unguessable id (docs/api.md).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IMAGEMAP_IMAGE_PATH,
  IMAGEMAP_MESSAGES,
  IMAGEMAP_WIDTHS,
  type ImagemapWidth,
  imagemapBaseHeight,
  imagemapImageAddress,
  imagemapImageProblem,
} from '../../core/template/imagemap';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import type { AppContext } from '../context';
import { NotFound } from '../http/errors';
import { lazyModule } from '../lazyModule';
import { type FileRow, fileById } from './fileRows';
import { contentDisposition, sendStoredObject } from './serve';
import type { MediaStorage } from './storage';
import { mediaStorage } from './storageOf';
import { requestOrigin } from './wire';

const loadSharp = lazyModule(async () => (await import('sharp')).default);

const ID = /^[a-z0-9]{20}$/;
const NOT_HERE = SERVER_MESSAGES.imagemapPictureMissing;

/** Where the copy of a file at one width is kept; removed with the file (store.ts). */
export const imagemapKey = (accountId: string, fileId: string, width: number) =>
  `imagemap/${accountId}/${fileId}/${width}`;

/** The kept copies of a stored file, from its storage key `files/{accountId}/{fileId}`. */
export function imagemapKeysOf(storageKey: string): string[] {
  const match = /^files\/([^/]+)\/([^/]+)$/.exec(storageKey);
  return match ? IMAGEMAP_WIDTHS.map((w) => imagemapKey(match[1], match[2], w)) : [];
}

const isWidth = (n: number): n is ImagemapWidth => (IMAGEMAP_WIDTHS as readonly number[]).includes(n);

/** A library file that can be an image map's picture (JPEG or PNG within LINE's limits), else null. */
function usable(file: FileRow | null): file is FileRow & { width: number; height: number } {
  return (
    !!file &&
    imagemapImageProblem({
      type: file.contentType,
      size: Number(file.size),
      resolution: file.width && file.height ? { width: file.width, height: file.height } : null,
    }) === null
  );
}

async function readAll(storage: MediaStorage, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The picture `width` px wide and exactly as tall as the base size says, in its own format. */
async function resize(source: Buffer, file: FileRow & { width: number; height: number }, width: number) {
  const sharp = await loadSharp();
  const height = Math.max(1, Math.round((imagemapBaseHeight(file) * width) / 1040));
  const image = sharp(source, { animated: false, limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width, height, fit: 'fill' });
  return file.contentType === 'image/png'
    ? image.png({ compressionLevel: 9 }).toBuffer()
    : image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}

/** One resize per copy at a time in this process: concurrent first requests wait for the same one. */
const making = new Map<string, Promise<void>>();

async function ensureCopy(ctx: AppContext, file: FileRow & { width: number; height: number }, width: number) {
  const storage = mediaStorage(ctx);
  const key = imagemapKey(file.accountId, file.id, width);
  if (await storage.stat(key)) return key;
  let job = making.get(key);
  if (!job) {
    job = (async () => {
      const source = await readAll(storage, file.storageKey);
      if (!source) throw new NotFound(NOT_HERE);
      const bytes = await resize(source, file, width);
      await storage.put(key, bytes, { size: bytes.length, contentType: file.contentType });
    })().finally(() => making.delete(key));
    making.set(key, job);
  }
  await job;
  return key;
}

export function registerImagemapImages(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { id: string; width: string } }>(
    `${IMAGEMAP_IMAGE_PATH}/:id/:width`,
    async (request, reply) => {
      const width = /^\d{3,4}$/.test(request.params.width) ? Number(request.params.width) : 0;
      if (!isWidth(width) || !ID.test(request.params.id)) throw new NotFound(NOT_HERE);
      const file = await fileById(ctx.db, request.params.id);
      if (!usable(file)) throw new NotFound(NOT_HERE);
      const key = await ensureCopy(ctx, file, width);
      const extension = file.contentType === 'image/png' ? 'png' : 'jpg';
      return sendStoredObject(
        request,
        reply,
        mediaStorage(ctx),
        key,
        {
          'content-type': file.contentType,
          'content-disposition': contentDisposition(`${file.id}-${width}.${extension}`, true),
        },
        `"m${file.id}-${width}"`,
      );
    },
  );
}

/**
 * An image map form whose picture is one of this account's library pictures, made to fit it: the
 * address checked (the file is here, JPEG or PNG, within LINE's size) and the base height taken
 * from the picture itself. Other addresses pass as they are. Returns the form and its problems.
 */
export async function fitImagemapPicture<T extends { baseUrl?: unknown; baseHeight?: unknown }>(
  ctx: AppContext,
  request: FastifyRequest,
  accountId: string,
  form: T,
): Promise<{ form: T; problems: { field: string; message: string }[] }> {
  const address = imagemapImageAddress(form.baseUrl);
  const origins = new Set([requestOrigin(ctx, request), `${request.protocol}://${request.host}`]);
  if (!address || !origins.has(address.origin)) return { form, problems: [] };
  const file = await fileById(ctx.db, address.fileId);
  if (!file || file.accountId !== accountId)
    return { form, problems: [{ field: 'baseUrl', message: IMAGEMAP_MESSAGES.imageMissing }] };
  const problem = imagemapImageProblem({
    type: file.contentType,
    size: Number(file.size),
    resolution: file.width && file.height ? { width: file.width, height: file.height } : null,
  });
  if (problem) return { form, problems: [{ field: 'baseUrl', message: problem }] };
  const height = imagemapBaseHeight({ width: file.width as number, height: file.height as number });
  return { form: { ...form, baseHeight: height }, problems: [] };
}
