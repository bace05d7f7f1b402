// Addresses the platforms fetch our files from (LINE images and videos, Meta attachments, WeChat
// uploads): signed and expiring, so a file handed to LINE is not an open link for ever. The media
// library serves /media/{id}/… by unguessable id without expiry; this route serves the same file,
// the same way (server/media/serve.ts), only while the signature holds.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { mediaFileAddress } from '../../core/models/media';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import type { AppContext } from '../context';
import { NotFound } from '../http/errors';
import { fileById } from '../media/fileRows';
import { sendMediaFile } from '../media/serve';
import { mediaStorage } from '../media/storageOf';
import { channelKeys } from './schema';

export const SIGNED_MEDIA_PATH = '/channel-files';
/** Long enough for a platform to fetch (and re-fetch) what it was sent. */
export const SIGNED_MEDIA_TTL_SECONDS = 30 * 24 * 3600;

const ID = /^[a-z0-9]{20}$/;

const keys = new WeakMap<AppContext, Promise<Buffer>>();

/** The server's signing key, made once and shared by every process through the database. */
function signingKey(ctx: AppContext): Promise<Buffer> {
  let key = keys.get(ctx);
  if (!key) {
    key = (async () => {
      await ctx.db
        .insert(channelKeys)
        .values({ name: 'media', secret: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await ctx.db.select().from(channelKeys).limit(1);
      return Buffer.from(row.secret, 'base64url');
    })();
    key.catch(() => keys.delete(ctx));
    keys.set(ctx, key);
  }
  return key;
}

function signature(key: Buffer, id: string, expires: number): string {
  return createHmac('sha256', key).update(`${id}/${expires}`).digest('base64url').slice(0, 32);
}

/**
 * The address to give a platform for an item's file: our own files become signed, expiring
 * addresses under PUBLIC_URL (or the origin the address already had); other web addresses pass
 * as they are; null when there is no absolute address to give.
 */
export async function platformUrl(ctx: AppContext, url: string | undefined | null): Promise<string | null> {
  if (!url) return null;
  const own = mediaFileAddress(url);
  if (!own) return /^https?:\/\//i.test(url) ? url : null;
  const origin = ctx.config.publicUrl ?? own.origin;
  if (!origin) return null;
  const expires = Math.floor(Date.now() / 1000) + SIGNED_MEDIA_TTL_SECONDS;
  const sig = signature(await signingKey(ctx), own.id, expires);
  return `${origin}${SIGNED_MEDIA_PATH}/${expires}/${sig}/${own.id}/${own.name}`;
}

async function verified(ctx: AppContext, p: Record<string, string>): Promise<boolean> {
  const expires = Number(p.expires);
  if (!Number.isInteger(expires) || expires < Date.now() / 1000 || !ID.test(p.id)) return false;
  const expected = Buffer.from(signature(await signingKey(ctx), p.id, expires));
  const given = Buffer.from(String(p.sig));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The bytes behind one of our own file addresses (for platforms that take uploads), or null. */
export async function openOwnFile(ctx: AppContext, url: string) {
  const own = mediaFileAddress(url);
  const file = own ? await fileById(ctx.db, own.id) : null;
  if (!file) return null;
  const object = await mediaStorage(ctx).get(file.storageKey);
  return object && { stream: object.stream, size: object.size, type: file.contentType, name: file.name };
}

export function registerSignedMediaRoute(app: FastifyInstance, ctx: AppContext) {
  app.get(`${SIGNED_MEDIA_PATH}/:expires/:sig/:id/:name`, async (request, reply) => {
    const params = request.params as Record<string, string>;
    const file = (await verified(ctx, params)) ? await fileById(ctx.db, params.id) : null;
    if (!file) throw new NotFound(SERVER_MESSAGES.fileMissing);
    return sendMediaFile(ctx, request, reply, file);
  });
}
