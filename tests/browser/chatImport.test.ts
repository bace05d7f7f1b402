// Chat import and the unknown-chat list in real Chromium (issue 17): bad rows listed with their
// lines before anything is saved; a LINE history imported with a progress bar; the same file again
// adds nothing; the chat merged into the right customer shows in the inbox marked imported, in time
// order, and leaves again on unmerge. Also the inbox's leave-group button (issue 4), and Thai.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followers } from '../../server/chat/schema';
import { chatImports } from '../../server/chatImport/schema';
import { BRIEFLY, launchBrowser } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from '../helpers/server';
import { writeOamFile } from '../server/chatImport/oamFile';
import { chatRow, customerSays, newCustomer, signIn } from './liveHelpers';

let server: TestServer;
let browser: Browser;
let dir: string;
const SLOW = { timeout: 30_000 };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-import-ui-'));
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const owner = await login(server.url);
  const pranee = await newCustomer(server.url, owner.widgetId, 'Pranee Srisuk');
  await customerSays(server.url, pranee, 'Hello again, today');
  const group = await newCustomer(server.url, owner.widgetId, 'Team Lunch Group');
  await customerSays(server.url, group, 'group hello');
  await server.app.ctx.db
    .update(followers)
    .set({ followerType: 'group' })
    .where(eq(followers.lineName, 'Team Lunch Group'));
  // 10,000 lines: enough for the import's progress bar to be seen for a moment.
  await writeOamFile(path.join(dir, 'pranee.csv'), 10_000);
  fs.writeFileSync(
    path.join(dir, 'bad.csv'),
    'Sender type,Sender name,Date,Time,Content\nUser,Nok,2024/02/01,10:00,fine\nRobot,Nok,2024/02/01,10:01,who\nUser,Nok,2024/02/30,10:02,bad\n',
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function openModal(page: Page, lang: 'en' | 'th') {
  await page.goto(`${server.url}${lang === 'th' ? '/th' : ''}/setting/chat-import`);
  await page
    .getByRole('button', { name: lang === 'th' ? 'นำเข้าประวัติแชท' : 'Import chat history' })
    .first()
    .click();
  return page.getByRole('dialog');
}

describe('chat import', () => {
  it('lists bad rows, imports with a progress bar, merges into the customer and unmerges (English)', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);

    let dialog = await openModal(page, 'en');
    await dialog.locator('input[type=file]').setInputFiles(path.join(dir, 'bad.csv'));
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect
      .poll(() => dialog.getByTestId('import-errors').textContent(BRIEFLY), SLOW)
      .toContain('2 problems found.');
    const rows = await dialog.getByTestId('import-error-row').allTextContents();
    expect(rows).toEqual([
      '3Sender typeUnknown sender type.',
      '4DateNot a date (YYYY-MM-DD, YYYY/MM/DD or DD/MM/YYYY).',
    ]);

    await dialog.locator('input[type=file]').setInputFiles(path.join(dir, 'pranee.csv'));
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await page.waitForSelector('[role=progressbar]', SLOW);
    await expect
      .poll(() => dialog.getByTestId('import-result').textContent(BRIEFLY), SLOW)
      .toBe('Imported 1 conversation: 9,997 new messages, 0 added to known customers.');
    await dialog.locator('.st-modal-foot').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByTestId('import-row').count()).toBe(1);

    // The same file again: nothing added.
    dialog = await openModal(page, 'en');
    await dialog.locator('input[type=file]').setInputFiles(path.join(dir, 'pranee.csv'));
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect
      .poll(() => dialog.getByTestId('import-result').textContent(BRIEFLY), SLOW)
      .toBe('This file was imported before; nothing was added.');
    await dialog.getByRole('link', { name: 'Open imported chats' }).click();

    // The unknown-chat list: open it, merge it into the suggested customer.
    await page.waitForURL(`${server.url}/live/unknown`);
    await page.getByTestId('unknown-row').filter({ hasText: 'Pranee Srisuk' }).click();
    const chat = page.getByTestId('unknown-chat');
    await expect.poll(() => chat.getByTestId('unknown-message').count()).toBe(50);
    await chat
      .getByTestId('merge-candidate')
      .filter({ hasText: 'Pranee Srisuk' })
      .getByRole('button', { name: 'Merge' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect
      .poll(() => chat.getByTestId('merged-into').textContent(BRIEFLY), SLOW)
      .toContain('Merged into');

    // In the inbox the history holds the imported messages, older than today's, marked imported.
    await page.goto(`${server.url}/live`);
    await chatRow(page, 'Pranee Srisuk').click();
    await expect
      .poll(() => page.locator('.message').last().textContent(BRIEFLY))
      .toContain('Hello again, today');
    await expect.poll(() => page.getByTestId('imported-mark').count()).toBeGreaterThan(0);
    const last = page.locator('.message').last();
    expect(await last.getByTestId('imported-mark').count()).toBe(0);
    expect(await page.locator('.message.imported').first().textContent()).toMatch(/Order \d+|ส่งแล้วค่ะ/);

    // Unmerge: the imported messages leave the history again.
    await page.goto(`${server.url}/live/unknown`);
    await page.getByRole('tab', { name: 'Merged', exact: true }).click();
    await page.getByTestId('unknown-row').filter({ hasText: 'Pranee Srisuk' }).click();
    await page.getByRole('button', { name: 'Unmerge' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect
      .poll(() => page.getByTestId('unknown-chat').getByTestId('merge-candidate').count(), SLOW)
      .toBe(1);
    await page.goto(`${server.url}/live`);
    await chatRow(page, 'Pranee Srisuk').click();
    await expect.poll(() => page.locator('.message').count()).toBe(1);
    expect(await page.getByTestId('imported-mark').count()).toBe(0);

    // A group chat: leave it from the chat header.
    await chatRow(page, 'Team Lunch Group').click();
    await page.getByRole('button', { name: 'Leave group' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Leave group' }).count()).toBe(0);
    const [left] = await server.app.ctx.db
      .select()
      .from(followers)
      .where(eq(followers.lineName, 'Team Lunch Group'));
    expect(left.isBlock).toBe(true);
    await page.close();
  });

  it('Cancel stops an upload; the merged customer opens in the inbox; Thai wording of problems and matches', async () => {
    const page = await browser.newPage({ viewport: { width: 768, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    // An upload still on its way (held for a moment), cancelled from the footer: nothing is imported.
    await writeOamFile(path.join(dir, 'cancelled.csv'), 4_000);
    await page.route('**/api/chat/import', async (route) => {
      await new Promise((r) => setTimeout(r, 2000));
      await route.continue().catch(() => {});
    });
    let dialog = await openModal(page, 'en');
    await dialog.locator('input[type=file]').setInputFiles(path.join(dir, 'cancelled.csv'));
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await page.waitForSelector('[role=progressbar]', SLOW);
    await dialog.locator('.st-modal-foot').getByRole('button', { name: 'Cancel' }).click();
    await new Promise((r) => setTimeout(r, 5000));
    await page.unroute('**/api/chat/import');
    const cancelled = await server.app.ctx.db
      .select()
      .from(chatImports)
      .where(eq(chatImports.fileName, 'cancelled.csv'));
    expect(cancelled.map((r) => [r.totalRows, r.status])).toEqual([]);

    // Problems with the whole file, and the limit, read in Thai (5,000 with its comma).
    fs.writeFileSync(path.join(dir, 'columns.csv'), 'a,b,c\n1,2,3\n');
    fs.writeFileSync(
      path.join(dir, 'long.csv'),
      `Sender type,Sender name,Date,Time,Content\nUser,Nok,2024/02/01,10:00,${'x'.repeat(5001)}\n`,
    );
    dialog = await openModal(page, 'th');
    await dialog.locator('input[type=file]').setInputFiles(path.join(dir, 'columns.csv'));
    await dialog.getByRole('button', { name: 'นำเข้า', exact: true }).click();
    await expect
      .poll(() => dialog.getByTestId('import-error-row').allTextContents(), SLOW)
      .toEqual(['1ไฟล์คอลัมน์ไม่ตรงกับประวัติแชท LINE ไฟล์ส่งออกแชท หรือแม่แบบ']);
    await dialog.locator('input[type=file]').setInputFiles(path.join(dir, 'long.csv'));
    await dialog.getByRole('button', { name: 'นำเข้า', exact: true }).click();
    await expect
      .poll(() => dialog.getByTestId('import-error-row').allTextContents(), SLOW)
      .toEqual(['2Contentกรุณากรอกไม่เกิน 5,000 ตัวอักษร']);
    await page.keyboard.press('Escape');

    // Searching what was said counts messages, not chats.
    await page.goto(`${server.url}/th/live/unknown`);
    await page.getByRole('combobox', { name: 'ค้นหาด้วย' }).selectOption('text');
    await page.getByRole('searchbox').fill('Order 12:');
    await page.getByRole('button', { name: 'ค้นหา', exact: true }).click();
    await expect.poll(() => page.getByTestId('unknown-count').textContent(BRIEFLY)).toBe('พบ 1 ข้อความ');

    // Merged: the customer's name opens that customer's chat in the inbox.
    await page.getByTestId('unknown-row').filter({ hasText: 'Pranee Srisuk' }).click();
    const chat = page.getByTestId('unknown-chat');
    await chat
      .getByTestId('merge-candidate')
      .filter({ hasText: 'Pranee Srisuk' })
      .getByRole('button', { name: 'รวม', exact: true })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'ใช่', exact: true }).click();
    await chat.getByTestId('merged-into').getByRole('link', { name: 'Pranee Srisuk' }).click();
    await page.waitForURL(`${server.url}/th/live`);
    await expect
      .poll(() => page.locator('.chat-header-name').textContent(BRIEFLY), SLOW)
      .toBe('Pranee Srisuk');
    await page.close();
  });

  it('reads in Thai', async () => {
    const page = await browser.newPage({ viewport: { width: 768, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const dialog = await openModal(page, 'th');
    await expect.poll(() => dialog.locator('h2').textContent(BRIEFLY)).toBe('นำเข้าประวัติแชท');
    await dialog.locator('input[type=file]').setInputFiles(path.join(dir, 'bad.csv'));
    await dialog.getByRole('button', { name: 'นำเข้า', exact: true }).click();
    await expect
      .poll(() => dialog.getByTestId('import-errors').textContent(BRIEFLY), SLOW)
      .toContain('พบปัญหา 2 รายการ');
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/th/live/unknown`);
    await expect.poll(() => page.locator('h1:visible').textContent(BRIEFLY)).toBe('แชทที่นำเข้า');
    await page.getByRole('tab', { name: 'ทั้งหมด' }).click();
    await expect.poll(() => page.getByTestId('unknown-count').textContent(BRIEFLY)).toBe('1 แชท');
    await page.close();
  });
});
