// Customer text is plain text: it is never rendered as HTML, only escaped into it (spec 5).

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Safe in element content and in quoted attribute values. Anything not a string becomes ''. */
export function escapeHtml(value: unknown): string {
  if (typeof value !== 'string') return typeof value === 'number' ? String(value) : '';
  return value.replace(/[&<>"'`]/g, (c) => ESCAPES[c]);
}
