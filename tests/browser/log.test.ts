// The Log (spec 2 "Log", spec 4 chat-log categories, spec 9 chat-log titles and dates) in real
// Chromium: customers write through the widget, one chat is closed; the page lists them with
// their state, switches category and channel, pages 20 at a time, and a contact opens its chat
// in the inbox. /th/log is Thai; an agent without report access is told so.
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIEFLY, launchBrowser } from '../helpers/browser';
import { login, startServer, type TestServer } from '../helpers/server';
import { seedDemo } from '../server/reports/demo';
import { AGENT_PASSWORD, addAgent, customerSays, newCustomer, signIn } from './liveHelpers';

const SHOTS = process.env.SHOTS_DIR;
const CUSTOMERS = ['Log Alice', 'Log Bob', 'Log Carol'];

let server: TestServer;
let browser: Browser;
let owner: Awaited<ReturnType<typeof login>>;
let context: BrowserContext;
let page: Page;

async function post(path: string, body: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: owner.headers,
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const shot = async (name: string, width = 1440) => {
  if (!SHOTS) return;
  await page.setViewportSize({ width, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
};

const rows = () => page.locator('.chat-log-table tbody tr');
const rowOf = (name: string) => rows().filter({ hasText: name });
const heading = () => page.locator('#log-heading');

beforeAll(async () => {
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  owner = await login(server.url);
  for (const name of CUSTOMERS) {
    const customer = await newCustomer(server.url, owner.widgetId, name);
    await customerSays(server.url, customer, `Hello from ${name}`);
  }
  // Carol's chat is taken and closed: done.
  const list = await (
    await fetch(`${server.url}/api/chat/followers?chat_type=all&limit=50`, { headers: owner.headers })
  ).json();
  const carol = list.chat.data.find((f: { line_name: string }) => f.line_name === 'Log Carol');
  const taken = await post('/api/chat/take', { followerId: carol._id });
  await post('/api/chat/close', {
    liveChatId: taken.follower.last_livechat.livechat_id,
    userId: owner.user._id,
  });
  await addAgent(server.app, owner.accountId, { email: 'log.agent@example.com', name: 'Log Agent' });
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((token) => localStorage.setItem('chatdesk.token', token), owner.token);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('the Log', () => {
  it('lists the chats of the period with their state (spec 9 title, DD/MM/YYYY HH:mm)', async () => {
    await page.goto(`${server.url}/log`);
    await expect.poll(() => page.locator('h1:visible').textContent(BRIEFLY)).toBe('Log');
    await expect.poll(() => rows().count()).toBe(3);
    expect(await heading().textContent()).toBe('Total (Incoming + Outgoing) chats log · 3 in total');
    expect(await page.getByRole('button', { name: 'All', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // Newest first.
    expect(await rows().locator('td:first-child').allTextContents()).toEqual([
      'Log Carol',
      'Log Bob',
      'Log Alice',
    ]);
    const carol = rowOf('Log Carol').locator('td');
    expect(await carol.nth(1).textContent()).toBe('Web chat');
    expect(await carol.nth(4).textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(await carol.nth(6).textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(await carol.nth(7).textContent()).toBe('Done');
    expect(await rowOf('Log Alice').locator('td').nth(6).textContent()).toBe('-');
    expect(await rowOf('Log Alice').locator('.log-status').textContent()).toBe('Open');
    // The period picker shows the days the server resolved, DD/MM/YYYY; 7 days end today.
    const today = new Date().toLocaleDateString('en-GB', { timeZone: 'Asia/Bangkok' });
    await expect.poll(() => page.getByTestId('period-days').textContent(BRIEFLY)).toContain(`– ${today}`);
    // The Log is a report tab, and the left menu's Report is lit.
    expect(await page.locator('.report-tabs a[aria-current="page"]').textContent()).toBe('Log');
    expect(await page.locator('.left-menu a.active').textContent()).toContain('Report');
    await shot('log-1440-en');
    await shot('log-768-en', 768);
  });

  it('switches category and channel; an empty list says what it shows', async () => {
    await page.getByRole('button', { name: 'Outgoing', exact: true }).click();
    await expect.poll(() => page.getByTestId('log-empty').isVisible()).toBe(true);
    expect(await heading().textContent()).toBe('Outgoing chats log · 0 in total');
    expect(await page.getByTestId('log-empty').textContent()).toContain('No chats match');
    await shot('log-empty-1440-en');
    await page.getByRole('button', { name: 'Incoming', exact: true }).click();
    await expect.poll(() => rows().count()).toBe(3);
    await page
      .getByLabel('Channel', { exact: true })
      .filter({ visible: true })
      .selectOption({ label: 'Messenger' });
    await expect.poll(() => page.getByTestId('log-empty').isVisible()).toBe(true);
    await page
      .getByLabel('Channel', { exact: true })
      .filter({ visible: true })
      .selectOption({ label: 'Web chat' });
    await expect.poll(() => rows().count()).toBe(3);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect.poll(() => rows().count()).toBe(3);
  });

  it("a contact's name opens that chat in the inbox", async () => {
    await rowOf('Log Alice').getByRole('link', { name: 'Log Alice' }).click();
    await page.waitForURL((u) => u.pathname === '/live');
    await expect.poll(() => page.locator('.chat-header-name').textContent(BRIEFLY)).toBe('Log Alice');
    await expect
      .poll(() => page.locator('[data-testid="live-page"]').textContent(BRIEFLY))
      .toContain('Hello from Log Alice');
    // The address is the plain inbox again.
    expect(new URL(page.url()).search).toBe('');
    await shot('log-opened-in-live-1440-en');
  });

  it('/th/log is Thai, and its links keep the Thai inbox', async () => {
    await page.goto(`${server.url}/th/log`);
    await expect.poll(() => page.locator('h1:visible').textContent(BRIEFLY)).toBe('บันทึก');
    await expect.poll(() => rows().count()).toBe(3);
    expect(await heading().textContent()).toBe('บันทึกแชททั้งหมด (ขาเข้า + ขาออก) · ทั้งหมด 3 รายการ');
    expect(await rowOf('Log Carol').locator('.log-status').textContent()).toBe('เสร็จสิ้น');
    expect(await rowOf('Log Carol').locator('td').nth(1).textContent()).toBe('เว็บแชท');
    expect(await page.getByRole('button', { name: 'ขาออก', exact: true }).count()).toBe(1);
    expect(await rowOf('Log Bob').getByRole('link').getAttribute('href')).toMatch(/^\/th\/live\?follower=/);
    await shot('log-1440-th');
    await shot('log-768-th', 768);
  });

  it('pages 20 at a time with "from–to of total"', async () => {
    await seedDemo(server.app.ctx.db, owner.accountId, owner.user._id, { days: 40 });
    await page.goto(`${server.url}/log`);
    await page.getByRole('button', { name: '30 days' }).click();
    await expect.poll(() => rows().count()).toBe(20);
    const range = () => page.locator('.log-pager .log-range').textContent();
    await expect.poll(range).toMatch(/^1–20 of \d{1,3}(,\d{3})*$/);
    const total = (await range())?.split(' of ')[1];
    expect(await heading().textContent()).toBe(`Total (Incoming + Outgoing) chats log · ${total} in total`);
    await page.locator('.log-pager').getByRole('button', { name: 'Next' }).click();
    await expect.poll(range).toBe(`21–40 of ${total}`);
    // An agent filter narrows the list and starts again at the first page.
    const agentOptions = await page.getByLabel('Agent', { exact: true }).locator('option').allTextContents();
    expect(agentOptions[0]).toBe('All agents');
    await page.getByLabel('Agent', { exact: true }).selectOption({ label: 'Somchai J.' });
    await expect
      .poll(async () => [...new Set(await rows().locator('td:nth-child(3)').allTextContents())])
      .toEqual(['Somchai J.']);
    await shot('log-paged-1440-en');
  });

  it('an agent without report access is told so', async () => {
    const agentContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const agentPage = await agentContext.newPage();
    await signIn(agentPage, server.url, 'log.agent@example.com', AGENT_PASSWORD);
    await agentPage.goto(`${server.url}/log`);
    await expect.poll(() => agentPage.getByTestId('no-access').isVisible()).toBe(true);
    expect(await agentPage.locator('.chat-log-table').count()).toBe(0);
    await agentContext.close();
  });
});
