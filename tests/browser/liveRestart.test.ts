// Killing and restarting the server during a send loses nothing and duplicates nothing: the
// console keeps the message as failed, and resending with the same temp id stores it once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../server/app';
import { messages } from '../../server/chat/schema';
import { readConfig } from '../../server/config';
import { BRIEFLY, launchBrowser } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, DIST_DIR, login } from '../helpers/server';
import { chatRow, customerSays, newCustomer, signIn } from './liveHelpers';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-live-restart-'));
let app: App | null = null;
let url = '';
let port = 0;
let browser: Browser;
let page: Page;
let dropSocketEvents = false;

/** The server on the same data folder and port, as a restarted process would be. */
async function start() {
  const config = readConfig({ DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'error' });
  app = await createApp({ config, distDir: DIST_DIR, logger: false });
  port = await app.listen(port, '127.0.0.1');
  url = `http://127.0.0.1:${port}`;
}

async function stop() {
  await app?.close();
  app = null;
}

async function storedReplies(text: string) {
  if (!app) throw new Error('server is down');
  return app.ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.type, 'reply'), eq(messages.text, text)));
}

beforeAll(async () => {
  [browser] = await Promise.all([launchBrowser(), start()]);
  const owner = await login(url);
  const customer = await newCustomer(url, owner.widgetId, 'Restart Customer');
  await customerSays(url, customer, 'Are you there?');
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // The console's socket goes through here, so a test can lose the server's events on the way.
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const upstream = ws.connectToServer();
    ws.onMessage((m) => upstream.send(m));
    upstream.onMessage((m) => {
      if (!dropSocketEvents) ws.send(m);
    });
    // A stopped server closes the console's socket, so it reconnects as it would without the proxy.
    upstream.onClose(() => ws.close());
    ws.onClose(() => upstream.close());
  });
  await signIn(page, url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto(`${url}/live`);
  await chatRow(page, 'Restart Customer').click();
  await page.locator('.message.in', { hasText: 'Are you there?' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('server restart during a send', () => {
  it('a send whose answer was lost is resent with the same temp id and stored once', async () => {
    // The server stores the message, then dies before the console hears back: neither the HTTP
    // answer nor the socket event arrives.
    dropSocketEvents = true;
    await page.route('**/api/chat/send/message', async (route) => {
      await route.fetch().catch(() => null);
      await stop();
      await route.abort('connectionreset');
    });
    const input = page.getByLabel('Reply', { exact: true });
    await input.fill('Sent just before the crash');
    await input.press('Enter');
    const bubble = page.locator('.message.out', { hasText: 'Sent just before the crash' });
    await expect.poll(() => bubble.getAttribute('data-state', BRIEFLY), { timeout: 15_000 }).toBe('fail');
    const tempId = await bubble.getAttribute('data-temp-id');
    await page.unroute('**/api/chat/send/message');

    // Back up, with the console's socket still cut off: the resend alone must settle it.
    await start();
    expect((await storedReplies('Sent just before the crash')).length).toBe(1);
    await bubble.getByRole('button', { name: 'Resend' }).click();
    await expect.poll(() => bubble.getAttribute('data-state', BRIEFLY), { timeout: 15_000 }).toBe('sent');
    // The socket comes back and catches up (GET /api/chat/reconnect): still one message.
    dropSocketEvents = false;
    await page.waitForTimeout(1500);
    const stored = await storedReplies('Sent just before the crash');
    expect(stored.length).toBe(1);
    expect(stored[0].tempId).toBe(tempId);
    expect(await page.locator('.message.out', { hasText: 'Sent just before the crash' }).count()).toBe(1);
  });

  it('a send while the server is down fails visibly and goes out once after the restart', async () => {
    await stop();
    const input = page.getByLabel('Reply', { exact: true });
    await input.fill('Sent while the server was down');
    await input.press('Enter');
    const bubble = page.locator('.message.out', { hasText: 'Sent while the server was down' });
    await expect.poll(() => bubble.getAttribute('data-state', BRIEFLY), { timeout: 15_000 }).toBe('fail');
    await start();
    expect((await storedReplies('Sent while the server was down')).length).toBe(0);
    await bubble.getByRole('button', { name: 'Resend' }).click();
    await expect.poll(() => bubble.getAttribute('data-state', BRIEFLY), { timeout: 15_000 }).toBe('sent');
    // A second click on a confirmed message does nothing; the stored copy stays single.
    expect(await bubble.getByRole('button', { name: 'Resend' }).count()).toBe(0);
    expect((await storedReplies('Sent while the server was down')).length).toBe(1);
    // After the socket came back the console is live again: a new customer message shows.
    const owner = await login(url);
    const again = await newCustomer(url, owner.widgetId, 'After Restart');
    await customerSays(url, again, 'Back online?');
    await expect.poll(() => chatRow(page, 'After Restart').count(), { timeout: 25_000 }).toBe(1);
  });
});
