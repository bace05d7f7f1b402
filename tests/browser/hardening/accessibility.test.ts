// Issue 14, accessibility: axe-core in Chromium finds no serious or critical violation on the sign-in
// page, the inbox, the contact list, the broadcast composer, the template list and the open
// widget, in English and Thai; and the widget and the inbox work by keyboard alone.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure } from '../../hardening/figures';
import { BRIEFLY, launchBrowser } from '../../helpers/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from '../../helpers/server';
import { customerSays, newCustomer, signIn } from '../liveHelpers';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let auditContext: BrowserContext;

/** The widget's text box: inside the chat-widget root, then the chat box's own shadow root. */
const WIDGET_TEXTAREA = () =>
  document
    .querySelector('chat-widget')
    ?.shadowRoot?.querySelector('chat-widget-box')
    ?.shadowRoot?.querySelector('textarea') ?? null;
let owner: Awaited<ReturnType<typeof login>>;

interface Found {
  page: string;
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}
const found: Found[] = [];

async function audit(page: Page, name: string, include?: string) {
  await page.addScriptTag({ content: AXE });
  const results = await page.evaluate(async (selector) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page.
    const axe = (window as any).axe;
    const r = await axe.run(selector ? { include: [[selector]] } : document, {
      resultTypes: ['violations'],
    });
    return r.violations.map(
      (v: { id: string; impact: string; help: string; nodes: { target: unknown[] }[] }) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)),
      }),
    );
  }, include ?? null);
  for (const v of results as Omit<Found, 'page'>[])
    if (v.impact === 'serious' || v.impact === 'critical') found.push({ page: name, ...v });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  owner = await login(server.url);
  const customer = await newCustomer(server.url, owner.widgetId, 'Keyboard Customer');
  await customerSays(server.url, customer, 'Hello, I only use a keyboard');
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // axe is injected as an inline script, which the console's CSP rightly refuses: this context only.
  auditContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
}, 90_000);

afterAll(async () => {
  await context?.close();
  await auditContext?.close();
  await browser?.close();
  await server?.close();
});

const PAGES: [string, string][] = [
  ['/live', '[data-testid="live-page"]'],
  ['/contact-list', 'main h1:visible'],
  ['/broadcast/create', 'main h1:visible'],
  ['/message-template', 'main h1:visible'],
];

describe('axe-core: no serious or critical violations (issue 14)', () => {
  it('on the console pages and the widget, in English and Thai', async () => {
    const page = await auditContext.newPage();
    for (const locale of ['', '/th']) {
      await page.goto(`${server.url}${locale || '/'}`);
      await page.waitForSelector('form');
      await audit(page, `${locale}/ (sign-in)`);
    }
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const locale of ['', '/th'])
      for (const [path, ready] of PAGES) {
        await page.goto(`${server.url}${locale}${path}`);
        await page.waitForSelector(ready, { timeout: 15_000 });
        await page.waitForTimeout(500);
        await audit(page, `${locale}${path}`);
      }
    // The inbox with a conversation open.
    await page.goto(`${server.url}/live`);
    await page.locator('.chat-item').first().click();
    await page.waitForTimeout(800);
    await audit(page, '/live (chat open)');

    for (const locale of ['en', 'th']) {
      const widget = await auditContext.newPage();
      await widget.goto(`${server.url}${locale === 'th' ? '/th' : ''}/widget/${owner.widgetId}`);
      await widget.waitForFunction(WIDGET_TEXTAREA, null, { timeout: 15_000 });
      await widget.waitForTimeout(500);
      await audit(widget, `widget (${locale})`);
      await widget.close();
    }
    figure('axe serious/critical violations', found.length, found.length ? 'see the failure below' : 'none');
    expect(found, JSON.stringify(found, null, 1)).toEqual([]);
  }, 120_000);
});

describe('keyboard alone', () => {
  it('opens the widget launcher, writes and sends a message with keys only', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/demo/`);
    await page.waitForFunction(() =>
      document.querySelector('chat-widget')?.shadowRoot?.querySelector('button'),
    );
    // Tab until the launcher (inside the widget's shadow root) has focus, then Enter.
    let onLauncher = false;
    for (let i = 0; i < 40 && !onLauncher; i++) {
      await page.keyboard.press('Tab');
      onLauncher = await page.evaluate(
        () =>
          document.activeElement?.tagName.toLowerCase() === 'chat-widget' &&
          document.activeElement.shadowRoot?.activeElement?.classList.contains('launcher') === true,
      );
    }
    expect(onLauncher).toBe(true);
    await page.keyboard.press('Enter');
    // Focus moves into the chat box; type and send with Enter.
    await page.waitForFunction(WIDGET_TEXTAREA, null, { timeout: 15_000 });
    let inInput = false;
    for (let i = 0; i < 30 && !inInput; i++) {
      inInput = await page.evaluate(() => {
        const root = document.querySelector('chat-widget')?.shadowRoot;
        const deep = (r: ShadowRoot | null | undefined): Element | null => {
          const a = r?.activeElement ?? null;
          return a?.shadowRoot ? deep(a.shadowRoot) : a;
        };
        return deep(root)?.tagName.toLowerCase() === 'textarea';
      });
      if (!inInput) await page.keyboard.press('Tab');
    }
    expect(inInput).toBe(true);
    await page.keyboard.type('Typed with the keyboard only');
    await page.keyboard.press('Enter');
    await expect
      .poll(
        async () =>
          page.evaluate(
            () =>
              document.querySelector('chat-widget')?.shadowRoot?.querySelector('chat-widget-box')?.shadowRoot
                ?.textContent ?? '',
          ),
        {
          timeout: 10_000,
        },
      )
      .toContain('Typed with the keyboard only');
    await page.close();
  });

  it('works the inbox with keys only: reach a chat, open it, write a reply and send it', async () => {
    const page = await context.newPage();
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/live`);
    await page.waitForSelector('.chat-item');
    let onChat = false;
    for (let i = 0; i < 80 && !onChat; i++) {
      await page.keyboard.press('Tab');
      onChat = await page.evaluate(() => Boolean(document.activeElement?.closest('.chat-item')));
    }
    expect(onChat).toBe(true);
    await page.keyboard.press('Enter');
    let inComposer = false;
    for (let i = 0; i < 80 && !inComposer; i++) {
      await page.keyboard.press('Tab');
      inComposer = await page.evaluate(() => document.activeElement?.tagName.toLowerCase() === 'textarea');
    }
    expect(inComposer).toBe(true);
    await page.keyboard.type('Answered by keyboard');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await page.locator('main').textContent(BRIEFLY)) ?? '', { timeout: 10_000 })
      .toContain('Answered by keyboard');
    await page.close();
  });
});
