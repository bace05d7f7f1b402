// Runs before each unit file that shares its worker's modules (vitest.config.ts): what one file may
// have left in the shared page and modules is put back to how a fresh file would find it. A file
// may run in node (`@vitest-environment node`), with no page at all.
import { vi } from 'vitest';

vi.useRealTimers();
vi.unstubAllGlobals();
vi.restoreAllMocks();
if (typeof window !== 'undefined') {
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    // biome-ignore lint/suspicious/noDocumentCookie: happy-dom has no Cookie Store API; the console's language cookie is set the same way.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  if (window.location.pathname !== '/') window.history.replaceState(null, '', '/');
  const { locale } = await import('../../console/app/i18n');
  locale.value = 'en';
}
