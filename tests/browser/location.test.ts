// The location editor in real Chromium (spec 5 dialogs): closing with unsaved changes asks
// 'Leave without saving', saving an edit asks Yes / No and No saves nothing, a double click on
// Save makes one location; hours are typed 24-hour; and the media picker it opens holds its layout at 768 px.
import { describe, expect, it } from 'vitest';
import { BRIEFLY } from '../helpers/browser';
import { browserSuite } from '../helpers/browserSuite';

const suite = browserSuite();
const { signIn } = suite;
const call = async (method: string, path: string, body?: unknown) =>
  (await suite.call(method, path, body)).body as Record<string, unknown>;
const names = async () =>
  ((await call('GET', '/api/location/list')).list as { name: string }[]).map((l) => l.name).sort();

describe('location editor', () => {
  it('asks before leaving unsaved changes and before saving an edit', async () => {
    await call('POST', '/api/location/create', {
      name: 'Siam shop',
      latitude: '13.7462',
      longitude: '100.5347',
    });
    const page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page);
    await page.goto(`${suite.server.url}/location`);
    const editor = page.getByTestId('location-editor');
    const nameField = editor.locator('[data-field="name"] input');
    const dialog = (name: string) => page.getByRole('dialog', { name });

    await page.getByRole('button', { name: 'Siam shop' }).click();
    await nameField.fill('Siam shop renamed');
    // Cancel with a change: the spec 5 leave confirm; No keeps what was typed.
    await page.getByRole('button', { name: 'Cancel' }).click();
    const leave = dialog('Leave without saving');
    await expect.poll(() => leave.textContent(BRIEFLY)).toContain('Are you sure want to leave this page ?');
    await leave.getByRole('button', { name: 'No' }).click();
    expect(await nameField.inputValue()).toBe('Siam shop renamed');
    // Escape asks too, once, and the question's own Escape just closes the question.
    await page.keyboard.press('Escape');
    await expect.poll(() => leave.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => leave.count()).toBe(0);
    expect(await editor.isVisible()).toBe(true);

    // Saving an edit asks Yes / No; No saves nothing.
    await page.getByTestId('save-location').click();
    const ask = dialog('Save changes');
    await expect.poll(() => ask.textContent(BRIEFLY)).toContain('Are you sure you want to save changes ?');
    await ask.getByRole('button', { name: 'No' }).click();
    expect(await names()).toEqual(['Siam shop']);
    await page.getByTestId('save-location').click();
    await ask.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => editor.count()).toBe(0);
    expect(await names()).toEqual(['Siam shop renamed']);

    // Unchanged: Cancel closes without a question.
    await page.getByRole('button', { name: 'Siam shop renamed' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => editor.count()).toBe(0);
    await page.close();
  });

  it('takes hours typed 24-hour and names a wrong one; a double click on Save makes one location', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page);
    await page.goto(`${suite.server.url}/location`);
    const editor = page.getByTestId('location-editor');
    const nameField = editor.locator('[data-field="name"] input');
    await page.getByTestId('create-location').click();
    await nameField.fill('Double click');
    await editor.locator('[data-field="latitude"] input').fill('13.7');
    await editor.locator('[data-field="longitude"] input').fill('100.5');
    // Hours are typed 24-hour HH:mm (spec 9), whatever the browser's language; a wrong one is named.
    await editor.getByLabel('Opens').fill('930');
    await editor.getByLabel('Closes').fill('25:00');
    await page.getByTestId('save-location').click();
    await page
      .getByRole('dialog', { name: 'Unable to save data' })
      .getByRole('button', { name: 'Close' })
      .last()
      .click();
    expect(await editor.locator('[data-field="close_time"] [data-testid="field-error"]').textContent()).toBe(
      'time is invalid format',
    );
    expect(await names()).toEqual(['Siam shop renamed']);
    await editor.getByLabel('Closes').fill('1800');
    await page.getByTestId('save-location').dblclick();
    await expect.poll(() => editor.count()).toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(await names()).toEqual(['Double click', 'Siam shop renamed']);
    const made = ((await call('GET', '/api/location/list')).list as Record<string, string>[]).find(
      (l) => l.name === 'Double click',
    );
    expect([made?.open_time, made?.close_time]).toEqual(['09:30', '18:00']);
    await page.close();
  });
});

describe('media picker at 768 px', () => {
  it('shows no gap between the folders and the files, with "Default folder" in view', async () => {
    for (let i = 1; i <= 8; i++) await call('POST', '/api/folder/create', { name: `Folder ${i}` });
    const page = await suite.browser.newPage({ viewport: { width: 768, height: 900 } });
    await signIn(page);
    await page.goto(`${suite.server.url}/location`);
    await page.getByTestId('create-location').click();
    await page.getByRole('button', { name: 'Choose from media' }).click();
    const picker = page.locator('.media-picker');
    await expect.poll(() => picker.locator('.media-folder-name', { hasText: 'Folder 8' }).count()).toBe(1);
    const box = async (selector: string) => {
      const b = await picker.locator(selector).first().boundingBox();
      if (!b) throw new Error(`${selector} is not shown`);
      return b;
    };
    const folders = await box('.media-folders');
    const files = await box('.media-files');
    const gap = files.y - (folders.y + folders.height);
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThanOrEqual(24);
    // The picker's body does not scroll: folders and files both fit, the files area scrolls itself.
    const body = await picker.locator('.media-modal-body').evaluate((el) => el.scrollTop);
    expect(body).toBe(0);
    const list = await box('.media-folders > .media-folder-list');
    const first = await box('.media-folder-name');
    expect(await picker.locator('.media-folder-name').first().textContent()).toBe('Default folder');
    expect(first.y).toBeGreaterThanOrEqual(list.y - 1);
    expect(first.y + first.height).toBeLessThanOrEqual(list.y + list.height + 1);
    await page.close();
  });
});
