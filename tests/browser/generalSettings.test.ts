// General settings in real Chromium, in Thai: when an unaccepted chat is missed and an idle one
// expires (issue 4: times are settings per account), checked with core's rules in the page's
// language, saved after the Yes of 'Save changes', and read back by the server's chat settings.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetChatSettings, loadChatSettings } from '../../server/chat/settings';
import { BRIEFLY, launchBrowser } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from '../helpers/server';
import { signIn } from './liveHelpers';

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  page = await (await browser.newContext({ viewport: { width: 768, height: 1000 } })).newPage();
  await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('general settings: missed and expired chats', () => {
  it('shows the defaults, refuses a bad value in Thai, and saves what the sweeps then use', async () => {
    await page.goto(`${server.url}/th/setting/general`);
    const missed = page.getByLabel('จำนวนนาทีก่อนแชทที่ไม่มีผู้รับจะถือว่าพลาด');
    const expire = page.getByLabel('จำนวนชั่วโมงที่ไม่มีข้อความก่อนแชทหมดเวลา');
    await expect.poll(() => missed.inputValue(BRIEFLY)).toBe('10');
    expect(await expire.inputValue()).toBe('24');
    // The business-hours switch keeps its name when off (it read "Always open" beside an off switch).
    const hours = page.getByRole('switch', { name: 'เปิดตามเวลาที่กำหนด' });
    expect(await hours.getAttribute('aria-checked')).toBe('false');
    expect(await page.locator('.st-toolbar', { has: hours }).textContent()).toBe('เปิดตามเวลาที่กำหนด');

    await missed.fill('0');
    await page.getByTestId('save-general').click();
    await page
      .getByRole('dialog', { name: 'ไม่สามารถบันทึกข้อมูลได้' })
      .locator('.st-button', { hasText: 'ปิด' })
      .click();
    await page.getByText('กรุณากรอกจำนวนนาทีเต็ม ตั้งแต่ 1 ถึง 1440').waitFor();

    await missed.fill('5');
    await expire.fill('2');
    await page.getByTestId('save-general').click();
    await page
      .getByRole('dialog', { name: 'บันทึกการเปลี่ยนแปลง' })
      .getByRole('button', { name: 'ใช่', exact: true })
      .click();
    const owner = await login(server.url);
    await expect
      .poll(async () => {
        forgetChatSettings(owner.accountId);
        const chat = await loadChatSettings(server.app.ctx.db, owner.accountId);
        return [chat.missed_after_seconds, chat.expire_after_seconds];
      })
      .toEqual([300, 7200]);
    await page.reload();
    await expect.poll(() => missed.inputValue(BRIEFLY)).toBe('5');
    expect(await expire.inputValue()).toBe('2');
  });
});
