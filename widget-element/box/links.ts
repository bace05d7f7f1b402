// Addresses from messages and cards are only followed when they are web, mail or phone links:
// a javascript: or data: address in a card can never run in the host page.
export function safeUrl(value: unknown): string {
  if (typeof value !== 'string') return '';
  const url = value.trim();
  return /^(https?:\/\/|mailto:|tel:)/i.test(url) ? url : '';
}

/** Only http(s) for images and videos. */
export function safeMediaUrl(value: unknown): string {
  const url = safeUrl(value);
  return /^https?:\/\//i.test(url) ? url : '';
}

export function openLink(value: unknown) {
  const url = safeUrl(value);
  if (url) window.open(url, '_blank', 'noopener,noreferrer');
}
