// Two agents with the same chat open: a tag one of them adds or removes shows in the other's
// sidebar at once, as notes do (no reload).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIEFLY, launchBrowser } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from '../helpers/server';
import { AGENT_PASSWORD, addAgent, chatRow, customerSays, newCustomer, signIn } from './liveHelpers';

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function openInbox(email: string, password: string, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, server.url, email, password);
  await page.goto(`${server.url}${path}`);
  await page.waitForSelector('[data-testid="live-page"]');
  return page;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.close();
});

describe('tags on an open chat, live in another console', () => {
  it("shows agent A's new tag and its removal in agent B's (Thai) sidebar without a reload", async () => {
    const owner = await login(server.url);
    await addAgent(server.app, owner.accountId, { email: 'agent.b@example.com', name: 'Agent Bee' });
    const pageA = await openInbox(ADMIN_EMAIL, ADMIN_PASSWORD, '/live');
    const pageB = await openInbox('agent.b@example.com', AGENT_PASSWORD, '/th/live');
    const customer = await newCustomer(server.url, owner.widgetId, 'Tara Tagged');
    await customerSays(server.url, customer, 'Hello there');
    for (const page of [pageA, pageB]) {
      await expect.poll(() => chatRow(page, 'Tara Tagged').count(), { timeout: 10_000 }).toBe(1);
      await chatRow(page, 'Tara Tagged').click();
    }
    const tagsA = pageA.getByRole('region', { name: 'Tags' });
    const tagsB = pageB.getByRole('region', { name: 'แท็ก' });
    await expect.poll(() => tagsB.textContent(BRIEFLY)).toContain('ไม่มีแท็ก');

    await pageA.getByLabel('Add tag').fill('vip-customer');
    await pageA.getByLabel('Add tag').press('Enter');
    await expect.poll(() => tagsA.textContent(BRIEFLY)).toContain('vip-customer');
    await expect.poll(() => tagsB.textContent(BRIEFLY), { timeout: 5_000 }).toContain('vip-customer');

    await tagsA.getByRole('button', { name: /vip-customer/ }).click();
    await expect.poll(() => tagsA.textContent(BRIEFLY)).not.toContain('vip-customer');
    await expect.poll(() => tagsB.textContent(BRIEFLY), { timeout: 5_000 }).not.toContain('vip-customer');
  });
});
