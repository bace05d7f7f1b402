// The API modal in real Chromium (spec 5 dialogs): closing it with unsaved changes asks 'Leave
// without saving', saving an edit asks Yes / No and No saves nothing; unchanged, it just closes.
import { describe, expect, it } from 'vitest';
import { BRIEFLY } from '../helpers/browser';
import { browserSuite } from '../helpers/browserSuite';

const suite = browserSuite();

const names = async () =>
  ((await suite.ok('GET', '/api/settings/apis')) as { list: { name: string }[] }).list.map((c) => c.name);

describe('API modal', () => {
  it('asks before leaving unsaved changes and before saving an edit', async () => {
    const created = await suite.call('POST', '/api/settings/apis', {
      name: 'Points',
      slug: 'points',
      method: 'GET',
      url: 'https://example.com/p',
    });
    expect(created.status).toBeLessThan(300);
    const page = await suite.browser.newPage({ viewport: { width: 768, height: 900 } });
    await suite.signIn(page);
    await page.goto(`${suite.server.url}/setting/api`);
    const modal = page.getByRole('dialog', { name: 'Edit API' });
    const nameField = modal.getByLabel('Name', { exact: true });
    const editButton = page.getByTestId('api-row').getByRole('button', { name: 'Edit' });

    // Unchanged: Cancel just closes.
    await editButton.click();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => modal.count()).toBe(0);

    await editButton.click();
    await nameField.fill('Points renamed');
    await page.keyboard.press('Escape');
    const leave = page.getByRole('dialog', { name: 'Leave without saving' });
    await expect.poll(() => leave.textContent(BRIEFLY)).toContain('Are you sure want to leave this page ?');
    await leave.getByRole('button', { name: 'No' }).click();
    expect(await nameField.inputValue()).toBe('Points renamed');

    await modal.getByRole('button', { name: 'Save' }).click();
    const ask = page.getByRole('dialog', { name: 'Save changes' });
    await expect.poll(() => ask.textContent(BRIEFLY)).toContain('Are you sure you want to save changes ?');
    await ask.getByRole('button', { name: 'No' }).click();
    expect(await names()).toEqual(['Points']);
    await modal.getByRole('button', { name: 'Save' }).click();
    await ask.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => modal.count()).toBe(0);
    expect(await names()).toEqual(['Points renamed']);

    // Leaving a changed form: Yes closes it and keeps what was saved.
    await editButton.click();
    await nameField.fill('Thrown away');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await leave.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => modal.count()).toBe(0);
    expect(await names()).toEqual(['Points renamed']);
    await page.close();
  });
});
