// Receives an upload into a holding file under DATA_DIR/media/.incoming while counting its
// bytes: nothing is kept in memory but the count, and a stream longer than `maxBytes` stops being
// written (it is still read to its end, so an HTTP client gets its answer).

import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface Received {
  tmpPath: string;
  /** Bytes written (at most maxBytes). */
  size: number;
  /** The source was longer than maxBytes. */
  truncated: boolean;
}

export async function receiveToFile(
  dir: string,
  source: Readable | Buffer,
  maxBytes: number,
): Promise<Received> {
  await fs.promises.mkdir(dir, { recursive: true });
  const tmpPath = path.join(dir, randomUUID());
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
      done(null, chunk);
    },
  });
  const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
  const output = fs.createWriteStream(tmpPath);
  try {
    await pipeline(input, counter, output);
  } catch (err) {
    // A source that fails at once (a cut-short form) can beat the file's opening: remove it only
    // once the stream has closed, or the opening creates it after the removal and it stays.
    if (!output.closed) await once(output, 'close').catch(() => {});
    await fs.promises.rm(tmpPath, { force: true });
    throw err;
  }
  return { tmpPath, size, truncated: truncated || Boolean((source as { truncated?: boolean }).truncated) };
}

/** The first bytes of a file (for text formats that have no magic number). */
export async function readHead(file: string, bytes = 64 * 1024): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export function discard(file: string) {
  return fs.promises.rm(file, { force: true });
}
