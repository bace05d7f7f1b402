// Storing files in the media library, for the upload route and for other features:
// storeMediaFile() is what chat, widget and channel features call with a stream or a buffer, and
// storeReceivedFiles() what they call with a request's several files received beforehand.
// A file is received to a holding file, checked (core/upload rules on its real bytes), its bytes
// and thumbnail put in the store, and only then its row added with its bytes counted; if that
// fails (no space), the stored bytes are removed again.
import type { Readable } from 'node:stream';
import type { UploadRules } from '../../core/upload/checkFiles';
import { DEFAULT_UPLOAD_LIMITS, sizeLimitBytes } from '../../core/upload/limits';
import { MESSAGES } from '../../core/validation/rules';
import { newId } from '../accounts/ids';
import type { AppContext } from '../context';
import { Invalid } from '../http/errors';
import { type FileRow, insertFileRows, type NewFileRow } from './fileRows';
import { ensureNamedFolder, folderOrDefault } from './folders';
import { imagemapKeysOf } from './imagemapImages';
import { type Inspected, inspectFile, makeThumbnail } from './inspect';
import { discard, type Received, receiveToFile } from './receive';
import { fileKey, thumbnailKey } from './storage';
import { incomingDir, mediaStorage } from './storageOf';
import type { DiskInfo } from './usage';
import { fileToWire, type MediaFileWire } from './wire';

export interface Pending {
  received: Received;
  inspected: Inspected;
  /** For a video: a still the browser drew from it, made into its thumbnail. */
  posterPath?: string;
}

/** A poster frame is a small still; anything past this is not one. */
export const MAX_POSTER_BYTES = 2_000_000;

export async function receivePoster(ctx: AppContext, source: Readable): Promise<Received> {
  return receiveToFile(incomingDir(ctx.config), source, MAX_POSTER_BYTES);
}

/** The largest file the rules allow in any category: a stream is cut one byte past it. */
export function maxUploadBytes(rules: UploadRules = {}): number {
  const limits = rules.limits ?? DEFAULT_UPLOAD_LIMITS;
  return Math.max(
    sizeLimitBytes('image', limits),
    sizeLimitBytes('video', limits),
    sizeLimitBytes('file', limits),
  );
}

export async function receiveFile(ctx: AppContext, source: Readable | Buffer, rules: UploadRules = {}) {
  return receiveToFile(incomingDir(ctx.config), source, maxUploadBytes(rules));
}

/** Checks a received file; its holding file is removed when it is refused. */
export async function checkReceived(
  received: Received,
  declared: { name: string; type?: string | null },
  rules: UploadRules = {},
  field = 'files',
): Promise<Pending> {
  try {
    return { received, inspected: await inspectFile(received, declared, rules, field) };
  } catch (err) {
    await discard(received.tmpPath);
    throw err;
  }
}

export interface Owner {
  accountId: string;
  folderId: string;
  userId: string | null;
  /** Seconds until the files are deleted by the sweeper. */
  ttl?: number | null;
}

/** Puts checked files into the store and the library, all or none. Holding files are always removed. */
export async function commitFiles(
  ctx: AppContext,
  owner: Owner,
  pending: readonly Pending[],
): Promise<{ rows: FileRow[]; disk: DiskInfo }> {
  const storage = mediaStorage(ctx);
  const written: string[] = [];
  const expiresAt = owner.ttl && owner.ttl > 0 ? new Date(Date.now() + owner.ttl * 1000) : null;
  try {
    const rows: NewFileRow[] = [];
    for (const { received, inspected, posterPath } of pending) {
      const id = newId();
      const key = fileKey(owner.accountId, id);
      const still = inspected.category === 'image' ? received.tmpPath : posterPath;
      // A poster that is not a picture is only decoration gone missing: the video is kept without.
      const thumbnail = still ? await makeThumbnail(still) : null;
      await storage.putFile(key, received.tmpPath, {
        size: inspected.size,
        contentType: inspected.contentType,
      });
      written.push(key);
      let thumbKey: string | null = null;
      if (thumbnail) {
        thumbKey = thumbnailKey(owner.accountId, id);
        await storage.put(thumbKey, thumbnail, { size: thumbnail.length, contentType: 'image/webp' });
        written.push(thumbKey);
      }
      rows.push({
        id,
        accountId: owner.accountId,
        folderId: owner.folderId,
        name: inspected.name,
        storageKey: key,
        contentType: inspected.contentType,
        extension: inspected.extension,
        category: inspected.category,
        size: inspected.size,
        width: inspected.resolution?.width ?? null,
        height: inspected.resolution?.height ?? null,
        thumbnailKey: thumbKey,
        createdBy: owner.userId,
        expiresAt,
      });
    }
    return await insertFileRows(ctx.db, owner.accountId, owner.folderId, rows);
  } catch (err) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
    throw err;
  } finally {
    await Promise.all(pending.map((p) => discard(p.received.tmpPath)));
  }
}

/** Removes stored bytes after their rows are gone; a failure leaves an orphan, which is logged. */
export async function removeStoredBytes(
  ctx: AppContext,
  removed: readonly { storageKey: string; thumbnailKey: string | null }[],
) {
  const storage = mediaStorage(ctx);
  // A picture (one with a thumbnail) also loses the copies an image map may have made of it.
  const keys = removed.flatMap((r) =>
    r.thumbnailKey ? [r.storageKey, r.thumbnailKey, ...imagemapKeysOf(r.storageKey)] : [r.storageKey],
  );
  await Promise.all(
    keys.map((key) =>
      storage
        .delete(key)
        .catch((err: unknown) => ctx.log.error({ err, key }, 'media: could not delete stored bytes')),
    ),
  );
}

/** Where stored files go and by which rules; shared by storeMediaFile and storeReceivedFiles. */
export interface StoreTarget {
  accountId: string;
  /** Defaults to the account's default folder. */
  folderId?: string | null;
  /** A top-level folder by this name (made on first use), when no folderId is given. */
  folderName?: string;
  userId?: string | null;
  /** Seconds to keep the file; such files are hidden from the library list and then deleted. */
  ttl?: number | null;
  /** Upload rules (core/upload); e.g. `{ inChat: true }` for files sent in a chat. */
  rules?: UploadRules;
  /** Origin for the file's absolute addresses; PUBLIC_URL or '' (relative) when not given. */
  origin?: string;
  /** The request field refusals name; 'file' when not given. */
  field?: string;
}

export interface StoreMediaFileInput extends StoreTarget {
  name: string;
  stream?: Readable;
  buffer?: Buffer;
  /** The content type the sender gave, if any; the bytes decide, but a contradiction is refused. */
  declaredType?: string | null;
}

/** A file received with receiveFile(), with the name and type its sender gave. */
export interface ReceivedUpload {
  received: Received;
  name: string;
  declaredType?: string | null;
}

function targetFolder(ctx: AppContext, target: StoreTarget) {
  return !target.folderId && target.folderName
    ? ensureNamedFolder(ctx.db, target.accountId, target.folderName)
    : folderOrDefault(ctx.db, target.accountId, target.folderId ?? null);
}

/**
 * Checks received files and stores them all or none (a request's files are one send); returns
 * their spec 3 file objects. Holding files are always removed. Throws the errors of storeMediaFile.
 */
export async function storeReceivedFiles(
  ctx: AppContext,
  target: StoreTarget,
  files: readonly ReceivedUpload[],
): Promise<MediaFileWire[]> {
  try {
    const pending: Pending[] = [];
    for (const file of files)
      pending.push(
        await checkReceived(
          file.received,
          { name: file.name, type: file.declaredType },
          target.rules,
          target.field ?? 'file',
        ),
      );
    const folder = await targetFolder(ctx, target);
    const { rows } = await commitFiles(
      ctx,
      { accountId: target.accountId, folderId: folder.id, userId: target.userId ?? null, ttl: target.ttl },
      pending,
    );
    const origin = target.origin ?? ctx.config.publicUrl ?? '';
    return rows.map((row) => fileToWire(row, origin));
  } finally {
    await Promise.all(files.map((f) => discard(f.received.tmpPath)));
  }
}

/**
 * Stores one file in an account's media library and returns its spec 3 file object. Throws the
 * HTTP errors of the upload route (400 with a spec 8 warning, 404 folder, 413 storage full).
 */
export async function storeMediaFile(ctx: AppContext, input: StoreMediaFileInput): Promise<MediaFileWire> {
  const source = input.buffer ?? input.stream;
  if (!source) throw new Invalid(input.field ?? 'file', MESSAGES.required);
  const received = await receiveFile(ctx, source, input.rules);
  const [file] = await storeReceivedFiles(ctx, input, [
    { received, name: input.name, declaredType: input.declaredType },
  ]);
  return file;
}
