// A video's length for the report's duration column (spec 3), read from an MP4's movie header
// (moov/mvhd) as the file streams by: big media data boxes are skipped, never held in memory.
// Files of the media library only; each is read once per process.
import { mediaFileAddress } from '../../core/models/media';
import { openOwnFile } from '../channels/signedMedia';
import type { AppContext } from '../context';

/** Seconds from the payload of a `moov` box, or null when it has no usable `mvhd`. */
export function mvhdSeconds(moov: Buffer): number | null {
  let at = 0;
  while (at + 8 <= moov.length) {
    const size = moov.readUInt32BE(at);
    const type = moov.toString('latin1', at + 4, at + 8);
    if (size < 8) return null;
    if (type === 'mvhd') {
      const body = at + 8;
      const version = moov[body];
      const timescale = version === 1 ? moov.readUInt32BE(body + 20) : moov.readUInt32BE(body + 12);
      const duration = version === 1 ? Number(moov.readBigUInt64BE(body + 24)) : moov.readUInt32BE(body + 16);
      return timescale > 0 ? Math.round((duration / timescale) * 10) / 10 : null;
    }
    at += size;
  }
  return null;
}

const MOOV_MAX = 16 * 1024 * 1024;

/** The duration of an MP4 given as a stream of chunks; null when it is not an MP4 we can read. */
export async function mp4Seconds(chunks: AsyncIterable<Buffer | Uint8Array>): Promise<number | null> {
  let buffer = Buffer.alloc(0);
  let skip = 0;
  let moov: { size: number } | null = null;
  for await (const chunk of chunks) {
    let data = Buffer.from(chunk);
    if (skip > 0) {
      const n = Math.min(skip, data.length);
      skip -= n;
      data = data.subarray(n);
    }
    buffer = buffer.length ? Buffer.concat([buffer, data]) : data;
    for (;;) {
      if (moov) {
        if (buffer.length < moov.size) break;
        return mvhdSeconds(buffer.subarray(8, moov.size));
      }
      if (buffer.length < 16) break;
      let size = buffer.readUInt32BE(0);
      const type = buffer.toString('latin1', 4, 8);
      if (size === 1) size = Number(buffer.readBigUInt64BE(8));
      if (size < 8) return null;
      if (type === 'moov') {
        if (size > MOOV_MAX) return null;
        moov = { size };
        continue;
      }
      if (buffer.length >= size) {
        buffer = buffer.subarray(size);
      } else {
        skip = size - buffer.length;
        buffer = Buffer.alloc(0);
        break;
      }
    }
  }
  return null;
}

const known = new Map<string, Promise<number | null>>();

/** Seconds of a media-library video by its address; null for other addresses or unreadable files. */
export function videoSeconds(ctx: AppContext, url: string | null | undefined): Promise<number | null> {
  const own = url ? mediaFileAddress(url) : null;
  if (!url || !own) return Promise.resolve(null);
  let found = known.get(own.id);
  if (!found) {
    found = (async () => {
      const file = await openOwnFile(ctx, url);
      if (!file) return null;
      try {
        return await mp4Seconds(file.stream as AsyncIterable<Buffer>);
      } finally {
        (file.stream as { destroy?: () => void }).destroy?.();
      }
    })().catch(() => null);
    if (known.size > 500) known.clear();
    known.set(own.id, found);
  }
  return found;
}
