// HTML pages the server renders around the built assets.
import type { Locale } from '../../core/i18n/index';

const escapeAttr = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The console's index.html with the page language set, so /th pages are Thai from the first byte. */
export function consoleHtml(template: string, locale: Locale): string {
  return template.replace('<html lang="en">', `<html lang="${locale}">`);
}

/** The full-page widget (/widget/{id}, /th/widget/{id}): the same element, open and full-window. */
export function widgetPageHtml(widgetId: string, locale: Locale, title: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeAttr(title)}</title>
<style>html,body{margin:0;height:100%;background:#fff}</style>
<script type="module" src="/chat-widget.js"></script>
</head>
<body>
<chat-widget widget-id="${escapeAttr(widgetId)}" lang="${locale}" full-page open hide-launcher></chat-widget>
</body>
</html>`;
}

/** The demo site is plain HTML with placeholders for the seeded widget id and this server's origin. */
export function demoHtml(template: string, widgetId: string, origin: string): string {
  return template.replaceAll('%WIDGET_ID%', escapeAttr(widgetId)).replaceAll('%ORIGIN%', escapeAttr(origin));
}
