// The profile page in real Chromium: the danger Yes of "Delete account" stays readable under the
// pointer (the plain settings-button hover outranked the danger colour: white on light grey).
import { describe, expect, it } from 'vitest';
import { browserSuite } from '../helpers/browserSuite';

const suite = browserSuite();

/** WCAG relative luminance of an `rgb(r, g, b)` colour. */
function luminance(css: string) {
  const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('profile page', () => {
  it('keeps the delete confirm’s danger button readable under the pointer', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 768, height: 900 } });
    await suite.signIn(page);
    await page.goto(`${suite.server.url}/profile`);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const yes = page.getByRole('dialog', { name: 'Delete account' }).getByRole('button', { name: 'Yes' });
    await yes.hover();
    const { color, background } = await yes.evaluate((el) => {
      const s = getComputedStyle(el);
      return { color: s.color, background: s.backgroundColor };
    });
    const [light, dark] = [luminance(color), luminance(background)].sort((a, b) => b - a);
    // WCAG AA for text: a contrast ratio of at least 4.5.
    expect((light + 0.05) / (dark + 0.05)).toBeGreaterThanOrEqual(4.5);
    await page.close();
  });
});
