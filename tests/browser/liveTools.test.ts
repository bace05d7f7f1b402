// Issue 4 in real Chromium, the inbox's tools one by one: the Chat menu's unread badge and the
// list's countdown badge, emoji (real data set, search, categories), stickers, saved replies
// (grouped and not), lightbox, upload cancel, tags, export (.xlsx), assign to agent and queue,
// agent availability, the contact sidebar; and issue 2's real token expiry signing out to the root.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveCustomerMessage } from '../../server/chat/inbound';
import { BRIEFLY, launchBrowser } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from '../helpers/server';
import { addAgent, chatRow, customerMessages, customerSays, newCustomer, signIn } from './liveHelpers';

const PNG_1x1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let server: TestServer;
let browser: Browser;
let owner: Awaited<ReturnType<typeof login>>;
let page: Page;
let customer: Awaited<ReturnType<typeof newCustomer>>;

const api = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: owner.headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};
const composer = () => page.getByRole('textbox', { name: 'Reply' });
const chatBadge = () => page.locator('.left-menu .menu-badge');

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  owner = await login(server.url);
  await addAgent(server.app, owner.accountId, { email: 'bee@example.com', name: 'Agent Bee' });
  customer = await newCustomer(server.url, owner.widgetId, 'Mali Tools');
  await customerSays(server.url, customer, 'Hello there');
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto(`${server.url}/live`);
  await page.waitForSelector('[data-testid="live-page"]');
  await chatRow(page, 'Mali Tools').waitFor({ timeout: 10_000 });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('inbox tools', () => {
  it('taking a chat pins it (counted in the header), shows its countdown, and the Chat badge counts its unread live', async () => {
    // Unassigned, but the owner may take it: a new customer badges the Chat menu at once.
    await expect.poll(() => chatBadge().textContent(BRIEFLY), { timeout: 8000 }).toBe('1');
    await chatRow(page, 'Mali Tools').click();
    await page.getByRole('button', { name: 'Take', exact: true }).click();
    await expect.poll(() => page.getByTestId('chat-count').textContent(BRIEFLY)).toBe('1 chat');
    await expect.poll(() => chatRow(page, 'Mali Tools').locator('[data-badge="countdown"]').count()).toBe(1);
    await expect.poll(() => chatBadge().textContent(BRIEFLY), { timeout: 8000 }).toBe('1');
    await customerSays(server.url, customer, 'Are you there?');
    await expect.poll(() => chatBadge().textContent(BRIEFLY), { timeout: 8000 }).toBe('2');
    await composer().fill('Yes, I am here.');
    await composer().press('Enter');
    await expect.poll(() => chatBadge().count(), { timeout: 8000 }).toBe(0);
    // A new customer while the inbox is open: nobody has the chat yet, and the badge says so live.
    await customerSays(server.url, await newCustomer(server.url, owner.widgetId, 'Niran New'), 'Hi?');
    await expect.poll(() => chatBadge().textContent(BRIEFLY), { timeout: 8000 }).toBe('1');
  });

  it('emoji: a real data set, searched by name and browsed by category', async () => {
    await page.getByRole('button', { name: 'Emoji' }).click();
    const search = page.getByRole('searchbox', { name: 'Search emoji' });
    await search.fill('grinning face');
    await page.getByRole('button', { name: 'grinning face', exact: true }).click();
    expect(await composer().inputValue()).toContain('😀');
    // The pick puts the caret back in the composer on the next frame; wait for it, or the
    // search's clearing below could land in the composer instead.
    await expect.poll(() => composer().evaluate((el) => el === document.activeElement)).toBe(true);
    // The picker stays open for more; without a search it shows the categories.
    await search.fill('');
    expect(await search.inputValue()).toBe('');
    await page.getByRole('tab', { name: 'Food & drink' }).click();
    expect(await page.getByRole('button', { name: 'steaming bowl' }).count()).toBe(1);
    expect(await page.getByTestId('emoji-grid').locator('button').count()).toBeGreaterThan(100);
    await page.keyboard.press('Escape');
    await composer().fill('');
  });

  it('the empty reply box is one line tall at both widths: its hint does not wrap, so typing does not make it jump', async () => {
    for (const width of [1440, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await composer().fill('');
      const empty = await composer().evaluate((el) => el.getBoundingClientRect().height);
      await composer().fill('a');
      const typed = await composer().evaluate((el) => el.getBoundingClientRect().height);
      expect(empty).toBe(typed);
    }
    await composer().fill('');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('stickers: LINE’s documented packages; one goes out as a sticker message', async () => {
    await page.getByRole('button', { name: 'Stickers' }).click();
    await page.getByRole('tab', { name: 'Sticker package 11537' }).click();
    await page.getByRole('button', { name: 'Sticker 52002735' }).click();
    await expect
      .poll(async () => {
        const follower = (await api('GET', '/api/chat/followers?chat_type=all')).body.chat_pin.data[0];
        const page20 = await api('GET', `/api/chat/messages?follower_id=${follower._id}&skip=0&limit=20`);
        return page20.body.list.at(-1)?.messages_sent?.[0];
      })
      .toEqual({ type: 'sticker', packageId: '11537', stickerId: '52002735' });
  });

  it('saved replies: grouped ones and those in no group are offered; one reaches the customer', async () => {
    const group = await api('POST', '/api/reply/group/create', { name: 'Shipping' });
    await api('POST', '/api/reply/message/create', {
      name: 'Tracking',
      group_id: group.body.group._id,
      items: [{ type: 'text', text: 'Your tracking number is on its way.' }],
    });
    await api('POST', '/api/reply/message/create', {
      name: 'Thanks',
      items: [{ type: 'text', text: 'Thank you for your order!' }],
    });
    await page.getByRole('button', { name: 'Saved replies' }).click();
    const picker = page.getByRole('dialog', { name: 'Saved replies' });
    await expect.poll(() => picker.getByRole('button').count()).toBe(2);
    expect(await picker.textContent()).toContain('Shipping');
    await picker.getByRole('button', { name: /Thanks/ }).click();
    await expect
      .poll(async () => (await customerMessages(server.url, customer)).map((m) => m.message ?? m.text))
      .toContain('Thank you for your order!');
  });

  it('an image opens in the lightbox and closes again', async () => {
    await receiveCustomerMessage(server.app.ctx, {
      channel: { id: owner.widgetId, accountId: owner.accountId, type: 'widget' },
      externalId: customer.visitorId,
      items: [
        {
          type: 'image',
          originalContentUrl: `data:image/png;base64,${PNG_1x1}`,
          previewImageUrl: `data:image/png;base64,${PNG_1x1}`,
        },
      ],
    });
    await page.getByRole('button', { name: 'Open image' }).last().click();
    await expect.poll(() => page.getByTestId('lightbox').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('lightbox').count()).toBe(0);
  });

  it('a file upload can be cancelled while it is sent, and nothing is stored', async () => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // A slow uplink, so the upload is still running when Cancel is pressed.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 64 * 1024,
    });
    const follower = (await api('GET', '/api/chat/followers?chat_type=all')).body.chat_pin.data[0];
    const before = (await api('GET', `/api/chat/messages?follower_id=${follower._id}&skip=0&limit=20`)).body
      .total_count;
    await page.getByTestId('attach-input').setInputFiles({
      name: 'report.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2_000_000, 32)]),
    });
    const row = page.locator('.upload', { hasText: 'report.pdf' });
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => row.getAttribute('data-state', { timeout: 500 })).toBe('cancel');
    expect(await row.textContent()).toContain('Operation canceled by the user.');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const after = (await api('GET', `/api/chat/messages?follower_id=${follower._id}&skip=0&limit=20`)).body
      .total_count;
    expect(after).toBe(before);
  });

  it('contact sidebar: tags are added and removed; the panel closes and opens', async () => {
    const sidebar = page.getByTestId('contact-sidebar');
    await expect.poll(() => sidebar.isVisible()).toBe(true);
    await sidebar.getByRole('combobox', { name: 'Add tag' }).fill('VIP');
    await sidebar.getByRole('button', { name: 'Add tag' }).click();
    await expect.poll(() => sidebar.locator('.tag-chip').allTextContents()).toEqual(['VIP×']);
    await sidebar.getByRole('button', { name: 'Remove tag VIP' }).click();
    await expect.poll(() => sidebar.locator('.tag-chip').count()).toBe(0);
    await sidebar.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => sidebar.count()).toBe(0);
    await page.getByRole('button', { name: 'Contact details' }).click();
    await expect.poll(() => page.getByTestId('contact-sidebar').isVisible()).toBe(true);
  });

  it('narrowed to 768 px, an open sidebar floats over the messages only: header buttons and reply box stay in reach', async () => {
    await expect.poll(() => page.getByTestId('contact-sidebar').isVisible()).toBe(true);
    await page.setViewportSize({ width: 768, height: 900 });
    // Each of these is the topmost element at its own centre, so a click reaches it.
    const reachable = () =>
      page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLElement>(
            '.chat-header button, .composer textarea, .composer button',
          ),
          ...document.querySelectorAll<HTMLElement>('.contact-sidebar .sidebar-head button'),
        ]
          .filter((el) => el.getBoundingClientRect().width > 0)
          .map((el) => {
            const r = el.getBoundingClientRect();
            const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return `${el.getAttribute('aria-label') ?? el.textContent?.trim()}: ${el.contains(top)}`;
          }),
      );
    await expect.poll(reachable).not.toContainEqual(expect.stringMatching(/: false$/));
    const found = await reachable();
    for (const name of ['Contact details: true', 'Export: true', 'Reply: true', 'Send: true', 'Close: true'])
      expect(found).toContain(name);
    // The header's Contact details button closes it again.
    await page.getByRole('button', { name: 'Contact details' }).click();
    await expect.poll(() => page.getByTestId('contact-sidebar').count()).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Contact details' }).click();
    await expect.poll(() => page.getByTestId('contact-sidebar').isVisible()).toBe(true);
  });

  it('export downloads the chat as an .xlsx over the default range', async () => {
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export chat' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 2).toString()).toBe('PK');
  });

  it('assigns to another agent, then to a queue', async () => {
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Assign chat' })
      .getByRole('button', { name: /Agent Bee/ })
      .click();
    const header = page.locator('.chat-header');
    await expect.poll(() => header.textContent(BRIEFLY)).toContain('Assigned: Agent Bee');
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign chat' });
    await dialog.getByRole('tab', { name: 'Queue' }).click();
    await dialog.getByRole('button', { name: 'General' }).click();
    await expect.poll(() => header.textContent(BRIEFLY)).not.toContain('Assigned: Agent Bee');
    expect(await header.locator('[data-badge="queue"]').textContent()).toBe('General');
  });

  it('availability: away is told to the server', async () => {
    await page.getByTestId('availability').selectOption('away');
    await expect
      .poll(async () => {
        const master = await api('GET', '/api/masterdata/chat');
        return master.body.agents.find((a: { value: string }) => a.value === owner.user._id)?.chat_status;
      })
      .toBe('away');
  });
});

describe('a real expired token', () => {
  let short: TestServer;
  beforeAll(async () => {
    short = await startServer({ sessionTtlMs: 6000 });
  });
  afterAll(() => short?.close());

  it('logs the console out to the root with Token_Expired', async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const p = await context.newPage();
    const expired: string[] = [];
    // Read as it passes: the console then loads the sign-in page again, and a response's body
    // cannot be read after its page has gone.
    await p.route('**/api/**', async (route) => {
      const res = await route.fetch();
      if (res.status() === 401)
        expired.push(((await res.json().catch(() => ({}))) as { message?: string }).message ?? '');
      await route.fulfill({ response: res });
    });
    await signIn(p, short.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    // Only to the commit: on a slow machine the token may already expire before the load event.
    await p.goto(`${short.url}/live`, { waitUntil: 'commit' });
    await p.waitForSelector('[data-testid="live-page"]');
    // Nothing to click: when the token expires the server ends the console's socket, the console
    // asks who it is, hears Token_Expired, and signs out to the root.
    await p.waitForURL(`${short.url}/`, { timeout: 15_000 });
    await expect.poll(() => p.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(expired).toContain('Token_Expired');
    await context.close();
  });
});
