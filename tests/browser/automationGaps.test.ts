// Automatic replies that would send nothing say so in real Chromium (docs/api.md "What the bot
// sends"): "try it" names the reason, a failed check says it failed, deleting a reply message that
// rules use and switching off a location that replies send ask Yes / No naming them (spec 5), in
// English at 1440 px and Thai at 768 px; so does switching off a reply message that rules use; "try
// it" names a LINE sticker WeChat leaves out; the intent list marks an intent whose reply message
// was deleted; a Thai widget visitor (/th/widget, 380 px) gets a
// location card with Thai buttons and hours.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIEFLY, launchBrowser } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from '../helpers/server';
import { signIn } from './liveHelpers';
import { boxOf, sendText } from './widgetHelpers';

const SHOTS = process.env.SHOTS_DIR ?? '';
let server: TestServer;
let browser: Browser;
let wide: Page;
let narrow: Page;
let session: Awaited<ReturnType<typeof login>>;

// biome-ignore lint/suspicious/noExplicitAny: wire payloads; each test reads what it checks.
async function call(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: session.headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const place = (name: string, isActive = 'Active') => ({
  name,
  address: '989 Rama I Rd',
  open_time: '10:00',
  close_time: '21:00',
  telephone: '021234567',
  latitude: '13.7466',
  longitude: '100.5393',
  isActive,
});

async function replyWithRule(replyName: string, ruleName: string, keyword: string, items: unknown[]) {
  const reply = (await call('POST', '/api/reply/message/create', { name: replyName, items })).reply_message;
  await call('POST', '/api/keyword/create', {
    name: ruleName,
    keywords: [{ text: keyword, match: 'exact' }],
    action: 'reply',
    reply_message_id: reply._id,
  });
  return reply;
}

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

beforeAll(async () => {
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
  server = await startServer();
  session = await login(server.url);
  const siam = (await call('POST', '/api/location/create', place('Siam branch'))).location;
  const old = (await call('POST', '/api/location/create', place('Old branch'))).location;
  const asok = (await call('POST', '/api/location/create', place('Asok branch'))).location;
  await replyWithRule('Where', 'Where are you', 'where', [{ type: 'location', locationId: siam._id }]);
  await replyWithRule('Old branch card', 'Old', 'old branch', [{ type: 'location', locationId: old._id }]);
  await replyWithRule('Asok', 'Asok', 'asok', [{ type: 'location', locationId: asok._id }]);
  // Switched off after the reply was saved (a reply is refused with one when it is saved).
  await call('PUT', `/api/location/${old._id}`, place('Old branch', 'Disactive'));
  await replyWithRule('Price list', 'Price', 'price', [{ type: 'text', text: 'From 100 baht' }]);
  await replyWithRule('Sticker hello', 'Sticker', 'sticker hello', [
    { type: 'sticker', packageId: '446', stickerId: '1988' },
    { type: 'text', text: 'Hi there' },
  ]);
  const hours = (
    await call('POST', '/api/reply/message/create', {
      name: 'Opening hours answer',
      items: [{ type: 'text', text: 'Open 10:00–21:00' }],
    })
  ).reply_message;
  await call('POST', '/api/intent/create', {
    name: 'Opening hours',
    training_phrases: ['when are you open'],
    reply_message_id: hours._id,
  });
  await call('DELETE', `/api/reply/message/${hours._id}`, {});
  browser = await launchBrowser();
  wide = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  narrow = await (await browser.newContext({ viewport: { width: 768, height: 1000 } })).newPage();
  await signIn(wide, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await signIn(narrow, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function tryText(page: Page, text: string) {
  await page.locator('.auto-try input').fill(text);
  await page.getByTestId('try-run').click();
}

describe('try it', () => {
  it('says a rule would send nothing and why, in English and in Thai', async () => {
    await wide.goto(`${server.url}/keyword-mapping`);
    await wide.getByTestId('keyword-row').first().waitFor();
    await tryText(wide, 'old branch');
    await expect
      .poll(() => wide.getByTestId('try-result').textContent(BRIEFLY))
      .toContain('Keyword rule “Old” answers');
    expect(await wide.getByTestId('try-gaps').textContent()).toBe(
      'It would send the customer nothing: This location is switched off.',
    );
    await shot(wide, 'try-gap-en-1440');

    await narrow.goto(`${server.url}/th/keyword-mapping`);
    await narrow.getByTestId('keyword-row').first().waitFor();
    await tryText(narrow, 'old branch');
    await expect
      .poll(() => narrow.getByTestId('try-gaps').textContent(BRIEFLY))
      .toBe('ลูกค้าจะไม่ได้รับข้อความใดเลย: สถานที่นี้ปิดใช้งานอยู่');
    await shot(narrow, 'try-gap-th-768');
  });

  it('a failed check says so in the user’s language instead of showing nothing', async () => {
    await wide.route('**/api/keyword/test', (route) => route.abort());
    await tryText(wide, 'where');
    await expect
      .poll(() => wide.getByTestId('try-failed').textContent(BRIEFLY))
      .toBe('Could not check this message: the server did not answer. Check your connection and try again.');
    await wide.unroute('**/api/keyword/test');
    await wide.route('**/api/keyword/test', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'This field is required.', code: 'invalid', field: 'text' }),
      }),
    );
    await tryText(wide, 'where');
    await expect
      .poll(() => wide.getByTestId('try-failed').textContent(BRIEFLY))
      .toBe('Could not check this message: This field is required.');
    await wide.unroute('**/api/keyword/test');
    await shot(wide, 'try-failed-en-1440');

    await narrow.route('**/api/keyword/test', (route) => route.abort());
    await tryText(narrow, 'where');
    await expect
      .poll(() => narrow.getByTestId('try-failed').textContent(BRIEFLY))
      .toContain('ตรวจสอบข้อความนี้ไม่ได้');
    await narrow.unroute('**/api/keyword/test');
    // A check that works again clears the failure.
    await tryText(narrow, 'where');
    await expect.poll(() => narrow.getByTestId('try-failed').count()).toBe(0);
    expect(await narrow.getByTestId('try-gaps').count()).toBe(0);
  });
});

describe('try it on a reply a channel cannot fully show', () => {
  it('names the channel that leaves a LINE sticker out, in English and in Thai', async () => {
    await wide.goto(`${server.url}/keyword-mapping`);
    await wide.getByTestId('keyword-row').first().waitFor();
    await tryText(wide, 'sticker hello');
    await expect
      .poll(() => wide.getByTestId('try-gaps').textContent(BRIEFLY))
      .toBe('On WeChat it would leave part of its reply out: WeChat cannot show LINE stickers.');
    await shot(wide, 'try-sticker-en-1440');

    await narrow.goto(`${server.url}/th/keyword-mapping`);
    await narrow.getByTestId('keyword-row').first().waitFor();
    await tryText(narrow, 'sticker hello');
    await expect.poll(() => narrow.getByTestId('try-gaps').textContent(BRIEFLY)).toContain('ทาง WeChat');
    await shot(narrow, 'try-sticker-th-768');
  });
});

describe('an intent whose reply message was deleted', () => {
  it('says it sends nothing, also at 768 px where the reply column is hidden', async () => {
    await wide.goto(`${server.url}/setting/intent`);
    const row = wide.getByTestId('intent-row').filter({ hasText: 'Opening hours' });
    await expect
      .poll(() => row.getByTestId('intent-reply-gone').textContent(BRIEFLY))
      .toBe('Reply message deleted: this rule sends nothing');
    await shot(wide, 'intent-gone-en-1440');

    await narrow.goto(`${server.url}/th/setting/intent`);
    const thaiRow = narrow.getByTestId('intent-row').filter({ hasText: 'Opening hours' });
    await expect
      .poll(() => thaiRow.getByTestId('intent-reply-gone').textContent(BRIEFLY))
      .toBe('ข้อความตอบกลับถูกลบแล้ว: กฎนี้จะไม่ส่งข้อความใด');
    expect(await thaiRow.getByTestId('intent-reply-gone').isVisible()).toBe(true);
    await shot(narrow, 'intent-gone-th-768');
  });
});

describe('before something an automatic reply needs goes', () => {
  it('switching off a reply message that rules use asks Yes / No naming them', async () => {
    const active = async () =>
      (await call('GET', '/api/reply/message/list')).list.find(
        (r: { name: string }) => r.name === 'Price list',
      ).is_active;
    await wide.goto(`${server.url}/reply-message`);
    await wide
      .getByTestId('reply-row')
      .filter({ hasText: 'Price list' })
      .getByRole('button', { name: 'Edit' })
      .click();
    await wide.getByTestId('reply-editor').locator('label.auto-toggle').first().click();
    await wide.getByTestId('save-reply').click();
    const question = wide.getByRole('dialog', { name: 'Switch off this reply message?' });
    await expect
      .poll(() => question.textContent(BRIEFLY))
      .toContain(
        '1 automatic answer uses this reply message: “Price”. While it is switched off, it sends the customer nothing.',
      );
    await shot(wide, 'reply-off-en-1440');
    await question.getByRole('button', { name: 'No', exact: true }).click();
    expect(await active()).toBe(true);

    await narrow.goto(`${server.url}/th/reply-message`);
    await narrow
      .getByTestId('reply-row')
      .filter({ hasText: 'Price list' })
      .getByRole('button', { name: 'แก้ไข' })
      .click();
    await narrow.getByTestId('reply-editor').locator('label.auto-toggle').first().click();
    await narrow.getByTestId('save-reply').click();
    const thai = narrow.getByRole('dialog', { name: 'ปิดใช้งานข้อความตอบกลับนี้หรือไม่?' });
    await expect.poll(() => thai.textContent(BRIEFLY)).toContain('การตอบอัตโนมัติ 1 รายการใช้ข้อความนี้: “Price”');
    await shot(narrow, 'reply-off-th-768');
    await thai.getByRole('button', { name: 'ใช่', exact: true }).click();
    await expect.poll(active).toBe(false);
  });

  it('deleting a reply message names the rules that use it in the Yes / No question', async () => {
    await wide.goto(`${server.url}/reply-message`);
    const row = wide.getByTestId('reply-row').filter({ hasText: 'Old branch card' });
    await row.getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(() => wide.getByTestId('confirm-detail').textContent(BRIEFLY))
      .toBe(
        '1 automatic answer uses this reply message: “Old”. Once it is deleted, it sends the customer nothing.',
      );
    await shot(wide, 'reply-delete-en-1440');
    await wide.getByRole('button', { name: 'No', exact: true }).click();
    await row.waitFor();

    await narrow.goto(`${server.url}/th/reply-message`);
    const thaiRow = narrow.getByTestId('reply-row').filter({ hasText: 'Old branch card' });
    await thaiRow.getByRole('button', { name: 'ลบ' }).click();
    await expect
      .poll(() => narrow.getByTestId('confirm-detail').textContent(BRIEFLY))
      .toContain('การตอบอัตโนมัติ 1 รายการใช้ข้อความนี้: “Old”');
    await shot(narrow, 'reply-delete-th-768');
    await narrow.getByRole('button', { name: 'ใช่', exact: true }).click();
    await thaiRow.waitFor({ state: 'detached' });
    // The keyword list tells the rule now sends nothing.
    await narrow.goto(`${server.url}/th/keyword-mapping`);
    await expect
      .poll(() => narrow.getByTestId('keyword-reply-gone').textContent(BRIEFLY))
      .toBe('ข้อความตอบกลับถูกลบแล้ว: กฎนี้จะไม่ส่งข้อความใด');
    await shot(narrow, 'keyword-gone-th-768');
  });

  it('switching off a location that replies send asks first, naming them', async () => {
    await wide.goto(`${server.url}/location`);
    const row = wide.getByTestId('location-row').filter({ hasText: 'Asok branch' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const editor = wide.getByTestId('location-editor');
    await editor.locator('label.auto-toggle').click();
    await wide.getByTestId('save-location').click();
    const question = wide.getByRole('dialog', { name: 'Switch off this location?' });
    await expect
      .poll(() => question.textContent(BRIEFLY))
      .toContain('1 reply message sends this location: “Asok”.');
    await shot(wide, 'location-off-en-1440');
    await question.getByRole('button', { name: 'No', exact: true }).click();
    const list = async () =>
      (await call('GET', '/api/location/list')).list.find((l: { name: string }) => l.name === 'Asok branch');
    expect((await list()).isActive).toBe('Active');
    await wide.getByTestId('save-location').click();
    await question.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect.poll(async () => (await list()).isActive).toBe('Disactive');
  });
});

describe('a Thai widget visitor', () => {
  it('gets a location card with Thai buttons and hours at 380 px', async () => {
    const page = await browser.newPage({ viewport: { width: 380, height: 700 } });
    await page.goto(`${server.url}/th/widget/${session.widgetId}`);
    const box = boxOf(page);
    const form = box.locator('form.prechat');
    if (await form.count()) await form.locator('button[type="submit"]').click();
    await sendText(page, 'where');
    const shown = async () => (await box.locator('.row').allTextContents()).join('\n');
    await expect.poll(shown, { timeout: 10_000 }).toContain('เปิดแผนที่');
    const text = await shown();
    expect(text).toContain('โทร');
    expect(text).toContain('เปิด 10:00–21:00 น.');
    expect(text).not.toContain('Open map');
    await shot(page, 'widget-card-th-380');
    await page.close();
  });
});
