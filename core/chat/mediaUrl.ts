// Addresses that message items carry (images, videos, files, stickers) are shown only when they
// are web addresses or the server's own paths, so a crafted item can never become a script link.

/** http(s), a same-origin path, or a blob/data image made by the browser itself; otherwise null. */
export function safeMediaUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const value = url.trim();
  if (value === '') return null;
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  if (/^blob:/i.test(value)) return value;
  if (/^data:image\/(png|jpe?g|gif|webp);base64,/i.test(value)) return value;
  return null;
}

/** LINE's sticker image (sticker ids are unique across packages). */
export function stickerImageUrl(stickerId: string): string {
  return `https://stickershop.line-scdn.net/stickershop/v1/sticker/${encodeURIComponent(stickerId)}/android/sticker.png`;
}
