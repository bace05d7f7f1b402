// Spec 6 as members with narrowed roles meet the console: each starts on a page its role may
// open (never on "no access"), a role without chat access gets no availability switch and makes
// no chat call the server would refuse, a role that may only read chats reads them (search too)
// without the actions, and the inbox's tag controls follow both the contacts area and each tag's
// permission entries (action_type 1 change, 2 view only, 3 hidden).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser';
import {
  MEMBER_PASSWORD,
  type Session,
  startTeamHarness,
  type TeamHarness,
} from '../server/contacts/teamHarness';

let h: TeamHarness;
let browser: Browser;
const as: Record<string, Session & { userId: string }> = {};
let followerId: string;

const NONE = {
  broadcast: 'none',
  templates: 'none',
  automation: 'none',
  media: 'none',
  reports: 'none',
  monitoring: 'none',
  settings: 'none',
  users: 'none',
} as const;

beforeAll(async () => {
  [h, browser] = await Promise.all([startTeamHarness(), launchBrowser()]);
  const roles: Record<string, { level: number; permissions: Record<string, string> }> = {
    // A supervisor kept out of the figures: no dashboard.
    noReports: { level: 3, permissions: { ...NONE, chat: 'write', contacts: 'read' } },
    // An admin for marketing: everything but the chats.
    noChat: { level: 2, permissions: { chat: 'none' } },
    // Reads the chats and contacts, changes nothing.
    chatReader: { level: 3, permissions: { ...NONE, chat: 'read', contacts: 'read' } },
    // An agent an owner let see the figures and the team.
    grantedAgent: { level: 4, permissions: { reports: 'read', users: 'read' } },
  };
  const ids: Record<string, string> = {};
  for (const [name, role] of Object.entries(roles)) {
    const made = await h.api('POST', '/api/settings/roles', { name, ...role });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    ids[name] = made.body.role._id;
    as[name] = await h.addMember(role.level, name);
    expect(
      (await h.api('PUT', `/api/settings/users/${as[name].userId}`, { role_id: ids[name] })).status,
    ).toBe(200);
  }
  as.agent = await h.addMember(4, 'Agent');
  followerId = await h.customer('hello, I need help', 'rp-visitor', 'Somchai Customer');
  // Tags for every role: one each may change, one each may only see, one hidden from all but level 1.
  const everyRole = (await h.api('GET', '/api/settings/roles')).body.list.map((r: { _id: string }) => r._id);
  const entries = (action_type: number) => ({
    verify: everyRole.map((role_id: string) => ({ role_id, action_type })),
    default: everyRole.map((role_id: string) => ({ role_id, action_type })),
  });
  const tagIds: string[] = [];
  for (const [name, type] of [
    ['changeable', 1],
    ['view-only', 2],
    ['secret-vip', 3],
  ] as const) {
    const tag = await h.api('POST', '/api/settings/tags', { name, permission: entries(type) });
    expect(tag.status).toBe(200);
    tagIds.push(tag.body.tag._id);
  }
  expect((await h.api('POST', '/api/contact/update', { _id: followerId, tags: tagIds })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

/** Signs in; `refused` collects every /api answer of 401 or 403 the console got. */
async function signIn(session: Session, prefix = '') {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const refused: string[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/') && (r.status() === 403 || r.status() === 401))
      refused.push(`${r.status()} ${r.request().method()} ${path}`);
  });
  await page.goto(`${h.server.url}${prefix}/`);
  await page.locator('input[type=email]').fill(session.user.email);
  await page.locator('input[type=password]').first().fill(MEMBER_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => !['/', '/th', '/th/'].includes(url.pathname));
  return { page, refused };
}

async function openChat(page: Page, prefix = '') {
  await page.goto(`${h.server.url}${prefix}/live`);
  await page.getByText('Somchai Customer').first().click();
  await page.getByTestId('message-pane').waitFor();
  await page
    .getByRole('region', { name: prefix ? 'แท็ก' : 'Tags' })
    .getByText('view-only')
    .waitFor();
}

describe('where each role starts', () => {
  it('a role that may not open the dashboard starts on its first page, in English and Thai', async () => {
    for (const prefix of ['', '/th']) {
      const { page, refused } = await signIn(as.noReports, prefix);
      await page.waitForURL(`${h.server.url}${prefix}/live`);
      expect(await page.getByTestId('no-access').count()).toBe(0);
      // The brand link leads there too; the dashboard by address says "no access" and links back.
      expect(await page.locator('a.brand').getAttribute('href')).toBe(`${prefix}/live`);
      await page.goto(`${h.server.url}${prefix}/dashboard`);
      const denied = page.getByTestId('no-access');
      await denied.waitFor();
      const home = denied.getByRole('link');
      expect(await home.textContent()).toBe(prefix ? 'ไปยังหน้าเริ่มต้นของคุณ' : 'Go to your start page');
      await home.click();
      await page.waitForURL(`${h.server.url}${prefix}/live`);
      expect(refused).toEqual([]);
      await page.close();
    }
  });
});

describe('an agent granted more than the chat', () => {
  it('reaches the granted areas from the menus, not the rest; sees built-in roles in Thai', async () => {
    const { page, refused } = await signIn(as.grantedAgent);
    await page.waitForURL(`${h.server.url}/live`);
    // The names without the unread badge.
    const menuOf = (p: typeof page) => async () =>
      (await p.locator('nav.left-menu a').allTextContents()).map((s) => s.replace(/\d+$/, ''));
    const menu = menuOf(page);
    await expect.poll(menu).toEqual(['Dashboard', 'Chat', 'Contact List', 'Report']);
    await page.locator('nav.left-menu').getByText('Report', { exact: true }).click();
    await page.waitForURL(`${h.server.url}/report/contact-growth`);
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.locator('.dropdown-panel .menu-list a');
    await expect.poll(() => settings.allTextContents()).toEqual(['Users']);
    await settings.first().click();
    await page.waitForURL(`${h.server.url}/setting/users`);
    // Not granted: hidden from the menu, "no access" by address, and refused by the server.
    expect(await page.locator('nav.left-menu').getByText('Broadcast', { exact: true }).count()).toBe(0);
    await page.goto(`${h.server.url}/broadcast`);
    await page.getByTestId('no-access').waitFor();
    expect((await h.api('GET', '/api/broadcast/list', undefined, as.grantedAgent)).status).toBe(403);
    expect((await h.api('GET', '/api/settings/tags', undefined, as.grantedAgent)).status).toBe(403);
    expect(refused).toEqual([]);

    // Built-in roles in the user's language; a custom role as typed.
    await page.goto(`${h.server.url}/th/setting/users`);
    const roleOf = (name: RegExp) =>
      page.getByTestId('user-row').filter({ hasText: name }).locator('td').nth(1).textContent();
    await expect.poll(() => roleOf(/^Agent/)).toBe('เจ้าหน้าที่');
    expect(await roleOf(/^chatReader/)).toBe('chatReader');
    await expect.poll(menu).toEqual(['แดชบอร์ด', 'แชท', 'รายชื่อผู้ติดต่อ', 'รายงาน']);
    await page.close();

    // An agent with the role's defaults keeps spec 2's chat-only menu.
    const agent = await signIn(as.agent);
    await agent.page.waitForURL(`${h.server.url}/live`);
    await expect.poll(menuOf(agent.page)).toEqual(['Chat', 'Contact List']);
    expect(await agent.page.getByRole('button', { name: 'Settings' }).count()).toBe(0);
    await agent.page.close();
  });
});

describe('a role without chat access', () => {
  it('has no availability switch and makes no chat call the server refuses', async () => {
    const { page, refused } = await signIn(as.noChat);
    await page.waitForURL(`${h.server.url}/dashboard`);
    await page.locator('nav.left-menu').waitFor();
    expect(await page.getByTestId('availability').count()).toBe(0);
    for (const path of ['/contact-list', '/log', '/broadcast']) {
      await page.goto(`${h.server.url}${path}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(await page.locator('nav.left-menu').getByText('Chat', { exact: true }).count()).toBe(0);
    expect(refused).toEqual([]);
    await page.close();
  });
});

describe('a role that may only read chats', () => {
  it('reads and searches the chat without the actions the server would refuse', async () => {
    for (const prefix of ['', '/th']) {
      const { page, refused } = await signIn(as.chatReader, prefix);
      await openChat(page, prefix);
      const pane = page.getByTestId('message-pane');
      await pane.getByText('hello, I need help').waitFor();
      expect(await page.getByTestId('read-only-chat').textContent()).toBe(
        prefix
          ? 'บทบาทของคุณอ่านแชทได้ แต่ไม่สามารถตอบหรือเปลี่ยนแปลงแชทได้'
          : 'Your role may read chats but not answer or change them.',
      );
      expect(await pane.locator('.composer').count()).toBe(0);
      expect(await pane.locator('.chat-header-actions .action-button').allTextContents()).toEqual([
        prefix ? 'ส่งออก' : 'Export',
      ]);
      const sidebar = page
        .locator('.contact-sidebar, aside')
        .filter({ has: page.locator('.sidebar-section') });
      expect(await sidebar.locator('.sidebar-toggles').count()).toBe(0);
      expect(await sidebar.locator('.note-form').count()).toBe(0);
      expect(await sidebar.locator('.tag-form').count()).toBe(0);
      expect(await page.getByTestId('availability').count()).toBe(0);
      expect(refused).toEqual([]);
      await page.close();
    }
    // Searching and exporting read the chats: a read role may (POST only carries the query).
    const found = await h.api('POST', '/api/chat/search/name', { keyword: 'Somchai' }, as.chatReader);
    expect(found.status).toBe(200);
    expect(JSON.stringify(found.body)).toContain('Somchai Customer');
    expect((await h.api('POST', '/api/chat/search/message', { keyword: 'help' }, as.chatReader)).status).toBe(
      200,
    );
    const exported = await h.api(
      'POST',
      '/api/chat/export',
      { follower_id: followerId, type: 'txt' },
      as.chatReader,
    );
    expect(exported.status).not.toBe(403);
    // Acting stays refused.
    expect((await h.api('POST', '/api/chat/take', { followerId }, as.chatReader)).status).toBe(403);
    expect((await h.api('POST', '/api/note/create', { followerId, text: 'x' }, as.chatReader)).status).toBe(
      403,
    );
  });
});

describe('the inbox tags', () => {
  const tagChips = async (page: Page) =>
    page
      .getByRole('region', { name: 'Tags' })
      .locator('.tag-chip')
      .evaluateAll((chips) =>
        chips.map((c) => ({
          name: c.querySelector('.tag-name')?.textContent,
          remove: Boolean(c.querySelector('button')),
        })),
      );

  it('a role that may only read contacts sees the tags without controls', async () => {
    const { page, refused } = await signIn(as.noReports);
    await openChat(page);
    expect(await tagChips(page)).toEqual([
      { name: 'changeable', remove: false },
      { name: 'view-only', remove: false },
    ]);
    expect(await page.getByRole('region', { name: 'Tags' }).locator('.tag-form').count()).toBe(0);
    expect(refused).toEqual([]);
    await page.close();
    const tags = await h.api('GET', `/api/tag/getsystemtagsuser/${followerId}`, undefined, as.noReports);
    expect(tags.body.system_tags).toEqual([]);
  });

  it('a role that may change contacts may remove only the tags its entries let it change', async () => {
    const { page, refused } = await signIn(as.agent);
    await openChat(page);
    expect(await tagChips(page)).toEqual([
      { name: 'changeable', remove: true },
      { name: 'view-only', remove: false },
    ]);
    expect(await page.getByRole('region', { name: 'Tags' }).locator('.tag-form').count()).toBe(1);
    expect(refused).toEqual([]);
    await page.close();
  });
});
