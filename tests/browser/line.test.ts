// Issue 7 end to end in Chromium: the owner connects a LINE channel in Settings → Channels (the
// webhook address shown, the connection test answered by the fake LINE API), a signed LINE webhook
// message appears in the inbox, the agent replies, and the fake LINE API receives a push that is
// valid against LINE's OpenAPI schema.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../server/chat/schema';
import { BRIEFLY, launchBrowser } from '../helpers/browser';
import { type FakeLine, startFakeLine } from '../helpers/fakePlatforms/line';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type TestServer } from '../helpers/server';
import { chatRow, signIn } from './liveHelpers';

const SECRET = 'fedcba9876543210fedcba9876543210';
let server: TestServer;
let browser: Browser;
let line: FakeLine;
let page: Page;

beforeAll(async () => {
  line = await startFakeLine();
  line.profiles.set('U-e2e-customer', { displayName: 'Nok LINE' });
  [server, browser] = await Promise.all([startServer({ env: { LINE_API_BASE: line.url } }), launchBrowser()]);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await line?.close();
});

describe('LINE end to end', () => {
  let webhookUrl = '';

  it('connects a LINE channel in the console and tests the connection', async () => {
    await page.goto(`${server.url}/setting/channel`);
    await page.getByRole('button', { name: 'Connect LINE' }).click();
    const modal = page.getByTestId('platform-channel-modal');
    await modal.getByLabel('Channel name').fill('Shop on LINE');
    await modal.getByLabel('Channel ID').fill('1650000123');
    await modal.getByLabel('Channel secret').fill(SECRET);
    await modal.getByLabel('Channel access token (long-lived)').fill(line.token);
    await modal.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect
      .poll(() => modal.getByTestId('webhook-url').inputValue(BRIEFLY))
      .toMatch(/\/webhook\/line\/[a-z0-9]{20}$/);
    webhookUrl = await modal.getByTestId('webhook-url').inputValue();
    // The secret is not shown again.
    expect(await modal.getByLabel('Channel secret').inputValue()).toBe('');
    expect(await modal.getByLabel('Channel secret').getAttribute('placeholder')).toBe(
      'Saved — leave blank to keep it',
    );
    await modal.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => modal.getByTestId('connection-result').textContent(BRIEFLY))
      .toContain('Fake Shop');
    expect(await modal.getByTestId('connection-result').textContent()).toContain('Connected');
    await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect.poll(() => page.locator('.channels-table').textContent(BRIEFLY)).toContain('Shop on LINE');
  });

  it('shows the settings in Thai', async () => {
    await page.goto(`${server.url}/th/setting/channel`);
    await expect.poll(() => page.getByRole('button', { name: 'เชื่อมต่อ LINE' }).count()).toBe(1);
  });

  it('a signed LINE message appears in the inbox; the reply reaches LINE as a schema-valid push', async () => {
    await page.goto(`${server.url}/live`);
    await page.waitForSelector('[data-testid="live-page"]');
    const body = JSON.stringify({
      destination: 'Ubot',
      events: [
        {
          type: 'message',
          message: { type: 'text', id: '70001', quoteToken: 'q', text: 'สวัสดีค่ะ มีสินค้าไหม' },
          webhookEventId: '01HE2EE2EE2EE2EE2EE2EE2EE2',
          deliveryContext: { isRedelivery: false },
          timestamp: Date.now(),
          source: { type: 'user', userId: 'U-e2e-customer' },
          // A token LINE no longer takes: the answer falls back to a push.
          replyToken: 'expired-reply-token',
          mode: 'active',
        },
      ],
    });
    const res = await fetch(webhookUrl.replace(/^https?:\/\/[^/]+/, server.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-line-signature': createHmac('sha256', SECRET).update(body).digest('base64'),
      },
      body,
    });
    expect(res.status).toBe(200);
    await expect.poll(() => chatRow(page, 'Nok LINE').count(), { timeout: 10_000 }).toBe(1);
    expect(await chatRow(page, 'Nok LINE').textContent()).toContain('สวัสดีค่ะ มีสินค้าไหม');
    await chatRow(page, 'Nok LINE').click();
    await expect.poll(() => page.getByTestId('messages').textContent(BRIEFLY)).toContain('สวัสดีค่ะ มีสินค้าไหม');

    const input = page.getByLabel('Reply', { exact: true });
    await input.fill('มีค่ะ ส่งได้วันนี้เลย');
    await input.press('Enter');
    const sent = page.locator('.message.out', { hasText: 'มีค่ะ ส่งได้วันนี้เลย' });
    await expect.poll(() => sent.getAttribute('data-state', BRIEFLY), { timeout: 10_000 }).toBe('sent');
    const push = line.sent.find((s) => s.kind === 'push');
    expect(push).toMatchObject({
      to: 'U-e2e-customer',
      body: { messages: [{ type: 'text', text: 'มีค่ะ ส่งได้วันนี้เลย' }] },
    });
    // Every request the fake received was valid against LINE's schema (the expired token aside).
    expect(line.received(/push$/).flatMap((r) => r.problems)).toEqual([]);
    expect(line.sent).toHaveLength(1);
  });

  let tries = 0;
  it("a push LINE refuses is marked failed with LINE's reason, live and after a reload", async () => {
    // A text of this try's own: a retry must not find the failed message of the try before it.
    const text = `ยังอยู่ไหมคะ (${++tries})`;
    line.failNext(/push$/, { status: 400, json: { message: 'The user has blocked the account' } });
    const input = page.getByLabel('Reply', { exact: true });
    await input.fill(text, { timeout: 10_000 });
    await input.press('Enter', { timeout: 10_000 });
    const failed = page.locator('.message.out', { hasText: text });
    // allTextContents() answers at once: expect.poll awaits its callback, so a locator that waits
    // for its element (30 s by default) would hang the poll past its timeout instead of failing it.
    const reasons = () => failed.getByTestId('send-failed-reason').allTextContents();
    await expectOr(
      () =>
        expect
          .poll(reasons, { timeout: 15_000 })
          .toEqual(['LINE answered 400: The user has blocked the account']),
      () => whatHappened(text),
    );
    // Each step has its own time, so a slow one is named rather than the test's.
    await page.goto(`${server.url}/th/live`, { timeout: 15_000 });
    await chatRow(page, 'Nok LINE').click({ timeout: 10_000 });
    await expectOr(
      () =>
        expect
          .poll(reasons, { timeout: 15_000 })
          .toEqual(['LINE ตอบกลับด้วยรหัส 400: The user has blocked the account']),
      () => whatHappened(text),
    );
  });
});

/** Runs `check`; when it fails, adds what the fake LINE and the database saw to its error. */
async function expectOr(check: () => Promise<unknown>, context: () => Promise<string>) {
  try {
    await check();
  } catch (err) {
    (err as Error).message += `\n${await context()}`;
    throw err;
  }
}

async function whatHappened(text: string) {
  const stored = await server.app.ctx.db
    .select({ delivery: messages.delivery, error: messages.deliveryError, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.text, text));
  const calls = line.requests.map((r) => `${r.method} ${r.path}${r.refused ? ' (refused)' : ''}`);
  const shown = await page.locator('.message.out').allTextContents();
  return [
    `stored: ${JSON.stringify(stored)}`,
    `LINE received: ${calls.join(', ')}`,
    `page ${page.url()} shows: ${JSON.stringify(shown.slice(-3))}`,
  ].join('\n');
}
