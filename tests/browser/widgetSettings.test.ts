// The chat widget settings modal in real Chromium (spec 2 "chat widget settings modal with tabs"):
// edits on several tabs are saved together, and closing with unsaved edits asks first (spec 5
// 'Leave without saving') in English and in Thai, so nothing typed is lost without a word.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from '../helpers/server';
import { signIn } from './liveHelpers';

let server: TestServer;
let browser: Browser;
let page: Page;
let auth: Awaited<ReturnType<typeof login>>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  auth = await login(server.url);
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function saved() {
  const res = await fetch(`${server.url}/api/widget/settings?widget_id=${auth.widgetId}`, {
    headers: auth.headers,
  });
  return ((await res.json()) as { settings: Record<string, unknown> }).settings;
}

async function openModal(prefix = '') {
  await page.goto(`${server.url}${prefix}/setting/channel`);
  await page.locator('.channels-table button').first().click();
  const modal = page.locator('.ws-modal');
  await modal.locator('input').first().waitFor();
  return modal;
}

describe('chat widget settings modal', () => {
  it('saves the edits of every tab at once', async () => {
    const modal = await openModal();
    await modal.getByLabel('Header').fill('Support team');
    await modal.getByLabel('Button label').fill('Talk to us');
    // The preview's launcher is drawn like the widget's: its icon, then the label.
    const launcher = modal.locator('.ws-preview-launcher');
    expect(await launcher.textContent()).toBe('Talk to us');
    expect(await launcher.locator('svg path').count()).toBe(1);
    await modal.getByRole('tab', { name: 'Welcome & greeting' }).click();
    await modal.getByLabel('Welcome message').fill('Welcome to the shop!');
    await modal.getByRole('tab', { name: 'Appearance' }).click();
    expect(await modal.getByLabel('Header').inputValue()).toBe('Support team');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('save success').waitFor();
    expect(await saved()).toMatchObject({ header: 'Support team', welcome_message: 'Welcome to the shop!' });
    // Saved: closing asks nothing.
    await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
    await modal.waitFor({ state: 'detached' });
  });

  it('asks before Close, × or Escape throw away unsaved edits; No keeps them, Yes leaves them unsaved', async () => {
    const modal = await openModal();
    await modal.getByLabel('Header').fill('Not saved yet');
    await modal.getByRole('tab', { name: 'Pre-chat form' }).click();

    await modal.locator('.ws-foot').getByRole('button', { name: 'Close' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving' });
    await ask.getByText('Are you sure want to leave this page ?').waitFor();
    await ask.getByRole('button', { name: 'No' }).click();
    await ask.waitFor({ state: 'detached' });
    await modal.getByRole('tab', { name: 'Appearance' }).click();
    expect(await modal.getByLabel('Header').inputValue()).toBe('Not saved yet');

    await page.keyboard.press('Escape');
    await ask.waitFor();
    // Escape on the question answers No: the modal and its edits stay.
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    expect(await modal.getByLabel('Header').inputValue()).toBe('Not saved yet');

    await modal.locator('.ws-x').click();
    await ask.getByRole('button', { name: 'Yes' }).click();
    await modal.waitFor({ state: 'detached' });
    expect((await saved()).header).toBe('Support team');
  });

  it('asks in Thai under /th', async () => {
    const modal = await openModal('/th');
    await modal.getByLabel('หัวข้อ').fill('ยังไม่บันทึก');
    await modal.locator('.ws-foot').getByRole('button', { name: 'ปิด' }).click();
    const ask = page.getByRole('dialog', { name: 'ออกโดยไม่บันทึก' });
    await ask.getByText('คุณแน่ใจหรือไม่ว่าต้องการออกจากหน้านี้ ?').waitFor();
    await ask.getByRole('button', { name: 'ใช่', exact: true }).click();
    await modal.waitFor({ state: 'detached' });
    expect((await saved()).header).toBe('Support team');
  });
});
