// The media store's contract. Keys are made by this feature from ids only; a file's name is never a path.
import type { Readable } from 'node:stream';

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface StoredObject {
  stream: Readable;
  /** The whole object's size. */
  size: number;
}

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Stores `size` bytes from `body` under `key`; replaces nothing that readers could see half-written. */
  put(key: string, body: Readable | Buffer, meta: { size: number; contentType: string }): Promise<void>;
  /** Stores a finished local file (moved when the store is local, streamed otherwise). */
  putFile(key: string, file: string, meta: { size: number; contentType: string }): Promise<void>;
  /** The bytes under `key` (or one range of them), or null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/._-]{0,200}$/;

/** Keys are ours (ids and fixed words), but check anyway so a bug can never reach outside the store. */
export function assertKey(key: string): string {
  if (!KEY.test(key) || key.includes('..') || key.includes('//')) throw new Error(`bad media key: ${key}`);
  return key;
}

export const fileKey = (accountId: string, fileId: string) => `files/${accountId}/${fileId}`;
export const thumbnailKey = (accountId: string, fileId: string) => `thumbs/${accountId}/${fileId}.webp`;
