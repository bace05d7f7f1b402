// The newest message stays in view when it grows after it is drawn: a card sent by an agent shows
// its alt text first and its body once the card code has loaded, and the box used to stay scrolled
// to the short alt text, the card's buttons hidden below. In real Chromium against a real server.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser';
import { login, startServer, type TestServer } from '../helpers/server';
import { type Auth, boxOf, followerOf, launcherOf, sendConfirmed } from './widgetHelpers';

let server: TestServer;
let browser: Browser;
let auth: Auth;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  auth = await login(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: wire payloads; each call reads what it needs.
async function ok(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: auth.headers,
    body: JSON.stringify(body),
  });
  const json = await res.json();
  expect(res.status, `${method} ${path}: ${JSON.stringify(json)}`).toBe(200);
  return json;
}

describe('widget scrolling', () => {
  it('keeps a card that arrives at the bottom wholly in view once it is drawn', async () => {
    const page = await browser.newPage({ viewport: { width: 380, height: 640 } });
    await page.goto(`${server.url}/demo/`);
    await launcherOf(page).click();
    for (let i = 1; i <= 6; i++) await sendConfirmed(page, `question ${i}`);
    const reply = await ok('POST', '/api/reply/message/create', {
      name: 'Tall card',
      items: [
        {
          type: 'button',
          text: 'What would you like to know? '.repeat(6),
          numberActions: 3,
          actions: [
            { type: 'message', buttonName: 'Prices', message: 'prices' },
            { type: 'message', buttonName: 'Hours', message: 'hours' },
            { type: 'message', buttonName: 'Wholesale', message: 'wholesale' },
          ],
        },
      ],
    });
    const follower = await followerOf(server, auth, page);
    await ok('POST', '/api/chat/send/template', {
      followerId: follower?.id,
      reply_message_id: reply.reply_message._id,
      tempId: 'tall-card',
    });
    const body = boxOf(page).locator('.body');
    await boxOf(page).getByRole('button', { name: 'Wholesale' }).waitFor();
    await expect
      .poll(() => body.evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight)))
      .toBeLessThan(2);
    await page.close();
  });
});
