// LINE's documented stickers that a bot may send, and the channels that can show one.
import { describe, expect, it } from 'vitest';
import {
  channelShowsStickers,
  isSendableSticker,
  LINE_STICKER_PACKAGES,
  stickerIds,
} from '../../../core/chat/stickers';

describe('LINE sticker list', () => {
  it('every package is a contiguous range of 24 or 40 stickers', () => {
    for (const p of LINE_STICKER_PACKAGES) expect([24, 40]).toContain(stickerIds(p).length);
  });
  it.each([
    ['446', '1988', true],
    ['446', '2027', true],
    ['446', '2028', false],
    ['446', '1987', false],
    ['11537', '52002734', true],
    ['11537', '1988', false],
    ['1', '1', false],
    ['446', '19 88', false],
    ['446', 1988, false],
  ])('package %s sticker %s → %s', (pkg, id, ok) => expect(isSendableSticker(pkg, id)).toBe(ok));
  it.each([
    ['line', true],
    ['messenger', true],
    ['instagram', true],
    ['widget', true],
    ['wechat', false],
    [null, false],
  ])('%s shows stickers: %s', (channel, ok) => expect(channelShowsStickers(channel)).toBe(ok));
});
