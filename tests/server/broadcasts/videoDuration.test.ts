// The report's video duration (spec 3) from an MP4's movie header, streamed: the media data box
// before it is skipped, version 0 and 1 headers, chunks split anywhere, and non-MP4 input.
import { describe, expect, it } from 'vitest';
import { mp4Seconds, mvhdSeconds } from '../../../server/broadcasts/videoDuration';

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function mvhd(version: 0 | 1, timescale: number, duration: number): Buffer {
  const body = Buffer.alloc(version === 1 ? 112 : 100);
  body[0] = version;
  if (version === 1) {
    body.writeUInt32BE(timescale, 20);
    body.writeBigUInt64BE(BigInt(duration), 24);
  } else {
    body.writeUInt32BE(timescale, 12);
    body.writeUInt32BE(duration, 16);
  }
  return box('mvhd', body);
}

function mp4(version: 0 | 1, timescale: number, duration: number, mdatBytes: number): Buffer {
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\0\0isomiso2avc1mp41', 'latin1')),
    box('mdat', Buffer.alloc(mdatBytes, 7)),
    box('moov', Buffer.concat([mvhd(version, timescale, duration), box('trak', Buffer.alloc(40))])),
  ]);
}

async function* chunked(data: Buffer, size: number) {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}

describe('video duration', () => {
  it.each([
    [0, 1000, 93_500, 93.5],
    [1, 90_000, 2_700_000, 30],
    [0, 600, 0, 0],
  ] as const)('mvhd version %s, timescale %s, duration %s → %s s', (version, scale, duration, seconds) => {
    expect(mvhdSeconds(Buffer.concat([mvhd(version, scale, duration)]))).toBe(seconds);
  });

  it.each([1, 7, 1024, 1_000_000])('streams past the media data in chunks of %s bytes', async (size) => {
    expect(await mp4Seconds(chunked(mp4(0, 1000, 61_000, 300_000), size))).toBe(61);
  });

  it('answers null for what is not an MP4', async () => {
    expect(await mp4Seconds(chunked(Buffer.from('not a video at all, just text'), 8))).toBeNull();
    expect(await mp4Seconds(chunked(Buffer.alloc(64), 16))).toBeNull();
  });
});
