// The chat widget settings modal in real Chromium (spec 2 "chat widget settings modal with tabs"):
// edits on several tabs are saved together, and closing with unsaved edits asks first (spec 5
// 'Leave without saving') in English and in Thai, so nothing typed is lost without a word.
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BRIEFLY } from '../helpers/browser';
import { browserSuite } from '../helpers/browserSuite';

const suite = browserSuite();
let page: Page;

beforeAll(async () => {
  page = await (await suite.browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await suite.signIn(page);
});

async function saved() {
  const res = await fetch(`${suite.server.url}/api/widget/settings?widget_id=${suite.owner.widgetId}`, {
    headers: suite.owner.headers,
  });
  return ((await res.json()) as { settings: Record<string, unknown> }).settings;
}

async function openModal(prefix = '', on: Page = page) {
  await on.goto(`${suite.server.url}${prefix}/setting/channel`);
  await on.locator('.channels-table button').first().click();
  const modal = on.locator('.ws-modal');
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

// A 1×1 GIF: the server takes GIF logos (any allowed image), so the picker must offer them.
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

describe('chat widget settings modal details', () => {
  // Each test on its own page of the signed-in context: unsaved edits are simply dropped.
  let tab: Page;
  async function open(prefix = '', width = 1440) {
    tab = await page.context().newPage();
    await tab.setViewportSize({ width, height: 900 });
    return openModal(prefix, tab);
  }
  afterEach(async () => {
    await tab?.close();
  });

  it('offers GIF logos in the picker, as the server takes them', async () => {
    const modal = await open();
    const picker = modal.locator('input[type="file"]');
    expect(await picker.getAttribute('accept')).toBe('.jpg,.jpeg,.gif,.png,.svg');
    await picker.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: GIF });
    await expect.poll(() => modal.getByLabel('Logo').inputValue(BRIEFLY)).toMatch(/^\/media\/.+\.gif$/);
    expect(await modal.locator('.field-error').count()).toBe(0);
  });

  it('shows a short colour (#abc) in the picker as the widget draws it', async () => {
    const modal = await open();
    const [button, label] = [modal.locator('.ws-color').nth(0), modal.locator('.ws-color').nth(1)];
    await button.locator('input:not([type="color"])').fill('#abc');
    await label.locator('input:not([type="color"])').fill('#12345680');
    expect(await button.locator('input[type="color"]').inputValue()).toBe('#aabbcc');
    expect(await label.locator('input[type="color"]').inputValue()).toBe('#123456');
    expect(
      await modal.locator('.ws-preview-launcher').evaluate((e) => getComputedStyle(e).backgroundColor),
    ).toBe('rgb(170, 187, 204)');
  });

  it("marks the tab of a field the server refused, like the modal's own errors", async () => {
    const modal = await open();
    await tab.route('**/api/widget/settings', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              message: 'Please enter no more than 300 characters.',
              code: 'invalid',
              field: 'welcome_message',
            }),
          })
        : route.continue(),
    );
    await modal.getByLabel('Header').fill('Refused by the server');
    const messages = modal.getByRole('tab', { name: 'Welcome & greeting' });
    expect(await messages.locator('.ws-dot').count()).toBe(0);
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('save fail').waitFor();
    await messages.locator('.ws-dot').waitFor({ timeout: 5000 });
    expect(await modal.getByRole('tab', { name: 'Appearance' }).locator('.ws-dot').count()).toBe(0);
    await messages.click();
    await modal.getByText('Please enter no more than 300 characters.').waitFor();
  });

  it.each([
    ['Thai', 768, '/th'],
    ['Thai', 1440, '/th'],
    ['English', 768, ''],
  ])('shows the whole field type in %s at %i px, the select filling its column', async (_, width, prefix) => {
    const modal = await open(prefix as string, width as number);
    await modal.getByRole('tab').nth(1).click();
    const add = modal.locator('.ws-body > fieldset > div > .ws-button');
    await add.click();
    await add.click();
    // An error under a key and a long label widen the other columns.
    const rows = modal.locator('.ws-table tbody tr');
    await rows.nth(0).locator('input').nth(0).fill('1bad key');
    await rows.nth(1).locator('input').nth(1).fill('ชื่อ-นามสกุลของผู้เยี่ยมชมเว็บไซต์ที่ยาวมาก');
    await modal.locator('.ws-table select').nth(1).selectOption('tel');
    const sizes = await modal.locator('.ws-table select').evaluateAll((selects) =>
      selects.map((s) => {
        const own = s.cloneNode(true) as HTMLSelectElement;
        own.style.width = 'auto';
        own.style.minWidth = '0';
        document.body.append(own);
        own.value = (s as HTMLSelectElement).value;
        const needed = own.getBoundingClientRect().width;
        own.remove();
        const cell = s.parentElement!.getBoundingClientRect();
        const box = s.getBoundingClientRect();
        const pad = Number.parseFloat(getComputedStyle(s.parentElement!).paddingRight);
        return { needed, width: box.width, fill: cell.right - pad - box.right };
      }),
    );
    for (const size of sizes) {
      expect(size.width).toBeGreaterThanOrEqual(size.needed - 0.5);
      expect(Math.abs(size.fill)).toBeLessThan(1);
    }
    const table = await modal.locator('.ws-table').evaluate((t) => ({
      width: t.getBoundingClientRect().width,
      room: t.parentElement!.getBoundingClientRect().width,
    }));
    expect(table.width).toBeLessThanOrEqual(table.room + 0.5);
  });
});
