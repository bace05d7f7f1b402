// An import file on its way in: written to DATA_DIR/chat-imports while its SHA-256 is taken (the
// same bytes imported twice are known by it). Only the byte count and the hash stay in memory.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../context';

export interface Upload {
  tmpPath: string;
  size: number;
  hash: string;
  truncated: boolean;
}

export const uploadDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'chat-imports');

export async function receiveUpload(ctx: AppContext, source: Readable, maxBytes: number): Promise<Upload> {
  const dir = uploadDir(ctx);
  await fs.promises.mkdir(dir, { recursive: true });
  const tmpPath = path.join(dir, randomUUID());
  const hash = createHash('sha256');
  let size = 0;
  let truncated = false;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (truncated) return done();
      if (size + chunk.length > maxBytes) {
        truncated = true;
        return done();
      }
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, counter, fs.createWriteStream(tmpPath));
  } catch (err) {
    await fs.promises.rm(tmpPath, { force: true });
    throw err;
  }
  return {
    tmpPath,
    size,
    hash: hash.digest('hex'),
    truncated: truncated || Boolean((source as { truncated?: boolean }).truncated),
  };
}

export const discardUpload = (file: string) => fs.promises.rm(file, { force: true });

/** Files left behind by a process that stopped mid-import (older than a day). */
export async function sweepUploads(ctx: AppContext) {
  const dir = uploadDir(ctx);
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const dayAgo = Date.now() - 86_400_000;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && stat.mtimeMs < dayAgo) await discardUpload(file);
  }
}
