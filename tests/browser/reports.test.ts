// Issue 12 in real Chromium: the dashboard tiles and each report over seeded activity; switching
// the range changes the chart; a count opens its chat log; the Thai pages are Thai.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIEFLY, launchBrowser } from '../helpers/browser';
import { login, startServer, type TestServer } from '../helpers/server';
import { seedDemo } from '../server/reports/demo';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const session = await login(server.url);
  await seedDemo(server.app.ctx.db, session.accountId, session.user._id, { days: 40 });
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((token) => localStorage.setItem('chatdesk.token', token), session.token);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

const REPORTS = [
  ['contact-growth', 'Contact growth'],
  ['agent-performance', 'Agent performance'],
  ['chat-volume', 'Chat volume'],
  ['satisfaction', 'Satisfaction'],
  ['queue-performance', 'Queue performance'],
] as const;

const plot = () => page.locator('.report-chart-plot').first();
const chartState = async () => ({
  points: await plot().getAttribute('data-points'),
  sum: await plot().getAttribute('data-sum'),
});

describe('dashboard and reports', () => {
  it('shows the six tiles with figures and their change', async () => {
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => page.locator('.tile').count()).toBe(6);
    await expect
      .poll(() => page.locator('[data-tile="total_friends"] .tile-value').textContent(BRIEFLY))
      .toMatch(/^\d{1,3}(,\d{3})*$/);
    expect(await page.locator('[data-tile="satisfaction_rate"] .tile-value').textContent()).toMatch(/%$/);
    const before = await page.locator('[data-tile="new_friends"] .tile-value').textContent();
    await page.getByRole('button', { name: '30 days' }).click();
    await expect
      .poll(() => page.locator('[data-tile="new_friends"] .tile-value').textContent(BRIEFLY))
      .not.toBe(before);
  });

  it('a period with nothing to measure shows "—" and a hint, not 0% and −100%; the calendar picks days', async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('button', { name: 'Custom' }).click();
    const from = page.getByLabel('From', { exact: true });
    await expect.poll(() => from.inputValue(BRIEFLY)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    // The calendar: opened from its button, a day picked with the keyboard, DD/MM/YYYY in the box.
    await page.getByRole('button', { name: 'Choose date' }).first().click();
    const calendar = page.getByRole('dialog', { name: 'Choose date' });
    await expect.poll(() => calendar.locator('.rdp-day_button').count()).toBeGreaterThan(27);
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect.poll(() => calendar.count()).toBe(0);
    expect(await from.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    // A week long before any activity.
    await from.fill('01/01/2001');
    await page.getByLabel('To', { exact: true }).fill('07/01/2001');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => page.getByTestId('period-days').textContent(BRIEFLY))
      .toBe('01/01/2001 – 07/01/2001');
    const rate = page.locator('[data-tile="satisfaction_rate"]');
    await expect.poll(() => rate.locator('.tile-value').textContent(BRIEFLY)).toBe('—No data in this period');
    expect(await rate.locator('.tile-change').textContent()).toBe('No ratings in this period');
    expect(await page.locator('[data-tile="chat_utilization"] .tile-value').getAttribute('class')).toContain(
      'no-data',
    );
    expect(await page.locator('[data-tile="new_friends"] .tile-value').textContent()).toBe('0');
    await page.getByRole('button', { name: '7 days' }).click();
  });

  it.each(REPORTS)('opens %s, switches the range and sees the chart change', async (name, title) => {
    await page.goto(`${server.url}/report/${name}`);
    await expect.poll(() => page.locator('main h1:visible').textContent(BRIEFLY)).toBe(title);
    await page.getByRole('button', { name: '7 days' }).click();
    await expect.poll(() => page.locator('.report-chart canvas').count()).toBeGreaterThan(0);
    const week = await chartState();
    await page.getByRole('button', { name: '30 days' }).click();
    await expect.poll(chartState).not.toEqual(week);
    // The table's header stays on top inside a box of at most 400 px.
    const box = await page
      .locator('.report-table-wrap')
      .first()
      .evaluate((el) => ({
        max: getComputedStyle(el).maxHeight,
        sticky: getComputedStyle(el.querySelector('thead th') as Element).position,
      }));
    expect(box).toEqual({ max: '400px', sticky: 'sticky' });
    expect(await page.locator('.report-note').textContent()).toContain('about 2 am (GMT+9)');
  });

  it("queue performance charts chats by channel with the table's numbers", async () => {
    await page.goto(`${server.url}/report/queue-performance`);
    await page.getByRole('button', { name: '7 days' }).click();
    const fig = page.locator('.report-chart').nth(1);
    await expect
      .poll(() => fig.locator('figcaption').textContent(BRIEFLY))
      .toBe('Incoming chats per day by channel');
    const table = page.locator('[data-table="queue-performance-channel"]');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(7);
    const plotEl = fig.locator('.report-chart-plot');
    expect(await plotEl.getAttribute('data-points')).toBe('7');
    const total = (await table.locator('tfoot td').last().textContent())?.replace(/,/g, '');
    expect(await plotEl.getAttribute('data-sum')).toBe(total);
  });

  it('a wide table scrolls sideways in its box and keeps its first column (768 px)', async () => {
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto(`${server.url}/report/agent-performance`);
    const wrap = page.locator('[data-table="agent-performance"] .report-table-wrap');
    await expect.poll(() => wrap.locator('tbody tr').count()).toBeGreaterThan(0);
    const seen = await wrap.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
      const left = (q: string) =>
        Math.round(
          (el.querySelector(q) as Element).getBoundingClientRect().left - el.getBoundingClientRect().left,
        );
      const doc = document.scrollingElement as Element;
      return {
        wide: el.scrollWidth > el.clientWidth && el.scrollLeft > 0,
        name: left('tbody td:first-child'),
        head: left('thead th:first-child'),
        page: doc.scrollWidth - doc.clientWidth,
      };
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(seen).toEqual({ wide: true, name: 1, head: 1, page: 0 });
  });

  it('a count opens its chat log with the spec title and the chats behind it', async () => {
    await page.goto(`${server.url}/report/chat-volume`);
    // Columns: date, bot, incoming, …
    const link = page
      .locator('[data-table="chat-volume-day"] tbody tr')
      .first()
      .locator('td:nth-child(3) .count-link');
    const count = Number((await link.textContent())?.replace(/,/g, ''));
    await link.click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.locator('h2').textContent(BRIEFLY))
      .toMatch(/^Incoming chats log \d{2}\/\d{2}\/\d{4}$/);
    await expect.poll(() => dialog.locator('tbody tr').count()).toBe(Math.min(count, 20));
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('under "All time" a count still opens its chats (the log covers all time, not ten years)', async () => {
    await page.goto(`${server.url}/report/agent-performance`);
    await page.getByRole('button', { name: 'All time' }).click();
    await expect
      .poll(() => page.getByTestId('period-days').textContent(BRIEFLY))
      .toMatch(/^Everything up to \d{2}\/\d{2}\/\d{4}$/);
    // Columns: agent, bot, incoming, …
    const link = page
      .locator('[data-table="agent-performance"] tbody tr')
      .first()
      .locator('td:nth-child(3) .count-link');
    const count = Number((await link.textContent())?.replace(/,/g, ''));
    await link.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.locator('h2').textContent(BRIEFLY)).toMatch(/^Incoming chats log \S/);
    await expect.poll(() => dialog.locator('tbody tr').count()).toBe(Math.min(count, 20));
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('a custom range and sorting by name work; Thai pages are Thai', async () => {
    await page.goto(`${server.url}/report/agent-performance`);
    await page.getByRole('button', { name: 'Custom' }).click();
    const today = new Date();
    const day = (d: number) => new Date(today.getTime() - d * 86_400_000).toISOString().slice(0, 10);
    const shown = (iso: string) => iso.split('-').reverse().join('/');
    // The date boxes take DD/MM/YYYY whatever the browser's language (spec 9).
    await page.getByLabel('From', { exact: true }).fill(shown(day(3)));
    await page.getByLabel('To', { exact: true }).fill(shown(day(2)));
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByTestId('period-days').textContent(BRIEFLY)).toContain(shown(day(3)));
    const names = () =>
      page.locator('[data-table="agent-performance"] tbody tr td:first-child').allTextContents();
    const ascending = await names();
    await page.getByRole('button', { name: /Sort by name/ }).click();
    await expect.poll(names).toEqual([...ascending].reverse());

    await page.goto(`${server.url}/th/report/satisfaction`);
    await expect.poll(() => page.locator('main h1:visible').textContent(BRIEFLY)).not.toBe('Satisfaction');
    expect(await page.locator('.report-note').textContent()).toContain('GMT+9');
    expect(await page.getByRole('button', { name: 'ส่งออก Excel' }).count()).toBe(1);
  });
});
