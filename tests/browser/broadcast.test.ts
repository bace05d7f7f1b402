// Issue 10 in real Chromium: composing a broadcast (a tag filter that reaches too few is named
// with spec 5's text, a sixth bubble is refused, leaving asks first), scheduling it, watching it
// go out live when its time comes (sent by the server's scheduler through the fake LINE API), and
// reading its report after customers open its tracked link.
import { mkdirSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { broadcastRecipients, broadcasts } from '../../server/broadcasts/schema';
import { launchBrowser } from '../helpers/browser';
import { type FakeLine, startFakeLine } from '../helpers/fakePlatforms/line';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from '../helpers/server';
import { apiOf, connectLine, eventually, seedLineFriends, tagFriends } from '../server/broadcasts/harness';
import { signIn } from './liveHelpers';

let server: TestServer;
let line: FakeLine;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  line = await startFakeLine();
  server = await startServer({ env: { LINE_API_BASE: line.url } });
  const session = await login(server.url);
  const channelId = await connectLine(server.url, session, line.token);
  const friends = await seedLineFriends(server.app.ctx.db, session.accountId, channelId, 150, 'browser');
  await tagFriends(server.app.ctx.db, session.accountId, 'VIP', friends.slice(0, 40));
  await tagFriends(server.app.ctx.db, session.accountId, 'Gold', friends.slice(0, 120));
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
  await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await line?.close();
});

const SHOTS = process.env.SHOTS_DIR ?? '';
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const pad = (n: number) => String(n).padStart(2, '0');

describe('broadcast console', () => {
  it('composes, schedules, sends at its time and shows the report with real clicks', async () => {
    await page.goto(`${server.url}/broadcast`);
    await page.getByText('No scheduled broadcasts. Press “Create broadcast” to make one.').waitFor();
    await page.getByTestId('create-broadcast').click();
    const composer = page.getByTestId('broadcast-composer');
    await composer.waitFor();

    await page.getByLabel('Broadcast name').fill('Weekend sale');
    await composer.getByLabel('Text', { exact: true }).fill('Weekend sale: https://shop.example.com/weekend');

    // Up to 5 bubbles; a sixth is refused with the spec's text.
    for (let i = 0; i < 4; i++) await page.getByTestId('add-bubble').click();
    await page.getByTestId('add-bubble').click();
    await page
      .locator('[data-field="messages"] [data-testid="field-error"]')
      .getByText('Can you send Message templates only 5 Bubble.')
      .waitFor();
    expect(await page.getByTestId('bubble').count()).toBe(5);
    for (let i = 0; i < 4; i++)
      await page.getByTestId('bubble').last().getByRole('button', { name: 'Remove' }).click();
    expect(await page.getByTestId('bubble').count()).toBe(1);

    // A tag reaching 40 is not enough (spec 5); Gold reaches 120.
    await page.getByLabel('Targeted by tag').check();
    await page.getByTestId('add-messages_target').click();
    const filter = page.getByTestId('messages_target-filter');
    await filter.getByText('VIP').click();
    await page.getByTestId('target-estimate').getByText('Target estimate: 40 contacts').waitFor();
    await page.getByText('target reach number must be 100 or more').waitFor();
    await filter.getByText('VIP').click();
    await filter.getByText('Gold').click();
    await page.getByTestId('target-estimate').getByText('Target estimate: 120 contacts').waitFor();
    expect(await page.getByText('target reach number must be 100 or more').count()).toBe(0);

    // Leaving with unsaved changes asks first (spec 5).
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByText('Are you sure want to leave this page ?').waitFor();
    await page.getByRole('button', { name: 'No', exact: true }).click();
    expect(new URL(page.url()).pathname).toBe('/broadcast/create');

    // Schedule it two minutes ahead.
    await page.getByLabel('Schedule', { exact: true }).check();
    const at = new Date(Date.now() + 2 * 60_000);
    await page
      .getByLabel('Date', { exact: true })
      .fill(`${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()}`);
    await page.getByLabel('Time', { exact: true }).fill(`${pad(at.getHours())}:${pad(at.getMinutes())}`);
    await page.getByTestId('schedule').click();
    const view = page.getByTestId('broadcast-view');
    await view.waitFor();
    await view.getByTestId('broadcast-status').getByText('Scheduled').waitFor();
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    expect(line.multicasts).toHaveLength(0);

    // Its time comes (the clock moved on instead of the test waiting two minutes): the server
    // sends it, and the open page follows live over the socket.
    await server.app.ctx.db
      .update(broadcasts)
      .set({ broadcastTime: new Date() })
      .where(eq(broadcasts.id, id));
    await view.getByTestId('broadcast-status').getByText('Sent').waitFor({ timeout: 15_000 });
    await view.getByText('120 of 120 sent').waitFor();
    expect(line.multicasts).toHaveLength(1);
    expect(line.multicasts[0].to).toHaveLength(120);

    // Two customers open the link; a link-preview robot does not count.
    const text = (line.multicasts[0].body.messages as { text: string }[])[0].text;
    const link = /(http:\/\/\S+\/go\?l=[a-z0-9]{10})/.exec(text)?.[1] ?? '';
    expect(link.startsWith(server.url)).toBe(true);
    for (const agent of [
      'Mozilla/5.0 (iPhone) Line/13.1',
      'Mozilla/5.0 (Android) Line/13.2',
      'facebookexternalhit/1.1',
    ]) {
      const res = await fetch(link, { redirect: 'manual', headers: { 'user-agent': agent } });
      expect(res.headers.get('location')).toBe('https://shop.example.com/weekend');
    }

    await page.getByTestId('open-report').click();
    const report = page.getByTestId('broadcast-report');
    await report.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/broadcast/${id}/report`);
    await report.getByTestId('tile-delivered').getByText('120', { exact: true }).waitFor();
    await report.getByTestId('tile-clicks').getByText('2', { exact: true }).waitFor();
    await report.getByTestId('tile-people').getByText('2', { exact: true }).waitFor();
    const row = report.getByTestId('message-report').locator('tbody tr').first();
    expect((await row.locator('td').allTextContents()).map((s) => s.trim())).toEqual([
      'https://shop.example.com/weekend',
      '2',
      '1.67%',
      '2',
    ]);
    expect(Number(await report.locator('.report-chart-plot').getAttribute('data-sum'))).toBe(2);

    // The list shows it under Sent; the page works in Thai.
    await page.goto(`${server.url}/th/broadcast`);
    await page.getByTestId('tab-sent').click();
    await page
      .getByTestId('broadcast-row')
      .filter({ hasText: 'Weekend sale' })
      .getByText('ส่งแล้ว')
      .first()
      .waitFor();
  }, 90_000);

  it('a very long name wraps: at 1440 and 768 px the list row and the view keep every action in sight', async () => {
    const name = 'L'.repeat(100);
    const created = await apiOf(server.url, await login(server.url))('POST', '/api/broadcast', {
      action: 'draft',
      name,
      messages: [{ type: 'text', text: 'Hi' }],
    });
    expect(created.status).toBe(200);
    const id = created.body.broadcast._id;
    const storageState = await page.context().storageState();
    for (const width of [1440, 768]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, storageState });
      const p = await context.newPage();
      await p.goto(`${server.url}/broadcast`);
      await p.getByTestId('tab-drafts').click();
      const row = p.getByTestId('broadcast-row').filter({ hasText: name });
      await row.waitFor();
      // The table fits its box (no sideways scrolling to reach Edit, Duplicate, Delete).
      const wrap = p.locator('.ui-table-wrap');
      expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth), `list at ${width}`).toBe(0);
      const edge = await wrap.evaluate((el) => el.getBoundingClientRect().right);
      const actions = row.locator('.bc-row-actions a, .bc-row-actions button');
      expect(await actions.count()).toBe(3);
      for (const box of await actions.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right)))
        expect(box, `row action at ${width}`).toBeLessThanOrEqual(edge);

      // The view's title wraps; its Back and Edit stay on screen.
      await p.goto(`${server.url}/broadcast/${id}`);
      const edit = p.getByTestId('edit-broadcast');
      await edit.waitFor();
      const right = await edit.evaluate((el) => el.getBoundingClientRect().right);
      expect(right, `view at ${width}`).toBeLessThanOrEqual(width);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await context.close();
    }
  });

  it("lists who was not reached with the reason in the user's language, LINE's own words as LINE wrote them", async () => {
    const api = apiOf(server.url, await login(server.url));
    line.multicastRefusals.push({ status: 400, json: { message: 'Invalid reply token' } });
    const created = await api('POST', '/api/broadcast', {
      action: 'send_now',
      name: 'Refused by LINE',
      messages: [{ type: 'text', text: 'Hello from a refused send' }],
    });
    expect(created.status).toBe(200);
    const id = created.body.broadcast._id;
    await eventually(async () => {
      const res = await api('GET', `/api/broadcast/${id}`);
      expect(res.body.broadcast.status).toBe('Failed');
    }, 20_000);
    const shown = await api('GET', `/api/broadcast/${id}/recipients?status=failed&limit=100`);
    expect(shown.body.list[0].error).toBe(
      SERVER_MESSAGES.platformAnswered('LINE', 400, 'Invalid reply token'),
    );
    // Two more reasons: a timeout, and an English text stored by an older version (shown as it is).
    const [timedOut, old] = shown.body.list.slice(1, 3).map((r: { follower_id: string }) => r.follower_id);
    const db = server.app.ctx.db;
    const row = (followerId: string) =>
      and(eq(broadcastRecipients.broadcastId, id), eq(broadcastRecipients.followerId, followerId));
    await db
      .update(broadcastRecipients)
      .set({ error: SERVER_MESSAGES.platformNoAnswer('LINE') })
      .where(row(timedOut));
    await db.update(broadcastRecipients).set({ error: 'An old reason in English' }).where(row(old));

    const storageState = await page.context().storageState();
    const expected = {
      '': ['LINE answered 400: Invalid reply token', 'LINE could not be reached (no answer in time)'],
      '/th': ['LINE ตอบกลับด้วยรหัส 400: Invalid reply token', 'ติดต่อ LINE ไม่ได้ (ไม่มีการตอบกลับภายในเวลาที่กำหนด)'],
    };
    for (const width of [1440, 768]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, storageState });
      const p = await context.newPage();
      for (const [prefix, texts] of Object.entries(expected)) {
        await p.goto(`${server.url}${prefix}/broadcast/${id}`);
        const table = p.getByTestId('failed-recipients');
        await table.waitFor();
        const reasons = await table.locator('.bc-reason').allTextContents();
        for (const text of [...texts, 'An old reason in English']) expect(reasons).toContain(text);
        if (prefix) expect(reasons.join('\n')).not.toContain('answered');
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (SHOTS)
          await p.screenshot({
            path: `${SHOTS}/view-failed-${width}${prefix ? '-th' : '-en'}.png`,
            fullPage: true,
          });
      }
      await context.close();
    }
  }, 60_000);

  it('a broadcast that does not exist says so, with a way back to the list, on its view, report and edit pages', async () => {
    for (const [path, text] of [
      ['/broadcast/zzzz1234', 'This broadcast does not exist.'],
      ['/broadcast/zzzz1234/report', 'This broadcast does not exist.'],
      ['/broadcast/zzzz1234/edit', 'This broadcast does not exist.'],
      ['/th/broadcast/zzzz1234', 'ไม่มีบรอดแคสต์นี้'],
    ]) {
      await page.goto(`${server.url}${path}`);
      const missing = page.getByTestId('broadcast-missing');
      await missing.waitFor();
      expect(await missing.textContent()).toContain(text);
    }
    await page.getByTestId('broadcast-missing').getByRole('link').click();
    await page.waitForURL(`${server.url}/th/broadcast`);
  });
});
