// Serves stored files at their stable addresses as passive content only: the stored content type,
// nosniff, a sandboxing Content-Security-Policy, and documents and SVG as downloads, so nothing
// uploaded (an SVG or HTML with script) can ever run in our origin. Ranges for video seeking.
// Readable from any site (CORS *, cross-origin resource policy): the widget shows files on others' pages.
// The addresses are capability URLs (docs/api.md "Media library"): no session, no expiry, kept
// private by an unguessable random id (newId: 20 of [a-z0-9], about 103 bits); never indexed.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import type { AppContext } from '../context';
import { NotFound } from '../http/errors';
import { type FileRow, fileById } from './fileRows';
import type { ByteRange, MediaStorage } from './storage';
import { mediaStorage } from './storageOf';
import { MEDIA_PATH } from './wire';

const ID = /^[a-z0-9]{20}$/;
const SANDBOX =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** Images (but SVG), video and audio show in the browser; everything else downloads. */
export function isInline(contentType: string): boolean {
  if (contentType === 'image/svg+xml') return false;
  return /^(image|video|audio)\//.test(contentType);
}

export function contentDisposition(name: string, inline: boolean): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** One `bytes=a-b` range (or `a-`, `-n`); null for none, 'invalid' when it cannot be served. */
export function parseRange(header: unknown, size: number): ByteRange | null | 'invalid' {
  if (typeof header !== 'string' || !header.startsWith('bytes=')) return null;
  const spec = header.slice(6).trim();
  if (spec.includes(',')) return null;
  const match = /^(\d*)-(\d*)$/.exec(spec);
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/** An object of the store as passive content, with ranges and a weak cache check by `etag`. */
export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: MediaStorage,
  key: string,
  headers: Record<string, string>,
  etag: string,
) {
  reply
    .headers(headers)
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', SANDBOX)
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('access-control-allow-origin', '*')
    .header('cache-control', 'public, max-age=86400')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('accept-ranges', 'bytes');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  const stat = await storage.stat(key);
  if (!stat) throw new NotFound(SERVER_MESSAGES.fileMissing);
  const range = parseRange(request.headers.range, stat.size);
  if (range === 'invalid') {
    return reply.status(416).header('content-range', `bytes */${stat.size}`).send();
  }
  const object = await storage.get(key, range ?? undefined);
  if (!object) throw new NotFound(SERVER_MESSAGES.fileMissing);
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
      .header('content-length', String(range.end - range.start + 1));
  } else {
    reply.header('content-length', String(stat.size));
  }
  return reply.send(object.stream);
}

/** A stored file's bytes as passive content; for /media/{id}/{name} and for other features' addresses. */
export function sendMediaFile(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, file: FileRow) {
  return sendStoredObject(
    request,
    reply,
    mediaStorage(ctx),
    file.storageKey,
    {
      'content-type': file.contentType === 'text/csv' ? 'text/csv; charset=utf-8' : file.contentType,
      'content-disposition': contentDisposition(file.name, isInline(file.contentType)),
    },
    `"${file.id}"`,
  );
}

export function registerMediaServing(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { id: string } }>(`${MEDIA_PATH}/thumbs/:id`, async (request, reply) => {
    const id = request.params.id.replace(/\.webp$/, '');
    const file = ID.test(id) ? await fileById(ctx.db, id) : null;
    if (!file?.thumbnailKey) throw new NotFound(SERVER_MESSAGES.fileMissing);
    return sendStoredObject(
      request,
      reply,
      mediaStorage(ctx),
      file.thumbnailKey,
      { 'content-type': 'image/webp', 'content-disposition': contentDisposition(`${file.name}.webp`, true) },
      `"t${file.id}"`,
    );
  });

  // The name in the address is for people and downloads; only the id is looked up, so an address
  // handed out before a rename or a move keeps working.
  app.get<{ Params: { id: string; name: string } }>(`${MEDIA_PATH}/:id/:name`, async (request, reply) => {
    const file = ID.test(request.params.id) ? await fileById(ctx.db, request.params.id) : null;
    if (!file) throw new NotFound(SERVER_MESSAGES.fileMissing);
    return sendMediaFile(ctx, request, reply, file);
  });
}
