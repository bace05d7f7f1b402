// Issue 9 in real Chromium: the owner invites an agent from the users page and copies the link;
// the agent opens it, sets a password under the policy, signs in, and sees only what the Agent
// role allows (chat-only menu, no settings, no contact field management, a no-access page).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signIn(page: Page, email: string, password: string, landing: string) {
  await page.goto(`${server.url}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${server.url}${landing}`);
}

/** The owner invites `email` as an Agent from the users page; the link the dialog shows. */
async function invite(owner: Page, email: string): Promise<string> {
  await owner.goto(`${server.url}/setting/users`);
  await owner.getByRole('button', { name: '+ Invite user' }).first().click();
  const dialog = owner.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Role').selectOption({ label: 'Agent' });
  await dialog.getByRole('button', { name: 'Create invitation' }).click();
  const link = await owner.getByTestId('invite-link').inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  return link;
}

describe('team', () => {
  it('an owner invites an agent, who sets a password, signs in and sees only what the role allows', async () => {
    const owner = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(owner, ADMIN_EMAIL, ADMIN_PASSWORD, '/dashboard');
    const link = await invite(owner, 'new.agent@example.com');
    expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{40,}$/);
    await expect
      .poll(() => owner.getByTestId('invitation-row').textContent())
      .toContain('new.agent@example.com');

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const agent = await context.newPage();
    await agent.goto(link);
    await expect.poll(() => agent.locator('h1').textContent()).toBe('Join My Official Account');
    // The typing filter drops what a password may not contain; the policy list fills in.
    await agent.getByLabel('New password', { exact: true }).fill('short');
    await agent.getByRole('button', { name: 'Set password and join' }).click();
    await expect
      .poll(() => agent.locator('.st-field small.error').first().textContent())
      .toBe('The password does not meet the rules below.');
    await agent.getByLabel('New password', { exact: true }).fill('Agent#Pass 2024!');
    expect(await agent.getByLabel('New password', { exact: true }).inputValue()).toBe('AgentPass2024!');
    await agent.getByLabel('New password again').fill('AgentPass2024!');
    await agent.getByRole('button', { name: 'Set password and join' }).click();
    await agent.getByTestId('go-sign-in').click();
    await signIn(agent, 'new.agent@example.com', 'AgentPass2024!', '/live');

    // Chat-only menu: Chat and Contact List; no settings menu.
    await expect
      .poll(async () => (await agent.locator('.left-menu a').allTextContents()).map((s) => s.trim()))
      .toEqual(['Chat', 'Contact List']);
    expect(await agent.getByRole('button', { name: 'Settings' }).count()).toBe(0);
    await agent.goto(`${server.url}/contact-list`);
    await expect.poll(() => agent.locator('h1').textContent()).toBe('Contact List');
    expect(await agent.getByRole('button', { name: '+ Add contact' }).count()).toBeGreaterThan(0);
    expect(await agent.getByRole('button', { name: 'Contact fields' }).count()).toBe(0);
    await agent.goto(`${server.url}/setting/users`);
    await expect.poll(() => agent.getByTestId('no-access').isVisible()).toBe(true);
    await agent.goto(`${server.url}/profile`);
    await expect.poll(() => agent.getByTestId('email-badge').textContent()).toBe('Email verified');

    // The owner sees the new member; deactivating them signs the agent out at once.
    await owner.goto(`${server.url}/setting/users`);
    const row = owner.getByTestId('user-row').filter({ hasText: 'new.agent@example.com' });
    await expect.poll(() => row.textContent()).toContain('Agent');
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => row.textContent()).toContain('Deactivated');
    await agent.goto(`${server.url}/contact-list`);
    await agent.waitForURL(`${server.url}/`);
    await context.close();
    await owner.close();
  });

  it('a new invitation link is made only after Yes; the old link then stops working', async () => {
    const owner = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(owner, ADMIN_EMAIL, ADMIN_PASSWORD, '/dashboard');
    const first = await invite(owner, 'renew@example.com');
    const row = owner.getByTestId('invitation-row').filter({ hasText: 'renew@example.com' });
    await row.getByRole('button', { name: 'New link' }).click();
    const question = owner.getByRole('dialog');
    await expect.poll(() => question.textContent()).toContain('renew@example.com');
    await question.getByRole('button', { name: 'No' }).click();
    // No: nothing changed, the first link still opens the invitation.
    const check = await browser.newPage();
    await check.goto(first);
    await expect.poll(() => check.locator('h1').textContent()).toBe('Join My Official Account');
    await row.getByRole('button', { name: 'New link' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => row.getByRole('textbox').count()).toBe(1);
    expect(await row.getByRole('textbox').inputValue()).not.toBe(first);
    await check.goto(first);
    await expect.poll(() => check.locator('h1').textContent()).toBe('This invitation link is not valid');
    await check.close();
    await owner.close();
  });
});
