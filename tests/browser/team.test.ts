// Issue 9 in real Chromium: the owner invites an agent from the users page and copies the link;
// the agent opens it, sets a password under the policy, signs in, and sees only what the Agent
// role allows (chat-only menu, no settings, no contact field management, a no-access page).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BRIEFLY } from '../helpers/browser';
import { browserSuite } from '../helpers/browserSuite';

const suite = browserSuite();

/** The owner invites `email` as an Agent from the users page; the link the dialog shows. */
async function invite(owner: Page, email: string): Promise<string> {
  await owner.goto(`${suite.server.url}/setting/users`);
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
    const owner = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await suite.signIn(owner);
    // A retry of this test invites someone new: the first try's member is deactivated by now.
    const email = `new.agent.${Date.now()}@example.com`;
    const link = await invite(owner, email);
    expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{40,}$/);
    await expect.poll(() => owner.getByTestId('invitation-row').filter({ hasText: email }).count()).toBe(1);

    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const agent = await context.newPage();
    await agent.goto(link);
    await expect
      .poll(() => agent.locator('h1:visible').textContent(BRIEFLY))
      .toBe('Join My Official Account');
    // The typing filter drops what a password may not contain; the policy list fills in.
    await agent.getByLabel('New password', { exact: true }).fill('short');
    await agent.getByRole('button', { name: 'Set password and join' }).click();
    await expect
      .poll(() => agent.locator('.st-field small.error').first().textContent(BRIEFLY))
      .toBe('The password does not meet the rules below.');
    await agent.getByLabel('New password', { exact: true }).fill('Agent#Pass 2024!');
    expect(await agent.getByLabel('New password', { exact: true }).inputValue()).toBe('AgentPass2024!');
    await agent.getByLabel('New password again').fill('AgentPass2024!');
    await agent.getByRole('button', { name: 'Set password and join' }).click();
    await agent.getByTestId('go-sign-in').click();
    await suite.signIn(agent, { email, password: 'AgentPass2024!', path: '/live' });

    // Chat-only menu: Chat and Contact List; no settings menu.
    await expect
      .poll(async () => (await agent.locator('.left-menu a').allTextContents()).map((s) => s.trim()))
      .toEqual(['Chat', 'Contact List']);
    expect(await agent.getByRole('button', { name: 'Settings' }).count()).toBe(0);
    await agent.goto(`${suite.server.url}/contact-list`);
    await expect.poll(() => agent.locator('h1:visible').textContent(BRIEFLY)).toBe('Contact List');
    expect(await agent.getByRole('button', { name: '+ Add contact' }).count()).toBeGreaterThan(0);
    expect(await agent.getByRole('button', { name: 'Contact fields' }).count()).toBe(0);
    await agent.goto(`${suite.server.url}/setting/users`);
    await expect.poll(() => agent.getByTestId('no-access').isVisible()).toBe(true);
    await agent.goto(`${suite.server.url}/profile`);
    await expect.poll(() => agent.getByTestId('email-badge').textContent(BRIEFLY)).toBe('Email verified');

    // The owner sees the new member; deactivating them signs the agent out at once.
    await owner.goto(`${suite.server.url}/setting/users`);
    const row = owner.getByTestId('user-row').filter({ hasText: email });
    await expect.poll(() => row.textContent(BRIEFLY)).toContain('Agent');
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => row.textContent(BRIEFLY)).toContain('Deactivated');
    // Their socket is cut, the console asks who it is, gets 401 and loads the sign-in page by
    // itself: no visit of ours may race that reload.
    await agent.waitForURL(`${suite.server.url}/`);
    await expect.poll(() => agent.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    await agent.goto(`${suite.server.url}/contact-list`, { waitUntil: 'commit' });
    await agent.waitForURL(`${suite.server.url}/`);
    await context.close();
    await owner.close();
  });

  it('a new invitation link is made only after Yes; the old link then stops working', async () => {
    const owner = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await suite.signIn(owner);
    const first = await invite(owner, 'renew@example.com');
    const row = owner.getByTestId('invitation-row').filter({ hasText: 'renew@example.com' });
    await row.getByRole('button', { name: 'New link' }).click();
    const question = owner.getByRole('dialog');
    await expect.poll(() => question.textContent(BRIEFLY)).toContain('renew@example.com');
    await question.getByRole('button', { name: 'No' }).click();
    // No: nothing changed, the first link still opens the invitation.
    const check = await suite.browser.newPage();
    await check.goto(first);
    await expect
      .poll(() => check.locator('h1:visible').textContent(BRIEFLY))
      .toBe('Join My Official Account');
    await row.getByRole('button', { name: 'New link' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => row.getByRole('textbox').count()).toBe(1);
    expect(await row.getByRole('textbox').inputValue()).not.toBe(first);
    await check.goto(first);
    await expect
      .poll(() => check.locator('h1:visible').textContent(BRIEFLY))
      .toBe('This invitation link is not valid');
    await check.close();
    await owner.close();
  });
});
