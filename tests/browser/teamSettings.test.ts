// The team settings in real Chromium, as an owner uses them: editing a tag, a chat group, a role
// or a contact field's permissions asks Yes / No before it is saved, and cancelling an invitation
// asks first too (spec 5: delete and edit ask Yes / No); the contact import's report counts with
// thousands commas (spec 9).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIEFLY, launchBrowser } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from '../helpers/server';
import { signIn } from './liveHelpers';

let server: TestServer;
let browser: Browser;

async function call(method: string, path: string, body: unknown) {
  const owner = await login(server.url);
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: owner.headers,
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await call('POST', '/api/settings/tags', { name: 'Old tag' });
  await call('POST', '/api/settings/queues', { name: 'Old group' });
  await call('POST', '/api/settings/roles', { name: 'Old role', level: 4 });
  await call('POST', '/api/contact/fields', { key: 'city', label: 'Old label', type: 'other' });
  const owner = await login(server.url);
  const roles = await fetch(`${server.url}/api/settings/roles`, { headers: owner.headers }).then((r) =>
    r.json(),
  );
  const agentRole = roles.list.find((r: { level: number }) => r.level === 4)._id;
  await call('POST', '/api/settings/users/invite', { email: 'later@example.com', role_id: agentRole });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const saveQuestion = (page: Page) => page.getByRole('dialog', { name: 'Save changes' });

/** Save, answer No (nothing saved, the form stays), Save again and answer Yes. */
async function saveAfterNoThenYes(page: Page, form: string, rowText: () => Promise<string | null>) {
  const dialog = page.getByRole('dialog', { name: form });
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => saveQuestion(page).count()).toBe(1);
  await expect
    .poll(() => saveQuestion(page).textContent(BRIEFLY))
    .toContain('Are you sure you want to save changes ?');
  await saveQuestion(page).getByRole('button', { name: 'No', exact: true }).click();
  await expect.poll(() => saveQuestion(page).count()).toBe(0);
  expect(await dialog.count()).toBe(1);
  expect(await rowText()).toContain('Old');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await saveQuestion(page).getByRole('button', { name: 'Yes', exact: true }).click();
  await expect.poll(() => dialog.count()).toBe(0);
}

describe('team settings', () => {
  it('editing a tag, a chat group, a role or a field asks Yes / No; cancelling an invitation asks too', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);

    await page.goto(`${server.url}/setting/tag`);
    const tagRow = page.getByTestId('tag-row').filter({ hasText: /(Old|New) tag/ });
    await tagRow.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit tag' }).getByLabel('Tag name').fill('New tag');
    await saveAfterNoThenYes(page, 'Edit tag', () => tagRow.textContent());
    await expect.poll(() => tagRow.textContent(BRIEFLY)).toContain('New tag');

    await page.goto(`${server.url}/setting/queue`);
    const queueRow = page.getByTestId('queue-row').filter({ hasText: /(Old|New) group/ });
    await queueRow.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit chat group' }).getByLabel('Group name').fill('New group');
    await saveAfterNoThenYes(page, 'Edit chat group', () => queueRow.textContent());
    await expect.poll(() => queueRow.textContent(BRIEFLY)).toContain('New group');

    await page.goto(`${server.url}/setting/users`);
    await page.getByRole('tab', { name: 'Roles and permissions' }).click();
    const roleRow = page.getByTestId('role-row').filter({ hasText: /(Old|New) role/ });
    await roleRow.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit role' }).getByLabel('Role name').fill('New role');
    await saveAfterNoThenYes(page, 'Edit role', () => roleRow.textContent());
    await expect.poll(() => roleRow.textContent(BRIEFLY)).toContain('New role');

    await page.goto(`${server.url}/contact-list`);
    await page.getByRole('button', { name: 'Contact fields' }).click();
    const fieldRow = page.getByRole('dialog', { name: 'Contact fields' }).getByRole('row', { name: /city/ });
    await fieldRow.getByRole('button', { name: 'Who sees it' }).click();
    await page.getByRole('dialog', { name: 'Old label' }).getByLabel('Label').fill('New label');
    await saveAfterNoThenYes(page, 'Old label', () => fieldRow.textContent());
    await expect.poll(() => fieldRow.textContent(BRIEFLY)).toContain('New label');
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/setting/users`);
    const invitation = page.getByTestId('invitation-row').filter({ hasText: 'later@example.com' });
    await invitation.getByRole('button', { name: 'Cancel invitation' }).click();
    const question = page.getByRole('dialog', { name: 'Cancel invitation' });
    await expect
      .poll(() => question.textContent(BRIEFLY))
      .toContain('Are you sure you want to delete this items ?');
    await question.getByRole('button', { name: 'No', exact: true }).click();
    expect(await invitation.count()).toBe(1);
    await invitation.getByRole('button', { name: 'Cancel invitation' }).click();
    await question.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect.poll(() => invitation.count()).toBe(0);
    await page.close();
  });

  it('the import report counts with thousands commas (spec 9)', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/contact-list`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import' });
    const rows = Array.from({ length: 1001 }, (_, i) => `Bulk ${i}`).join('\n');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'bulk.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`name\n${rows}\n`),
    });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('import-report').textContent(BRIEFLY), { timeout: 20_000 })
      .toContain('1,001 rows: 1,001 added, 0 updated, 0 failed.');
    await page.close();
  }, 40_000);
});
