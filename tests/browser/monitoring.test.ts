// Monitoring in real Chromium (issue 17): the owner watches the team live — a new customer, an
// agent coming online, a chat taken — without reloading; edits a queue in place, moves an agent
// between queues and reassigns a chat; the Thai page reads in Thai; an agent has no access.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BRIEFLY } from '../helpers/browser';
import { browserSuite } from '../helpers/browserSuite';
import { AGENT_PASSWORD, addAgent, customerSays, newCustomer, signIn } from './liveHelpers';

const suite = browserSuite();

beforeAll(async () => {
  await addAgent(suite.server.app, suite.owner.accountId, { email: 'art@example.com', name: 'Art Agent' });
});

/** Live updates come within a second or two (socket event, then one overview call). */
const LIVE = { timeout: 5000 };
const tile = (page: Page, name: string) => page.getByTestId(`mon-total-${name}`).locator('strong');
const api = (path: string, body: unknown, method = 'POST') =>
  suite.call(method, path, body).then((r) => r.body);

describe('monitoring', () => {
  it('follows the team live and rebalances it (English)', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await suite.signIn(page);
    await page.goto(`${suite.server.url}/monitoring`);
    await expect.poll(() => page.locator('h1:visible').textContent(BRIEFLY)).toBe('Monitoring');
    // The sections are drawn once the first overview has come, after the page's title.
    for (const header of ['Chat status', 'Queue setting', 'Queue management'])
      await expect.poll(() => page.getByRole('heading', { name: header }).count()).toBe(1);
    await expect.poll(() => tile(page, 'waiting').textContent(BRIEFLY)).toBe('0');
    await expect.poll(() => page.getByTestId('mon-live').textContent(BRIEFLY)).toContain('Live');

    // A customer writes: the waiting figure and the chat appear without a reload.
    const customer = await newCustomer(suite.server.url, suite.owner.widgetId, 'Pranee Srisuk');
    await customerSays(suite.server.url, customer, 'Where is my parcel?');
    await expect.poll(() => tile(page, 'waiting').textContent(BRIEFLY), LIVE).toBe('1');
    const row = page.getByTestId('mon-chat-row').filter({ hasText: 'Pranee Srisuk' });
    await expect.poll(() => row.textContent(BRIEFLY), LIVE).toContain('Unassigned');

    // The agent signs in elsewhere: they come online, available.
    const agentContext = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const agentPage = await agentContext.newPage();
    await signIn(agentPage, suite.server.url, 'art@example.com', AGENT_PASSWORD);
    const artRow = page.getByTestId('mon-agent-row').filter({ hasText: 'Art Agent' });
    await expect.poll(() => artRow.getAttribute('data-status', BRIEFLY), LIVE).toBe('available');

    // Reassign the chat to the agent from the chats in progress.
    await row.getByRole('combobox').selectOption({ label: 'Art Agent' });
    await expect.poll(() => row.textContent(BRIEFLY), LIVE).toContain('Art Agent');
    await expect.poll(() => tile(page, 'waiting').textContent(BRIEFLY), LIVE).toBe('1');
    await expect.poll(() => artRow.locator('td').nth(1).textContent(BRIEFLY), LIVE).toBe('1');

    // Queue setting in place: round robin for the default queue.
    const setting = page.getByTestId('mon-setting-row').first();
    await setting.getByLabel(/Assignment type/).selectOption('round_robin');
    await expect
      .poll(async () => (await api('/api/settings/queues', undefined, 'GET')).list[0].assign_type)
      .toBe('round_robin');

    // Queue management: a new queue, and the agent moved into it.
    await api('/api/settings/queues', { name: 'VIP', visibility: 'selected' });
    await page.reload();
    const member = page.getByTestId('mon-member-row').filter({ hasText: 'Art Agent' });
    await member.getByLabel('Move Art Agent to').selectOption({ label: 'VIP' });
    await member.getByRole('button', { name: 'Move' }).click();
    await expect.poll(() => member.textContent(BRIEFLY), LIVE).toContain('VIP');
    await agentContext.close();
    await page.close();
  });

  it('reads in Thai; agents have no access', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 768, height: 900 } });
    await suite.signIn(page);
    await page.goto(`${suite.server.url}/th/monitoring`);
    await expect.poll(() => page.getByRole('heading', { name: 'สถานะแชท' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'ตั้งค่าคิว' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'จัดการคิว' }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('mon-total-waiting').textContent(BRIEFLY)).toContain('แชทที่รออยู่');
    // A chat of this test's own, so the tables have a row whatever the first test got to.
    const customer = await newCustomer(suite.server.url, suite.owner.widgetId, 'Somchai Jaidee');
    await customerSays(suite.server.url, customer, 'สวัสดีครับ');
    // At 768 px every table fits its box: no column (the chat actions included) hides off to the side.
    for (const path of ['/th/monitoring', '/monitoring']) {
      await page.goto(`${suite.server.url}${path}`);
      await page.getByTestId('mon-chat-row').first().waitFor();
      const overflow = await page
        .locator('.mon-table-card')
        .evaluateAll((cards) => cards.filter((c) => c.scrollWidth > c.clientWidth + 1).length);
      expect(overflow, path).toBe(0);
    }
    await page.close();

    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const agent = await context.newPage();
    await signIn(agent, suite.server.url, 'art@example.com', AGENT_PASSWORD);
    await agent.goto(`${suite.server.url}/monitoring`);
    await expect.poll(() => agent.getByTestId('no-access').isVisible()).toBe(true);
    expect(await agent.getByTestId('mon-agent-row').count()).toBe(0);
    await context.close();
  });
});
