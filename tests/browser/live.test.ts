// Issue 4 in real Chromium: two agents and a customer hold a conversation through the server.
// The customer writes through the widget channel's endpoint; both inboxes show it live; one agent
// takes it and the other sees it assigned; the reply reaches the customer (stored, and emitted on
// the widget namespace); the chat list and message pane follow spec 4's rules on the way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_EVENTS } from '../../core/realtime/events';
import { createWidgetSocket } from '../../core/realtime/widgetSocket';
import { receiveCustomerMessage } from '../../server/chat/inbound';
import { BRIEFLY, launchBrowser } from '../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from '../helpers/server';
import {
  AGENT_PASSWORD,
  addAgent,
  chatRow,
  customerMessages,
  customerSays,
  newCustomer,
  signIn,
} from './liveHelpers';

let server: TestServer;
let browser: Browser;
let owner: Awaited<ReturnType<typeof login>>;
let contexts: BrowserContext[] = [];
/** Files made for uploads, removed at the end. */
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'live-upload-'));
let pageA: Page;
let pageB: Page;

async function openInbox(email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, server.url, email, password);
  await page.goto(`${server.url}/live`);
  await page.waitForSelector('[data-testid="live-page"]');
  return page;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  owner = await login(server.url);
  await addAgent(server.app, owner.accountId, { email: 'agent.b@example.com', name: 'Agent Bee' });
  pageA = await openInbox(ADMIN_EMAIL, ADMIN_PASSWORD);
  pageB = await openInbox('agent.b@example.com', AGENT_PASSWORD);
});

afterAll(async () => {
  fs.rmSync(uploads, { recursive: true, force: true });
  for (const c of contexts) await c.close();
  contexts = [];
  await browser?.close();
  await server?.close();
});

describe('live inbox with two agents and a customer', () => {
  it('starts with the empty inbox in both consoles', async () => {
    for (const page of [pageA, pageB]) {
      await expect.poll(() => page.getByTestId('list-empty').isVisible()).toBe(true);
      expect(await page.locator('h1:visible').textContent()).toBe('Chat');
    }
  });

  it('shows a customer message in both inboxes, one agent takes it, the other sees it assigned, the reply reaches the customer', async () => {
    const customer = await newCustomer(server.url, owner.widgetId, 'Dara Customer');
    const widgetSocket = createWidgetSocket(server.url, {
      widget_id: owner.widgetId,
      session_id: customer.sessionId,
    });
    const heard: string[] = [];
    widgetSocket.on(WIDGET_EVENTS.NEW_MESSAGE, (m) => heard.push(String(m.message ?? '')));
    widgetSocket.connect();

    await customerSays(server.url, customer, 'Hello, where is my parcel?');
    for (const page of [pageA, pageB]) {
      await expect.poll(() => chatRow(page, 'Dara Customer').count(), { timeout: 10_000 }).toBe(1);
      expect(await chatRow(page, 'Dara Customer').textContent()).toContain('Hello, where is my parcel?');
      expect(await chatRow(page, 'Dara Customer').locator('[data-badge="unread"]').textContent()).toBe('1');
    }

    // Agent A opens and takes the chat.
    await chatRow(pageA, 'Dara Customer').click();
    await expect
      .poll(() => pageA.getByTestId('messages').textContent(BRIEFLY))
      .toContain('Hello, where is my parcel?');
    await pageA.getByRole('button', { name: 'Take', exact: true }).click();
    await expect.poll(() => pageA.getByRole('button', { name: 'Take', exact: true }).count()).toBe(0);
    // Agent B sees it assigned to A (a live update of one row), and it is pinned for A.
    await expect
      .poll(() => chatRow(pageB, 'Dara Customer').locator('[data-badge="assigned"]').textContent(BRIEFLY), {
        timeout: 10_000,
      })
      .toBe('Assigned: Owner');
    await expect.poll(() => pageA.locator('.chat-list-header').first().textContent(BRIEFLY)).toBe('Pinned');

    // A replies; the message shows at once and is confirmed by its temp id, once.
    const input = pageA.getByLabel('Reply', { exact: true });
    await input.fill('It left our warehouse today.');
    await input.press('Enter');
    const sent = pageA.locator('.message.out', { hasText: 'It left our warehouse today.' });
    await expect.poll(() => sent.getAttribute('data-state', BRIEFLY)).toBe('sent');
    expect(await sent.count()).toBe(1);
    expect(await input.inputValue()).toBe('');

    // It reached the customer: stored for the widget and emitted on the widget namespace.
    await expect
      .poll(async () => (await customerMessages(server.url, customer)).map((m) => m.message))
      .toContain('It left our warehouse today.');
    await expect.poll(() => heard).toContain('It left our warehouse today.');
    widgetSocket.close();

    // The customer answers: A sees it in the open chat, B sees the row's preview change.
    await customerSays(server.url, customer, 'Great, thanks!');
    await expect.poll(() => pageA.getByTestId('messages').textContent(BRIEFLY)).toContain('Great, thanks!');
    await expect.poll(() => chatRow(pageB, 'Dara Customer').textContent(BRIEFLY)).toContain('Great, thanks!');
    expect(await pageA.locator('.message', { hasText: 'Great, thanks!' }).count()).toBe(1);
  });

  it('never sends blank text and keeps customer text as text', async () => {
    const customer = await newCustomer(server.url, owner.widgetId, 'Mallory <b>Bold</b>');
    await customerSays(server.url, customer, '<img src=x onerror="window.__xss=1"> hi');
    await expect.poll(() => chatRow(pageA, 'Mallory').count(), { timeout: 10_000 }).toBe(1);
    await chatRow(pageA, 'Mallory').click();
    const bubble = pageA.locator('.message.in .item-text', { hasText: 'onerror' });
    await expect.poll(() => bubble.textContent(BRIEFLY)).toBe('<img src=x onerror="window.__xss=1"> hi');
    expect(await pageA.locator('.message-rows img[src="x"]').count()).toBe(0);
    expect(await pageA.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    const input = pageA.getByLabel('Reply', { exact: true });
    await input.fill('   \n  ');
    expect(await pageA.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    await input.press('Enter');
    expect(await pageA.locator('.message.out').count()).toBe(0);
  });

  it('finds chats by name and by message, and says so when nothing matches', async () => {
    const search = pageB.getByLabel('Search chats');
    await search.fill('Dara');
    await expect
      .poll(() => pageB.getByTestId('search-results').textContent(BRIEFLY))
      .toContain('Dara Customer');
    await pageB.getByRole('button', { name: 'Message', exact: true }).click();
    await search.fill('warehouse');
    await expect
      .poll(() => pageB.getByTestId('search-results').textContent(BRIEFLY))
      .toContain('It left our warehouse today.');
    await search.fill('zzzz-nothing');
    await expect.poll(() => pageB.getByTestId('search-empty').isVisible()).toBe(true);
    await search.fill('');
    await expect.poll(() => chatRow(pageB, 'Dara Customer').count()).toBe(1);
  });

  it('filters by chat type: closing a chat moves it from the inbox to done', async () => {
    await chatRow(pageA, 'Dara Customer').click();
    await pageA.getByTestId('message-pane').getByRole('button', { name: 'Close chat', exact: true }).click();
    await expect.poll(() => pageA.getByTestId('pane-empty').isVisible()).toBe(true);
    // Spec 4: the live update drops it from the inbox in both consoles.
    for (const page of [pageA, pageB])
      await expect.poll(() => chatRow(page, 'Dara Customer').count(), { timeout: 10_000 }).toBe(0);
    await pageB.getByTestId('chat-type-filter').selectOption('done');
    await expect.poll(() => chatRow(pageB, 'Dara Customer').count()).toBe(1);
    expect(await chatRow(pageB, 'Dara Customer').locator('[data-badge="done"]').textContent()).toBe('Done');
    // Taking a done chat starts a new live chat for the taker: it leaves 'done' and is pinned in B's inbox.
    await chatRow(pageB, 'Dara Customer').click();
    await pageB.getByRole('button', { name: 'Take', exact: true }).click();
    await expect.poll(() => chatRow(pageB, 'Dara Customer').count()).toBe(0);
    await pageB.getByTestId('chat-type-filter').selectOption('inbox');
    await expect.poll(() => pageB.locator('.chat-list-header').first().textContent(BRIEFLY)).toBe('Pinned');
    expect(await chatRow(pageB, 'Dara Customer').locator('[data-badge="assigned"]').textContent()).toBe(
      'Assigned: Agent Bee',
    );
    await expect
      .poll(() => chatRow(pageA, 'Dara Customer').locator('[data-badge="assigned"]').textContent(BRIEFLY), {
        timeout: 10_000,
      })
      .toBe('Assigned: Agent Bee');
  });

  it('keeps notes clamped to three lines with show more / show less', async () => {
    await chatRow(pageA, 'Mallory').click();
    const long = Array.from({ length: 8 }, (_, i) => `Line ${i + 1} of a long note`).join('\n');
    await pageA.getByLabel('Add note').fill(long);
    await pageA.getByRole('button', { name: 'Add note' }).click();
    const note = pageA.getByTestId('note').first();
    await expect.poll(() => note.getByRole('button', { name: 'Show more' }).isVisible()).toBe(true);
    const clamped = await note.locator('.note-text').boundingBox();
    await note.getByRole('button', { name: 'Show more' }).click();
    const open = await note.locator('.note-text').boundingBox();
    expect(open?.height ?? 0).toBeGreaterThan((clamped?.height ?? 0) * 2);
    await note.getByRole('button', { name: 'Show less' }).click();
  });

  it('sends a file with progress and refuses a file type the chat does not allow', async () => {
    await chatRow(pageA, 'Mallory').click();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mP8z8DwnwEJMDIwMDAwAAAzBAH/1K4AUwAAAABJRU5ErkJggg==',
      'base64',
    );
    await pageA.getByTestId('attach-input').setInputFiles([
      { name: 'receipt.png', mimeType: 'image/png', buffer: png },
      { name: 'archive.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') },
    ]);
    await expect
      .poll(() => pageA.getByRole('alert').first().textContent(BRIEFLY))
      .toContain('Not allow file type');
    const sent = pageA.locator('.message.out', { has: pageA.locator('.item-image') });
    await expect.poll(() => sent.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => sent.getAttribute('data-state', BRIEFLY), { timeout: 10_000 }).toBe('sent');
    expect(await sent.locator('.item-image img').getAttribute('src')).toMatch(/^(https?:\/\/|\/)/);
  });

  it('loads older messages 20 at a time', async () => {
    // Straight through the server's inbound path: the widget endpoint limits how fast one visitor writes.
    const channel = { id: owner.widgetId, accountId: owner.accountId, type: 'widget' as const };
    for (let i = 1; i <= 25; i++)
      await receiveCustomerMessage(server.app.ctx, {
        channel,
        externalId: 'chatty-visitor',
        profile: { name: 'Chatty Customer' },
        items: [{ type: 'text', text: `Chatty message ${i}` }],
      });
    await expect.poll(() => chatRow(pageA, 'Chatty Customer').count(), { timeout: 10_000 }).toBe(1);
    await chatRow(pageA, 'Chatty Customer').click();
    const bubbles = pageA.locator('.message.in .item-text');
    await expect.poll(() => bubbles.count()).toBe(20);
    expect(await bubbles.first().textContent()).toBe('Chatty message 6');
    // dispatchEvent, not click(): scrolling the button into view would itself load the older page.
    await pageA.getByRole('button', { name: 'Load older messages' }).dispatchEvent('click');
    await expect.poll(() => bubbles.count()).toBe(25);
    expect(await bubbles.first().textContent()).toBe('Chatty message 1');
    await expect.poll(() => pageA.getByText('Start of the conversation').isVisible()).toBe(true);
  });

  it('works in Thai at 768 px: the list, then the open chat with a way back', async () => {
    const context = await browser.newContext({ viewport: { width: 768, height: 1024 } });
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, server.url, 'agent.b@example.com', AGENT_PASSWORD);
    await page.goto(`${server.url}/th/live`);
    await expect.poll(() => page.locator('h1:visible').textContent(BRIEFLY)).toBe('แชท');
    await expect.poll(() => page.getByLabel('ค้นหาแชท').isVisible()).toBe(true);
    await chatRow(page, 'Chatty Customer').click();
    await expect.poll(() => page.getByTestId('message-pane').isVisible()).toBe(true);
    expect(await page.locator('.chat-list-panel').isVisible()).toBe(false);
    expect(await page.getByLabel('ตอบกลับ', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'กลับไปที่รายการแชท' }).click();
    await expect.poll(() => page.locator('.chat-list-panel').isVisible()).toBe(true);
  });

  it("spec 8 in Thai: the file warnings under their title with the limits, and a cancelled file's words", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    // The send is held back long enough to cancel it.
    await page.route('**/api/chat/send/file', async (route) => {
      await new Promise((r) => setTimeout(r, 10_000));
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${server.url}/th/live`);
    await chatRow(page, 'Chatty Customer').click();
    // One byte over the 50 MB limit, as a sparse file given by path: Chromium reads it from disk.
    // Given as a buffer, Playwright sends its 67 MB of base64 over the protocol, which took more
    // than 30 s on a busy 2-core machine.
    const setup = path.join(uploads, 'setup.exe');
    const huge = path.join(uploads, 'huge.pdf');
    fs.writeFileSync(setup, 'MZ');
    fs.writeFileSync(huge, '');
    fs.truncateSync(huge, 50_000_001);
    await page.getByTestId('attach-input').setInputFiles([setup, huge]);
    const alert = page.getByRole('alert').filter({ hasText: 'setup.exe' });
    await expect.poll(() => alert.textContent(BRIEFLY)).toContain('เกิดข้อผิดพลาด');
    const text = (await alert.textContent()) ?? '';
    expect(text).toContain('setup.exe — ไม่อนุญาตให้ใช้ไฟล์ประเภทนี้');
    expect(text).toContain('huge.pdf — ไฟล์มีขนาดใหญ่เกินไป');
    expect(text).toContain('รูปภาพ 10 MB, วิดีโอ 50 MB, เอกสาร 50 MB, ครั้งละไม่เกิน 5 ไฟล์');
    expect(text).not.toMatch(/Something's wrong|Not allow|Too large/);

    await page
      .getByTestId('attach-input')
      .setInputFiles([
        { name: 'quote.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
      ]);
    const row = page.locator('.upload', { hasText: 'quote.pdf' });
    await row.getByRole('button', { name: 'ยกเลิก' }).click();
    await expect.poll(() => row.getAttribute('data-state', BRIEFLY)).toBe('cancel');
    expect(await row.locator('.upload-state').textContent()).toBe('ผู้ใช้ยกเลิกการทำงาน');
  });

  it('keeps the inbox as it was while another screen shows: back from the contacts, the list is where it was scrolled', async () => {
    const channel = { id: owner.widgetId, accountId: owner.accountId, type: 'widget' as const };
    for (let i = 1; i <= 25; i++)
      await receiveCustomerMessage(server.app.ctx, {
        channel,
        externalId: `kept-visitor-${i}`,
        profile: { name: `Kept Customer ${i}` },
        items: [{ type: 'text', text: `Kept message ${i}` }],
      });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const menu = (to: string) => page.locator(`.left-menu a[href$="${to}"]`);
    await menu('/live').click();
    await chatRow(page, 'Kept Customer 25').waitFor();
    const list = page.getByTestId('chat-list');
    await list.evaluate((el) => {
      el.scrollTop = 900;
    });
    await expect.poll(() => chatRow(page, 'Kept Customer 25').count()).toBe(0);

    await menu('/contact-list').click();
    await page.locator('main h1:visible', { hasText: 'Contact List' }).waitFor();
    expect(await page.getByTestId('live-page').isVisible()).toBe(false);
    await menu('/live').click();
    await page.getByTestId('live-page').waitFor();
    expect(await list.evaluate((el) => el.scrollTop)).toBe(900);
    expect(await chatRow(page, 'Kept Customer 25').count()).toBe(0);
    expect(await page.locator('.chat-item:visible').count()).toBeGreaterThan(5);
  });

  it('keeps the inbox out of the way while hidden: the other screen keeps its padding and its clicks, the keyboard leaves the reply box, and the list is fetched afresh on return', async () => {
    const customer = await newCustomer(server.url, owner.widgetId, 'Hidden Inbox Customer');
    await customerSays(server.url, customer, 'Are you there?');
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const main = page.locator('main#main');
    const padding = () => main.evaluate((el) => getComputedStyle(el).paddingLeft);
    const before = await padding();
    expect(before).not.toBe('0px');

    await page.locator('.left-menu a[href$="/live"]').click();
    await chatRow(page, 'Hidden Inbox Customer').click();
    const reply = page.getByLabel('Reply', { exact: true });
    await reply.fill('half a reply');
    await reply.focus();
    // Back to the dashboard by the browser's history: no click moves the focus on the way.
    await page.goBack();
    await page.waitForURL(/\/dashboard$/);
    await page.locator('main h1:visible').first().waitFor();
    expect(await page.locator('.inbox-kept').getAttribute('class')).toContain('away');
    expect(await page.getByTestId('live-page').isVisible()).toBe(false);
    expect(await page.getByRole('textbox', { name: 'Reply', exact: true }).count()).toBe(0);
    // The inbox lies under the dashboard, which keeps its own padding and takes the clicks.
    expect(await padding()).toBe(before);
    const hit = await main.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const at = document.elementFromPoint(box.left + box.width / 2, box.top + 40);
      return { inMain: el.contains(at), inInbox: Boolean(at?.closest('.inbox-kept')) };
    });
    expect(hit).toEqual({ inMain: true, inInbox: false });
    // The keyboard is the dashboard's: typing and Space neither write in the reply box nor scroll
    // the hidden chat list (the browser scrolls the last place clicked).
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.keyboard.type('typed on the dashboard');
    await page.keyboard.press('PageDown');
    expect(await page.getByTestId('chat-list').evaluate((el) => el.scrollTop)).toBe(0);

    // Meanwhile a customer writes; on return the list shows it, and the reply box kept its draft.
    const late = await newCustomer(server.url, owner.widgetId, 'Came While Away');
    await customerSays(server.url, late, 'Hello from while you were away');
    let listCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/chat/followers')) listCalls++;
    });
    await page.locator('.left-menu a[href$="/live"]').click();
    await chatRow(page, 'Came While Away').waitFor();
    expect(await reply.inputValue()).toBe('half a reply');
    await expect.poll(() => listCalls, BRIEFLY).toBeGreaterThan(0);
  });
});
