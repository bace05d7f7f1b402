// Official accounts in real Chromium (issue 17): the owner creates a second account from the
// account selector, lands in it (its inbox empty), switches back to the first (its chats again),
// and deletes the second after a confirm; Thai labels; an agent is offered neither.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIEFLY, launchBrowser } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from '../helpers/server';
import { AGENT_PASSWORD, addAgent, chatRow, customerSays, newCustomer, signIn } from './liveHelpers';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const owner = await login(server.url);
  await customerSays(server.url, await newCustomer(server.url, owner.widgetId, 'First Shop Customer'), 'hi');
  await addAgent(server.app, owner.accountId, { email: 'agent@example.com', name: 'Plain Agent' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const selector = (page: Page) => page.locator('.account-selector > button');

describe('official accounts', () => {
  it('create, switch, and delete an account (English)', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await selector(page).click();
    await page.getByRole('button', { name: '+ Create account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => dialog.locator('small.error').first().textContent(BRIEFLY))
      .toBe('This field is required.');
    await dialog.getByLabel('Account name').fill('Second Shop');
    await dialog.getByLabel('Channel name').fill('Second chat');
    // The console reloads under the new account: its name in the top bar, its inbox empty.
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await reloaded;
    await expect
      .poll(() => selector(page).textContent(BRIEFLY), { timeout: 10_000 })
      .toContain('Second Shop');
    await page.goto(`${server.url}/live`);
    await expect.poll(() => page.getByTestId('chat-count').textContent(BRIEFLY)).toBe('0 chats');
    expect(await chatRow(page, 'First Shop Customer').count()).toBe(0);

    // Back to the first account: its chat is there again.
    await selector(page).click();
    const back = page.waitForEvent('load');
    await page
      .getByTestId('account-list')
      .getByRole('button', { name: /My Official Account/ })
      .click();
    await back;
    await expect
      .poll(() => selector(page).textContent(BRIEFLY), { timeout: 10_000 })
      .toContain('My Official Account');
    await expect.poll(() => chatRow(page, 'First Shop Customer').count()).toBe(1);

    // Delete the second one, after a confirm.
    await selector(page).click();
    const again = page.waitForEvent('load');
    await page
      .getByTestId('account-list')
      .getByRole('button', { name: /Second Shop/ })
      .click();
    await again;
    await expect
      .poll(() => selector(page).textContent(BRIEFLY), { timeout: 10_000 })
      .toContain('Second Shop');
    await selector(page).click();
    await page.getByRole('button', { name: 'Delete Second Shop' }).click();
    await expect
      .poll(() => page.getByRole('dialog').textContent(BRIEFLY))
      .toContain('Are you sure you want to delete this items ?');
    const afterDelete = page.waitForEvent('load');
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await afterDelete;
    await expect
      .poll(() => selector(page).textContent(BRIEFLY), { timeout: 10_000 })
      .toContain('My Official Account');
    await selector(page).click();
    expect(await page.getByTestId('account-list').textContent()).not.toContain('Second Shop');
    // The only account left cannot be deleted from here.
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await page.close();
  });

  it('Thai labels; an agent may neither create nor delete', async () => {
    const page = await browser.newPage({ viewport: { width: 768, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/th/dashboard`);
    await selector(page).click();
    await page.getByRole('button', { name: '+ สร้างบัญชี' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.locator('h2').textContent(BRIEFLY)).toBe('สร้างบัญชีทางการ');
    await dialog.getByLabel('ช่องทางแรก').selectOption('line');
    await expect.poll(() => dialog.getByLabel('Channel secret').count()).toBe(1);
    await page.close();

    const context = await browser.newContext();
    const agent = await context.newPage();
    await signIn(agent, server.url, 'agent@example.com', AGENT_PASSWORD);
    await selector(agent).click();
    await expect.poll(() => agent.getByTestId('account-list').count()).toBe(1);
    expect(await agent.getByRole('button', { name: '+ Create account' }).count()).toBe(0);
    expect(await agent.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await context.close();
  });
});
