// The stickers a bot may send (LINE's "List of available stickers",
// https://developers.line.biz/en/docs/messaging-api/sticker-list/): LINE's free packages with
// their sticker id ranges. LINE shows them natively; Messenger, Instagram and the web widget show
// the sticker's image; WeChat cannot show them, so a sticker is never sent there.

export interface StickerPackage {
  packageId: string;
  /** First and last sticker id, both included. */
  first: number;
  last: number;
}

export const LINE_STICKER_PACKAGES: readonly StickerPackage[] = [
  { packageId: '446', first: 1988, last: 2027 },
  { packageId: '789', first: 10855, last: 10894 },
  { packageId: '1070', first: 17839, last: 17878 },
  { packageId: '6136', first: 10551376, last: 10551399 },
  { packageId: '6325', first: 10979904, last: 10979927 },
  { packageId: '6359', first: 11069848, last: 11069871 },
  { packageId: '6362', first: 11087920, last: 11087943 },
  { packageId: '6370', first: 11088016, last: 11088039 },
  { packageId: '6632', first: 11825374, last: 11825397 },
  { packageId: '8515', first: 16581242, last: 16581265 },
  { packageId: '8522', first: 16581266, last: 16581289 },
  { packageId: '8525', first: 16581290, last: 16581313 },
  { packageId: '11537', first: 52002734, last: 52002773 },
  { packageId: '11538', first: 51626494, last: 51626533 },
  { packageId: '11539', first: 52114110, last: 52114149 },
];

/** The sticker ids of a package, in order. */
export function stickerIds(pkg: StickerPackage): string[] {
  return Array.from({ length: pkg.last - pkg.first + 1 }, (_, i) => String(pkg.first + i));
}

/** Whether LINE lets a bot send this sticker. */
export function isSendableSticker(packageId: unknown, stickerId: unknown): boolean {
  if (typeof packageId !== 'string' || typeof stickerId !== 'string' || !/^\d{1,12}$/.test(stickerId))
    return false;
  const pkg = LINE_STICKER_PACKAGES.find((p) => p.packageId === packageId);
  const id = Number(stickerId);
  return Boolean(pkg && id >= pkg.first && id <= pkg.last);
}

/** Channels that can show a sticker (as itself, or as its image). */
export const STICKER_CHANNELS: readonly string[] = ['line', 'messenger', 'instagram', 'widget'];

export const channelShowsStickers = (channelType: string | null | undefined) =>
  Boolean(channelType && STICKER_CHANNELS.includes(channelType));
